import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../src/core/jobs';
import { applyCountsDelta, type RowCounts } from '../../../../src/core/jobs/row-job';
import { seededRandom } from './fakes';

const STATUSES = ['QUEUED', 'SENT', 'SKIPPED'] as const;

function job(total: number, done: number, counts: Record<string, number>): JobRecord {
  return { total, done, counts } as unknown as JobRecord;
}

function counted(total: number, done: number, counts: Record<string, number>): RowCounts<string> {
  return { total, done, counts };
}

describe('applyCountsDelta: progress between whole reads (issue 16, a person editing)', () => {
  it('a window counted under another arrangement never shows more rows done than rows, nor a negative count', () => {
    // send-busy seed 6010's trace: a person sorted rows the last whole read counted elsewhere
    // into the window, so its SENT rows were counted once more ("107 of 105 rows done") and
    // QUEUED rows it had already taken out went below zero.
    const record = job(105, 100, { QUEUED: 2, SENT: 80, SKIPPED: 20 });
    applyCountsDelta(
      record,
      counted(10, 3, { QUEUED: 7, SENT: 3, SKIPPED: 0 }),
      counted(10, 10, { QUEUED: 0, SENT: 10, SKIPPED: 0 }),
    );
    expect(record.done).toBeLessThanOrEqual(record.total);
    expect(record.counts.QUEUED).toBe(0);
    expect(record.counts.SENT).toBe(87);
  });

  it('moves the counts exactly while they stay within what can be read', () => {
    const record = job(100, 40, { QUEUED: 60, SENT: 30, SKIPPED: 10 });
    applyCountsDelta(
      record,
      counted(20, 0, { QUEUED: 20, SENT: 0, SKIPPED: 0 }),
      counted(21, 15, { QUEUED: 6, SENT: 12, SKIPPED: 3 }),
    );
    expect(record).toMatchObject({
      total: 101,
      done: 55,
      counts: { QUEUED: 46, SENT: 42, SKIPPED: 13 },
    });
  });

  it('whatever the windows, no count is negative and done never exceeds total (500 seeds)', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const random = seededRandom(seed);
      const window = (): RowCounts<string> => {
        const counts = { QUEUED: int(random, 50), SENT: int(random, 50), SKIPPED: int(random, 50) };
        const done = counts.SENT + counts.SKIPPED;
        return counted(done + counts.QUEUED + int(random, 60), done, counts);
      };
      const record = job(0, 0, { QUEUED: 0, SENT: 0, SKIPPED: 0 });
      for (let step = int(random, 8); step > 0; step--)
        applyCountsDelta(record, window(), window());
      expect(record.done, `seed ${seed}`).toBeGreaterThanOrEqual(0);
      expect(record.done, `seed ${seed}`).toBeLessThanOrEqual(record.total);
      for (const status of STATUSES) {
        expect(record.counts[status], `seed ${seed}`).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

function int(random: () => number, max: number): number {
  return Math.floor(random() * (max + 1));
}
