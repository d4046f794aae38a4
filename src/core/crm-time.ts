import type { CrmClock } from '../api';

/**
 * How far the CRM's clock is taken to be from ours when no response has told it (no `Date`
 * header): the allowance the settling of sends always had.
 */
export const UNKNOWN_CLOCK_SLACK_MS = 2 * 60_000;

/**
 * Whether something the CRM stamped at `crmAt` (its clock, whole seconds) may have happened
 * at or after `ourAt` (our clock). Settling a send that may have left at `ourAt` asks this of
 * the lead's last message: a doubt must read "it may have gone out" (never send twice), so
 * `ourAt` is taken at the earliest the CRM's clock may have shown then (the reading's `low`),
 * and the stamp at the latest its second may have been (+999 ms).
 */
export function mayBeAtOrAfter(crmAt: number, ourAt: number, clock: CrmClock | undefined): boolean {
  const low = clock?.low ?? -UNKNOWN_CLOCK_SLACK_MS;
  return crmAt + 999 >= ourAt + low;
}
