/**
 * How many requests a row job sends in its next batch, and when a run of refusals that every
 * row would get trips the breaker (pure). A job's first batches ramp up 1, 2, 4 … so that a
 * provider refusing everything (a paused template, a blocked number) costs a few requests, not
 * a batch; while such refusals are being counted, one request at a time.
 */

/** Requests in the next batch: 1 while refusals are counted, else doubling past `answered`. */
export function rampedBatch(answered: number, streak: number, max: number): number {
  if (streak > 0) return 1;
  let size = 1;
  while (size <= answered && size < max) size *= 2;
  return Math.min(size, max);
}

/** What one answer of a batch says to the breaker: a refusal every row would get, or not. */
export type BreakerSignal = 'refusal' | 'through';

/**
 * The breaker after one batch's answers: each refusal that every row would get adds to the
 * streak, and trips it at `limit`. The requests of a batch leave together and their order says
 * nothing, so an answer that went through resets the streak only when no answer of its batch
 * was such a refusal. Returns the streak after each answer, in order, and whether it tripped.
 */
export function breakerAfter(
  streak: number,
  signals: readonly BreakerSignal[],
  limit: number,
): { streaks: number[]; tripped: boolean } {
  const refusedInBatch = signals.includes('refusal');
  let tripped = false;
  const streaks = signals.map((signal) => {
    if (signal === 'refusal') {
      streak += 1;
      if (streak >= limit) tripped = true;
    } else if (!refusedInBatch) streak = 0;
    return streak;
  });
  return { streaks, tripped };
}
