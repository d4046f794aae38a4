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
