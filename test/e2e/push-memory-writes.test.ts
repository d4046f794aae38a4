/**
 * What an export writes into its push memory (PRODUCT.md "Round trip": "An export remembers,
 * for each row, the values it wrote"): the rows of each step only. A replace export of 1,200
 * leads in several steps wrote the whole table again at every step (O(n) cells a step: 2 cells
 * a lead for each step after it), where the rows the step wrote are all that changed.
 */
import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../src/core/jobs/record';
import { createAddonWorld, DEMO_NOW, driveJob } from './addon-harness';
import { seedLeads } from './export-harness';

const LEADS = 1_200;
const COLUMNS = 'id,name';

describe('the push memory an export writes', () => {
  it('is written once a lead, not again at every step', async () => {
    const world = await createAddonWorld({
      sandbox: { seed: 'demo' },
      runtime: (sandbox) => {
        seedLeads(sandbox, LEADS, DEMO_NOW);
        sandbox.configure({ rateLimitPerMinute: 1_000_000 });
        return { workbook: { sheets: { Planilha1: [] } } };
      },
    });
    world.runtime.resetStats();
    const started = world.runtime.runOrThrow('crmExportLeads', {
      sheet: 'Export',
      filters: { tags: ['semeado'] },
      columns: COLUMNS,
    }) as JobSummary;
    driveJob(world, started.jobId, 'sidebar', 200);
    const job = world.runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    expect(job.state, job.message).toBe('done');
    const memory = world.runtime.sheet('CRM Push Memory').getValues().slice(1);
    expect(memory.filter((row) => String(row[0]) !== '')).toHaveLength(LEADS);
    // The export sheet: a header and 2 cells a lead; the memory: a header and 2 cells a lead.
    const written = world.runtime.stats.cellsWritten;
    expect(written).toBeLessThanOrEqual(2 * (2 + 2 * LEADS) + 100);
  });
});
