/**
 * Issue 30: a job whose sidebar was closed goes on in a chain of one-off triggers, which fire
 * up to a minute late. Its executions should keep the key near its 60 requests a minute without
 * spending the person's trigger runtime (90 minutes a day): at least 55 a minute and at most 3
 * trigger minutes per 1,000 rows, as `npm run bench` measures (scripts/bench-chain.ts), here at
 * the typical latency with lateness spread evenly over 0–60 s. The chain learnt that lateness
 * only from the triggers that fired before it replaced them, the early ones: 52.4 (import) and
 * 52.8 (send) requests a minute.
 *
 * Each row may cost at most one Properties call (the daily quota, 50,000 on a consumer account,
 * must not bind before UrlFetch's): the send's executions read every ledger shard one call each
 * and again before rewriting it, and read the chain's record twice when re-arming: 1.02 calls a
 * row here (0.86 since). The very slow latency is still at 1.05 (the executions' own job reads
 * remain: keeping the listed record through the slice repeated an upsert in import-busy-race).
 */
import { describe, expect, it } from 'vitest';
import { benchImport } from '../../scripts/bench-import';
import { benchSend } from '../../scripts/bench-send';

const CHAIN = { profile: 'typical', rows: 1_000, driver: 'trigger', lateness: 'uniform' } as const;

describe('a trigger chain with the sidebar closed, triggers 0–60 s late', () => {
  it('imports 1,000 rows at 55+ requests a minute within 3 trigger minutes', async () => {
    const figures = await benchImport(CHAIN);
    expect(figures.r429).toBe(0);
    expect(figures.perMin).toBeGreaterThanOrEqual(55);
    expect(figures.triggerMinPer1k).toBeLessThanOrEqual(3);
    expect(figures.props).toBeLessThanOrEqual(1);
  });

  it('sends to 1,000 rows at 55+ requests a minute within 3 trigger minutes, ≤ 1 Properties call a row', async () => {
    const figures = await benchSend(CHAIN);
    expect(figures.r429).toBe(0);
    expect(figures.perMin).toBeGreaterThanOrEqual(55);
    expect(figures.triggerMinPer1k).toBeLessThanOrEqual(3);
    expect(figures.props).toBeLessThanOrEqual(1);
  });
});
