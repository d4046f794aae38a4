import type { JobRecord } from './record';
/**
 * Exceptions a job handler throws to tell the engine what happened to the whole job (row
 * outcomes are the handler's own business). They are recognised by their `jobControl` tag,
 * not by instanceof, so copies bundled twice still work.
 */
export type JobControl = 'pause' | 'fail' | 'yield';

/** The job cannot go on until the user fixes something (401/403): the message names the fix. */
export class JobPause extends Error {
  readonly jobControl = 'pause' as const;
  constructor(message: string) {
    super(message);
    this.name = 'JobPause';
  }
}

/** The job cannot go on at all (e.g. the plan's `limit_reached`). */
export class JobFailure extends Error {
  readonly jobControl = 'fail' as const;
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/**
 * The step did nothing and should run again later, e.g. the pacer's next free slot is past
 * the slice's deadline. `notBefore` (epoch ms) tells the driver when trying again is useful.
 */
export class JobYield extends Error {
  readonly jobControl = 'yield' as const;
  constructor(
    message: string,
    readonly notBefore?: number,
  ) {
    super(message);
    this.name = 'JobYield';
  }
}

export function jobControlOf(error: unknown): JobControl | null {
  if (typeof error !== 'object' || error === null) return null;
  const tag = (error as { jobControl?: unknown }).jobControl;
  return tag === 'pause' || tag === 'fail' || tag === 'yield' ? tag : null;
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

const CHECKPOINT = 'jobCheckpoint';

/**
 * Attaches the job as the step left it to an error that makes the job wait (a platform quota
 * met after the step had already written its rows): the engine saves that record, not the one
 * from before the step, so what the step wrote to the sheet and its checkpoint stay in step.
 */
export function withCheckpoint<E>(error: E, job: JobRecord): E {
  if (typeof error === 'object' && error !== null) {
    Object.defineProperty(error, CHECKPOINT, { value: job, enumerable: false });
  }
  return error;
}

/** The record attached by withCheckpoint, if any. */
export function checkpointOf(error: unknown): JobRecord | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  return (error as Record<string, JobRecord | undefined>)[CHECKPOINT];
}
