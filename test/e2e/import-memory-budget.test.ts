/**
 * The import memory shares the person's 500 KB user store with their jobs (issue 16 item 15):
 * it is a cache, so when the store is nearly full it gives way first, oldest sheet first, and
 * never blocks a job start. Before, the reclaimer had no caller: after a few big imports every
 * start failed with "finish or cancel some of them" although no job was pending.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createImportWorld } from './import-harness';
import { generateImportSheet } from './import-sheet';

const SHARDS = 16;
const SHARD_BYTES = 7_500;

/** A full memory of one sheet of another spreadsheet, last written at `stamp`. */
function sheetMemory(spreadsheet: string, sheetId: number, stamp: number): Record<string, string> {
  const prefix = `crm.ss.${spreadsheet}.data.crm.import.mem.${sheetId}.`;
  const memory: Record<string, string> = { [`${prefix}at`]: String(stamp) };
  for (let n = 0; n < SHARDS; n++) memory[`${prefix}${n}`] = `m2:abc|${'x'.repeat(SHARD_BYTES)}`;
  return memory;
}

describe('the import memory in a nearly full user store', () => {
  it('gives way, oldest sheet first, and the start goes on', async () => {
    const world = await createImportWorld({ sheet: generateImportSheet(5, 31) });
    const { runtime } = world;
    // Four big imports' memories (about 120 KB each): 480 KB, no job pending.
    runtime.setProperties('user', {
      ...sheetMemory('ssA', 11, 4_000),
      ...sheetMemory('ssB', 22, 1_000),
      ...sheetMemory('ssA', 33, 3_000),
      ...sheetMemory('ssC', 44, 2_000),
    });
    const started = runtime.run('crmImportLeads', { sheet: 'Leads' });
    expect(started.error?.message).toBeUndefined();
    expect((started.value as JobSummary).state).not.toBe('failed');
    const keys = Object.keys(runtime.properties('user'));
    const has = (ss: string, id: number) =>
      keys.some((k) => k.startsWith(`crm.ss.${ss}.data.crm.import.mem.${id}.`));
    // The oldest went (ssB's sheet 22, then ssC's 44), leaving room for this import's own
    // memory below the mark; the newer ones stay.
    expect(has('ssB', 22)).toBe(false);
    expect(has('ssC', 44)).toBe(false);
    expect(has('ssA', 11)).toBe(true);
    expect(has('ssA', 33)).toBe(true);
    const bytes = Object.entries(runtime.properties('user')).reduce(
      (sum, [k, v]) => sum + k.length + v.length,
      0,
    );
    expect(bytes).toBeLessThan(400 * 1024 - 128_000 + 20_000);
    runtime.runUntilIdle({ maxExecutions: 10 });
    const job = runtime.runOrThrow('crmGetJob', (started.value as JobSummary).jobId) as JobSummary;
    expect(job.state).toBe('done');
  });
});
