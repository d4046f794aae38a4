/**
 * Who keeps a long job going once a slice ends (PRODUCT.md, "Who drives a long job"):
 * - the open sidebar calls again at once: the fast path;
 * - a script bound to one spreadsheet chains one-off triggers about a minute apart;
 * - a published add-on may run a time-driven trigger at most hourly: the slow fallback that
 *   finishes a job after the sidebar was closed;
 * - a direct call from another script returns after its slice and leaves the rest to triggers.
 * The engine never creates triggers itself; src/gas carries out this plan.
 */
export type Driver = 'sidebar' | 'trigger' | 'direct';

export interface ContinuationInput {
  moreWork: boolean;
  driver: Driver;
  publishedAddon: boolean;
  now: number;
  /** The slice's `nextRunAt`: continuing earlier is useless (e.g. the pacer is blocked). */
  nextRunAt?: number;
  /** The slice found another driver working (runSlice returned busy). */
  busy?: boolean;
}

export interface ContinuationPlan {
  /** The sidebar should call the engine again (after `callAgainInMs`). */
  callAgain: boolean;
  callAgainInMs?: number;
  /** Make sure a time-driven trigger will run crmRunJobs at or after this instant. */
  scheduleTriggerAt?: number;
  /** `one-off` in a bound script; `hourly` (a recurring trigger) in a published add-on. */
  trigger?: 'one-off' | 'hourly';
}

/**
 * A bound script asks for the next one-off trigger soon after a slice ends: every second
 * between two executions is request budget left unused. Apps Script adds its own latency
 * to `after()`, so asking for less than this buys nothing.
 */
export const BOUND_TRIGGER_DELAY_MS = 10_000;
/**
 * While an open sidebar drives, the trigger is only a fallback for when the sidebar stops
 * calling, so it is armed past the end of the sidebar's next execution (6 minutes at most) and
 * of the driver lease it may die holding (each slice re-arms it).
 */
export const SIDEBAR_FALLBACK_DELAY_MS = 6.5 * 60_000;
export const ADDON_TRIGGER_INTERVAL_MS = 60 * 60_000;
/** How long an open sidebar waits before asking again while another driver holds the lock. */
export const BUSY_POLL_MS = 5_000;

export function continuationPlan(input: ContinuationInput): ContinuationPlan {
  const { moreWork, driver, publishedAddon, now, nextRunAt, busy = false } = input;
  if (!moreWork && !busy) return { callAgain: false };

  // The trigger is scheduled even when the sidebar drives, so closing it never strands a job.
  const boundDelay = driver === 'sidebar' ? SIDEBAR_FALLBACK_DELAY_MS : BOUND_TRIGGER_DELAY_MS;
  const triggerDelay = publishedAddon ? ADDON_TRIGGER_INTERVAL_MS : boundDelay;
  const scheduleTriggerAt = Math.max(now + triggerDelay, nextRunAt ?? now);
  const trigger = publishedAddon ? 'hourly' : 'one-off';

  if (driver === 'sidebar') {
    const wait = busy ? BUSY_POLL_MS : Math.max(0, (nextRunAt ?? now) - now);
    return { callAgain: true, callAgainInMs: wait, scheduleTriggerAt, trigger };
  }
  return { callAgain: false, scheduleTriggerAt, trigger };
}

/**
 * How late one one-off trigger of a chain was (ms): when it fired, or, `unfired`, how long past
 * its due it was deleted without having fired (a chain replaced once another trigger worked):
 * it would have come later than that.
 */
export interface LatenessSample {
  ms: number;
  unfired?: boolean;
}
/**
 * Samples kept: a chain's first trigger to work replaces the others, so a cycle adds one or two
 * that fired and a few that did not.
 */
export const LATENESS_HISTORY = 40;
/** Fewer fired samples than this and the chain assumes lateness spread evenly over 0–60 s. */
const MIN_LATENESS_SAMPLES = 5;
const ASSUMED_LATENESS_MS = [0, 6, 12, 18, 24, 30, 36, 42, 48, 54, 60].map((s) => s * 1_000);
/** `after()` takes whole milliseconds from now; less than a second ahead buys nothing. */
const MIN_TRIGGER_AHEAD_MS = 1_000;
/** Two dues closer than this are one: a second trigger there only costs an execution. */
const SAME_DUE_MS = 3_000;
/** The backup trigger is due this long after the earliest lateness seen. */
const BACKUP_AFTER_MS = 5_000;

/**
 * The early triggers' leads, as quantiles of the lateness seen. A chain is armed when its
 * execution ends, 40–58 s before the slots free, so most leads are cut to "now" and each
 * trigger is a fresh draw of the lateness: with 0–60 s lateness one lands in the 20 s allowance
 * to sleep (TRIGGER_MAX_WAIT_MS) a third of the time. Three leads missed it a third of the
 * cycles, and a miss costs 20–30 s of the key's budget (issue 30); six miss it 1 in 6, and each
 * extra trigger that comes early costs about a second of runtime (continuation.test.ts).
 */
const LEAD_QUANTILES = [0.9, 0.75, 0.6, 0.45, 0.3, 0.15];

