import type { CrmClient } from '../../api/client';
import type { Pacer } from '../pacing';
import type { Settled } from './outcome';

/**
 * The two requests-in-a-batch operations the send job needs, done one request at a time until
 * the batch primitive (`pacer.acquireUpTo`, `client.all` over `UrlFetchApp.fetchAll`) is on
 * main; the job's logic does not change when these become the primitive.
 */

/**
 * Waits (through the pacer) for one free slot unless it comes after `deadline`, then takes
 * the slots that are free now, up to `wanted`; 0 when none fits before the deadline.
 */
export function takeSlots(pacer: Pacer, wanted: number, deadline: number): number {
  if (wanted <= 0 || !pacer.acquire({ deadline })) return 0;
  let taken = 1;
  // A deadline in the past takes a slot only if one is free at once.
  while (taken < wanted && pacer.acquire({ deadline: 0 })) taken += 1;
  return taken;
}

/** Every call's result or error, in order; never throws. Each call makes at most one request. */
export function settleEach<T>(
  client: CrmClient,
  calls: ReadonlyArray<(client: CrmClient) => T>,
): Settled<T>[] {
  return calls.map((call) => {
    try {
      return { ok: true, value: call(client) };
    } catch (error) {
      return { ok: false, error };
    }
  });
}
