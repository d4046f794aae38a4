import type { Pacer } from '../../../pacing';
import type { Clock } from '../../../ports';
import type { JobHandler, StepContext, StepResult } from '../../engine';
import { jobControlOf } from '../../errors';
import type { JobRecord } from '../../record';
import { guardedStep, StepClock } from '../../row-job';
import type { WalkEntry } from '../types';
import type { LedgerRun } from './base';
import { ledgerStep } from './walk';

/**
 * A job handler for a row job whose record is a ledger of its rows (lead actions and their
 * revert, the push and its revert): each execution keeps one run per job (its ledger and kind,
 * built by `build` on the job's first step there), walks it with ledgerStep, and drops it after
 * any error but a yield, so the next step reloads the record.
 */
export function ledgerJobHandler<Env extends { pacer(clock: Clock): Pacer }>(input: {
  kind: string;
  statuses: string[];
  /** What the step clock names in its errors ("lead actions", "push"). */
  what: string;
  getEnv: () => Env;
  /** The job's run (its sheet, ledger and kind), or why it cannot run (the job fails with it). */
  build(job: JobRecord, env: Env, base: { clock: StepClock; pacer: Pacer }): AnyLedgerRun | string;
}): JobHandler {
  const runs = new Map<string, AnyLedgerRun>();
  const clock = new StepClock(input.what);
  let pacer: Pacer | undefined;

  function runFor(job: JobRecord, env: Env): AnyLedgerRun | string {
    const existing = runs.get(job.jobId);
    if (existing) return existing;
    pacer ??= env.pacer(clock);
    const run = input.build(job, env, { clock, pacer });
    if (typeof run !== 'string') runs.set(job.jobId, run);
    return run;
  }

  function step(job: JobRecord, ctx: StepContext): StepResult {
    return guardedStep(job, ctx, {
      clock,
      env: input.getEnv,
      runFor,
      work: (run) => ledgerStep(job, ctx, run),
      afterError: (error) => {
        // A yield keeps this execution's record in step; anything else reloads it.
        if (jobControlOf(error) !== 'yield') runs.delete(job.jobId);
      },
      pauseMessage: () => undefined,
    });
  }

  return { kind: input.kind, statuses: input.statuses, step };
}

// biome-ignore lint/suspicious/noExplicitAny: runs of any entry and request type share the walk.
export type AnyLedgerRun = LedgerRun<WalkEntry & any, any>;