/**
 * The lateness quantiles `ps` of the samples, counting the unfired ones (Kaplan–Meier): only
 * the triggers that fire before the chain is replaced can tell how late they were, and those
 * are the early ones, so the fired samples alone said 0–60 s lateness was about 0–35 s and the
 * chain armed its triggers too close to its target (issue 30: 52 requests a minute, 57–58 once
 * the unfired ones count). A quantile the samples never reach lies between the last fired sample and the latest. With only
 * fired samples this is the sample at index ⌊p·n⌋ of the sorted ones.
 */
export function latenessQuantiles(
  samples: readonly LatenessSample[],
  ps: readonly number[],
): number[] {
  const sorted = samples
    .map((s) => ({ ms: Math.max(0, s.ms), unfired: s.unfired === true }))
    // At a tie a fired sample goes first: the unfired one was still waiting then.
    .sort((a, b) => a.ms - b.ms || Number(a.unfired) - Number(b.unfired));
  const steps: Array<{ ms: number; share: number }> = [];
  let survive = 1;
  sorted.forEach((s, i) => {
    if (s.unfired) return;
    survive *= 1 - 1 / (sorted.length - i);
    steps.push({ ms: s.ms, share: 1 - survive });
  });
  const latest = sorted[sorted.length - 1]?.ms ?? 0;
  const last = steps[steps.length - 1] ?? { ms: 0, share: 0 };
  return ps.map(
    (p) =>
      steps.find((step) => step.share > p + 1e-9)?.ms ??
      // Beyond the last fired sample only unfired ones say more: spread evenly up to the
      // latest, rather than every such quantile on it (their triggers would be merged).
      Math.round(
        last.ms + ((latest - last.ms) * (p - last.share)) / Math.max(1e-9, 1 - last.share),
      ),
  );
}

/**
 * When to arm the one-off triggers that continue a job whose next batch can leave at `target`
 * (a bound script, nobody watching). One-off triggers fire late by an amount Apps Script does
 * not document ("approximately", https://developers.google.com/apps-script/reference/script/clock-trigger-builder#after(Integer)),
 * so a trigger armed for `target` starts on average half a minute after it, and a send that
 * works one budget of 60 a minute loses a third of its rate. Arming early by the expected
 * lateness instead makes the execution start before the slots free about half the time, and
 * sleeping through that costs trigger runtime (the scarcest quota). So up to seven triggers are
 * armed, from the lateness this person's triggers showed (`lateness`, ms, newest last):
 * - at `target` − the LEAD_QUANTILES of that lateness: the first to arrive
 *   within a few seconds of `target` works; one that comes too early ends at once (about a
 *   second of runtime) and leaves the others armed;
 * - at `target` − the least lateness + 5 s: a backup for when all arrive late (a long tail).
 * The first that finds a batch's worth of slots free within a few seconds works; the others
 * find the work done or under way and end at once. Simulated over uniform 0–60 s and long-tail
 * lateness this keeps a send at 51–56 requests a minute with 3–4 minutes of trigger runtime per
 * 1,000 rows (`npm run bench`), where one trigger at `target` gave 40.
 */
export function oneOffChainDues(
  target: number,
  now: number,
  lateness: readonly LatenessSample[],
): number[] {
  const fired = lateness.filter((s) => !s.unfired).length;
  const samples =
    fired >= MIN_LATENESS_SAMPLES ? lateness : ASSUMED_LATENESS_MS.map((ms) => ({ ms }));
  const [least = 0, ...leads] = latenessQuantiles(samples, [0, ...LEAD_QUANTILES]);
  const wanted = [...leads.map((lead) => target - lead), target - least + BACKUP_AFTER_MS]
    .map((at) => Math.max(at, now + MIN_TRIGGER_AHEAD_MS))
    .sort((a, b) => a - b);
  const dues: number[] = [];
  for (const at of wanted) {
    const last = dues[dues.length - 1];
    if (last === undefined || at - last >= SAME_DUE_MS) dues.push(at);
  }
  return dues;
}

/**
 * Installable triggers a person may have per script: 20
 * (https://developers.google.com/apps-script/guides/services/quotas), shared by every document
 * the code serves (their chains and hourly triggers).
 */
export const TRIGGERS_PER_SCRIPT = 20;
/**
 * Room a chain leaves free for other documents: a start there needs its hourly trigger and a
 * one-off driver, two documents' worth.
 */
const TRIGGERS_KEPT_FREE = 4;

/**
 * How many of a chain's `wanted` triggers to create when `live` triggers of this person's
 * script exist, `replaced` of them the chain's own old ones (deleted once the new ones are
 * made): at most half of the room beyond TRIGGERS_KEPT_FREE, so a chain of seven never takes
 * the last slots another document's start needs (trigger-limit.test.ts: the fourth document's
 * start failed with "too many triggers"); never fewer than one, the chain's driver.
 */
export function chainTriggersRoom(wanted: number, live: number, replaced: number): number {
  const room = TRIGGERS_PER_SCRIPT - live + replaced - TRIGGERS_KEPT_FREE;
  return Math.max(1, Math.min(wanted, Math.floor(room / 2)));
}
