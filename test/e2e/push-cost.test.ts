/**
 * What a push costs in Sheets calls (PRODUCT.md "Round trip"; scripts/bench-push.ts at scale):
 * the changed rows lie among untouched ones (every third row renamed), so statuses placed row
 * by row as each one is done cost a write each, and the untouched rows between them another
 * at the end (6.0 Sheets calls a changed row at the typical profile). Placed every half minute
 * with the finished rows between them, the whole run takes a few writes.
 */
import { describe, expect, it } from 'vitest';
import { driveJob } from './addon-harness';
import { createPushWorld, PUSH_SHEET } from './push-harness';

describe('the Sheets calls of a push', () => {
  it('places the statuses of scattered changed rows in a few writes', async () => {
    const w = await createPushWorld(60);
    const changed = w.ids.filter((_, i) => i % 3 === 1);
    for (const id of changed) w.set(id, 'Nome', `N-${id}`);
    w.runtime.resetStats();
    const started = w.runtime.runOrThrow('crmPushChanges', { sheet: PUSH_SHEET }) as {
      jobId: string;
    };
    driveJob(w, started.jobId, 'sidebar', 100);
    const job = w.runtime.runOrThrow('crmGetJob', started.jobId) as {
      state: string;
      counts: Record<string, number>;
    };
    expect(job.state).toBe('done');
    expect(job.counts.DONE).toBe(changed.length);
    const statuses = w.ids.map((id) => w.status(id));
    expect(statuses.filter((s) => s === 'DONE')).toHaveLength(changed.length);
    expect(statuses.filter((s) => s === 'NO_CHANGE')).toHaveLength(w.ids.length - changed.length);
    // 20 changed rows: 29 writes before (one as each is done, one for each gap at the end).
    const writes = w.runtime.stats.calls['Range.setValues'] ?? 0;
    expect(writes).toBeLessThanOrEqual(6);
  });
});
