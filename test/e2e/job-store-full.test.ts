/**
 * Issue 10.6: the job store's budget. A person's jobs share their 500 KB of user properties:
 * when it is nearly full, old finished jobs give way before a new job fails (and the user is
 * told); when only pending jobs fill it, the start says what to do; a cancel always works.
 */
import { describe, expect, it } from 'vitest';
import type { JobRecord, JobSummary } from '../../src/core/jobs/record';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';

const FILLER_BYTES = 7_000;

function storedJob(jobId: string, state: JobRecord['state'], at: number): JobRecord {
  return {
    jobId,
    kind: 'import',
    state,
    createdAt: at,
    updatedAt: at,
    total: 1,
    done: state === 'done' ? 1 : 0,
    counts: {},
    message: 'x'.repeat(FILLER_BYTES),
    options: { sheetId: 99, sheetName: 'Old' },
    cursor: null,
  };
}

async function fullWorld(state: JobRecord['state'], count: number) {
  const world = await createImportWorld({ sheet: generateImportSheet(5, 31) });
  const { runtime } = world;
  const prefix = `crm.ss.${runtime.workbook.id}.crm.job.`;
  const filler: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const id = `job-old-${String(i).padStart(3, '0')}`;
    filler[`${prefix}${id}`] = JSON.stringify({
      value: storedJob(id, state, runtime.now() - (count - i) * 60_000),
    });
  }
  runtime.setProperties('user', filler);
  return world;
}

describe('a nearly full job store', () => {
  it('removes the oldest finished jobs to make room, and says so', async () => {
    const world = await fullWorld('done', 62);
    const started = world.runtime.runOrThrow('crmImportLeads', { sheet: 'Leads' }) as JobSummary;
    expect(started.notice).toMatch(/old finished jobs were removed/);
    const left = (world.runtime.runOrThrow('crmListJobs') as JobSummary[]).map((j) => j.jobId);
    expect(left).toContain(started.jobId);
    expect(left).not.toContain('job-old-000');
    expect(left.length).toBeLessThan(62);
  });

  it('refuses a start with what to do when pending jobs fill it, and still cancels them', async () => {
    const world = await fullWorld('paused', 64);
    const { runtime } = world;
    expect(runtime.run('crmImportLeads', { sheet: 'Leads' }).error?.message).toMatch(
      /storage for your Google account is nearly full .* finish or cancel some of them/,
    );
    // Over the 500 KB quota (written from outside): every Properties write is refused now.
    runtime.setProperties('user', { 'crm.filler': 'y'.repeat(60_000) });
    expect(runtime.run('crmImportLeads', { sheet: 'Leads' }).ok).toBe(false);
    expect(runtime.runOrThrow('crmCancelJob', 'job-old-001')).toMatchObject({ state: 'cancelled' });
    expect(runtime.runOrThrow('crmGetJob', 'job-old-001')).toMatchObject({ state: 'cancelled' });
  });
});
