/**
 * The figures every job benchmark reports, measured the same way for import, send and export:
 * requests are counted the way the CRM counts them (when they arrive: the sandbox shares the
 * runtime's clock and is called at each request's arrival instant), and sheet, Properties and
 * trigger costs come from the runtime's counters.
 */
import type { Sandbox } from '../sandbox/index';
import type { JobSummary } from '../src/core/jobs/record';
import { busiestMinute } from '../test/unit/core/jobs/fakes';
import type {
  GasRuntime,
  LatencyProfileName,
  RuntimeStats,
  TriggerLateness,
} from '../tools/gas-runtime/index';

export const PROFILES: readonly LatencyProfileName[] = ['fast', 'typical', 'slow', 'verySlow'];

/** What a profile's latency reads as in a table. */
export const PROFILE_LABELS: Record<LatencyProfileName, string> = {
  fast: 'fast (300 ms CRM, 5 ms Sheets)',
  typical: 'typical (800 ± 300 ms CRM, 30 ms Sheets)',
  slow: 'slow (1–2 s CRM, 60 ms Sheets)',
  verySlow: 'very slow (2–4 s CRM, 80 ms Sheets)',
};

/** One seed for every run, so two runs of the bench print the same figures. */
export const BENCH_SEED = Number(process.env.BENCH_SEED) || 20261123;

/**
 * The runtime stops an execution that runs this long in wall time (its guard against endless
 * loops, 60 s by default). A 10,000-row slice on a busy machine takes longer than that.
 */
const BENCH_REAL_TIMEOUT_MS = 30 * 60_000;

/** What a lateness distribution reads as in a table. */
export const LATENESS_LABELS: Record<TriggerLateness, string> = {
  uniform: 'triggers 0–60 s late',
  longTail: 'triggers late on a long tail',
};

/**
 * Runtime options of every bench world: a latency profile, how late one-off triggers fire, and
 * room for slow executions.
 */
export function benchWorldOptions(
  profile: LatencyProfileName,
  triggerLateness: TriggerLateness = 'uniform',
) {
  return {
    costs: { profile, seed: BENCH_SEED, triggerLateness },
    realTimeoutMs: BENCH_REAL_TIMEOUT_MS,
  } as const;
}

/** Apps Script's limit on one execution. */
const EXECUTION_LIMIT_MS = 6 * 60_000;

export type Driver = 'sidebar' | 'trigger';

export interface JobFigures {
  /** What ran: job, driver and sheet size. */
  run: string;
  /** Rows the job processed (leads, for an export). */
  rows: number;
  /**
   * The job's requests per minute (upserts, sends or pages), answered ones, sustained: over whole
   * budgets of 60 from the 61st on, on arrival. The first minute starts with an unused budget.
   */
  perMin: number;
  /** Most requests of any kind that arrived at the CRM in one 60-second window (limit 60). */
  busiest60s: number;
  /** Requests the CRM refused with 429. */
  r429: number;
  /** SpreadsheetApp calls per row. */
  sheetCalls: number;
  /** Properties reads and writes per row (the daily quota is 50,000 on a consumer account). */
  props: number;
  cellsRead: number;
  cellsWritten: number;
  flushes: number;
  executions: number;
  /** Trigger executions' summed durations, minutes per 1,000 rows (90 min a day for Gmail). */
  triggerMinPer1k: number;
  /** Simulated minutes from the start to the job's last answered request. */
  minutes: number;
}

/**
 * Requests per minute from the 61st arrival on, over whole budgets of 60 when there are some
 * (the pacer spends a budget as soon as it frees: a burst, then a wait); from the first arrival
 * when there are 61 or fewer.
 */
export function sustainedPerMinute(arrivals: readonly number[]): number {
  const times = [...arrivals].sort((a, b) => a - b);
  if (times.length < 2) return 0;
  const first = times.length > 61 ? 60 : 0;
  const after = times.length - 1 - first;
  const count = after >= 60 ? 60 * Math.floor(after / 60) : after;
  const span = (times[first + count] ?? 0) - (times[first] ?? 0);
  return span > 0 ? round((count * 60_000) / span, 1) : 0;
}

export interface MeasureInput {
  run: string;
  runtime: GasRuntime;
  sandbox: Sandbox;
  /** Counters taken right after the job ended (before any check the bench makes). */
  stats: RuntimeStats;
  startedAt: number;
  rows: number;
  /** The job's own requests (upserts, sends, pages), by sandbox path. */
  isJobRequest(path: string): boolean;
}

