import { describe, expect, it } from 'vitest';
import { firstImportStatus, generateImportSheet } from '../../../e2e/import-sheet';
import { busiestMinute, createHarness } from './job-fakes';

describe('import job handler', () => {
  it('imports a mixed sheet: every row gets its status, each valid row costs one upsert', () => {
    const sheet = generateImportSheet(120);
    const h = createHarness(sheet.header, sheet.rows);
    const job = h.start();
    const slices = h.drive(job.jobId);
    const final = h.store.get(job.jobId);
    expect(final?.state).toBe('done');
    expect(h.status()).toEqual(sheet.expected.map(firstImportStatus));
    const sent = sheet.expected.filter((e) => e === 'VALID' || e === 'CRM_INVALID').length;
    expect(h.upserts()).toBe(sent);
    expect(final?.total).toBe(sheet.expected.filter((e) => e !== 'EMPTY').length);
    expect(final?.done).toBe(final?.total);
    expect(final?.counts.CREATED).toBe(sheet.expected.filter((e) => e === 'VALID').length);
    expect(final?.message).toMatch(/^Import finished: \d+ created/);
    expect(slices.length).toBeGreaterThan(0);
    expect(busiestMinute(h.sandbox.requests().map((r) => r.at))).toBeLessThanOrEqual(60);
  });
});