export function measure(input: MeasureInput): JobFigures {
  const { runtime, sandbox, stats, rows } = input;
  const all = sandbox.requests().filter((r) => r.at >= input.startedAt);
  const job = all.filter((r) => input.isJobRequest(r.path));
  const answered = job.filter((r) => r.status !== 429);
  const lastAnswer = Math.max(
    input.startedAt,
    ...runtime.requests
      .filter((r) => r.time >= input.startedAt && r.status !== null && r.status !== 429)
      .map((r) => r.time + r.durationMs),
  );
  const perRow = (n: number, digits = 2) => round(n / Math.max(1, rows), digits);
  if (process.env.BENCH_TRACE) traceExecutions(runtime, answered, input.startedAt);
  return {
    run: input.run,
    rows,
    perMin: sustainedPerMinute(answered.map((r) => r.at)),
    busiest60s: busiestMinute(all.map((r) => r.at)),
    r429: all.filter((r) => r.status === 429).length,
    sheetCalls: perRow(stats.byService.SpreadsheetApp ?? 0),
    props: perRow(stats.propertiesCalls),
    cellsRead: perRow(stats.cellsRead, 0),
    cellsWritten: perRow(stats.cellsWritten, 1),
    flushes: stats.flushes,
    executions: stats.executions,
    triggerMinPer1k: round((stats.triggerRuntimeMs / Math.max(1, rows)) * (1_000 / 60_000), 1),
    minutes: round((lastAnswer - input.startedAt) / 60_000, 1),
  };
}

/**
 * BENCH_TRACE=1: one line per execution on stderr (start and length in simulated seconds from
 * the job's start, the job's requests that arrived during it), to see where a chain's budget
 * and runtime go.
 */
function traceExecutions(
  runtime: GasRuntime,
  answered: readonly { at: number }[],
  startedAt: number,
): void {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  for (const e of runtime.executions.filter((x) => x.startedAt >= startedAt - 1)) {
    const sent = answered.filter((r) => r.at >= e.startedAt && r.at <= e.endedAt).length;
    process.stderr.write(
      `${e.kind.padEnd(8)} ${s(e.startedAt - startedAt).padStart(7)} +${s(e.durationMs).padStart(6)} s  ${String(sent).padStart(3)} requests\n`,
    );
    const armed = Object.entries(e.calls)
      .filter(([name]) => /Trigger/.test(name))
      .map(([name, n]) => `${name.replace(/^.*\./, '')}×${n}`)
      .join(' ');
    if (armed) process.stderr.write(`    triggers: ${armed}\n`);
    if (process.env.BENCH_TRACE === '2') {
      const inside = runtime.requests.filter((r) => r.time >= e.startedAt && r.time <= e.endedAt);
      const groups = new Map<number, string[]>();
      for (const r of inside) {
        const list = groups.get(r.time) ?? [];
        list.push(
          String(r.url)
            .replace(/^.*\/api\/v1/, '')
            .slice(0, 24),
        );
        groups.set(r.time, list);
      }
      for (const [time, urls] of groups)
        process.stderr.write(`    ${s(time - e.startedAt)} ${urls.length}× ${urls[0]}\n`);
    }
  }
}

/**
 * Runs the call that starts a job and runs its first slice. That execution may be killed at
 * 6 minutes (a big sheet's reads cost seconds each): the job is then found in the job list.
 * `stats` are the counters right after that first execution.
 */
export function startJob(
  runtime: GasRuntime,
  fn: string,
  options: unknown,
): { jobId: string; killed: boolean; stats: RuntimeStats } {
  const result = runtime.run(fn, options);
  const stats = snapshot(runtime.stats);
  if (!result.ok && !result.killed) throw new Error(`${fn} failed: ${result.error?.message}`);
  if (result.killed && result.durationMs < EXECUTION_LIMIT_MS)
    throw new Error(
      `${fn} was stopped by the runtime's wall-clock guard, not by Apps Script's limit.`,
    );
  const started = result.value as JobSummary | undefined;
  const jobId = started?.jobId ?? (runtime.runOrThrow('crmListJobs') as JobSummary[])[0]?.jobId;
  if (!jobId) throw new Error(`${fn} started no job.`);
  return { jobId, killed: result.killed, stats };
}

/** A copy of the counters, so later checks do not count. */
export function snapshot(stats: RuntimeStats): RuntimeStats {
  return { ...stats, calls: { ...stats.calls }, byService: { ...stats.byService } };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
