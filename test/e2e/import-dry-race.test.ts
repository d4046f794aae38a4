/**
 * A dry run on a sheet a person sorts while it runs (review of issue 16 item 12): every dry-run
 * status and detail must stand on its own row at the end, like an import's. A dry run decides
 * every row in one step and writes them all after one locating read; a sort between that read
 * and the write left rows saying INVALID for another row's cell, or "would update lead N" on a
 * row of another e-mail (50 of 480 rows over 40 seeds before). `IMPORT_DRY_RACE_SEEDS` for a deep
 * run.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../unit/core/jobs/fakes';
import { createImportWorld } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Empresa'];
const SEEDS = Number(process.env.IMPORT_DRY_RACE_SEEDS ?? 40);
const ROWS = 12;

describe('a dry run on a sheet sorted while it runs', () => {
  it(`ends with every status and detail on its own row (${SEEDS} seeds)`, async () => {
    const world = await createImportWorld({
      sheet: { header: HEADER, rows: [], expected: [], keys: [] },
      sandbox: { seed: 'demo' },
    });
    const existing = world.sandbox.state.leads
      .filter((l) => l.account_id === 1 && l.email && !l.phone)
      .slice(0, 4);
    const failed: string[] = [];
    let sorts = 0;
    for (let seed = Number(process.env.IMPORT_DRY_RACE_SEED ?? 1); seed <= SEEDS; seed++) {
      const random = seededRandom(seed);
      const rows: unknown[][] = [];
      for (let n = 0; n < ROWS; n++) {
        const lead = n < existing.length ? existing[n] : undefined;
        const email =
          n % 5 === 4 ? `sem-arroba-${n}` : (lead?.email ?? `p${seed}x${n}@exemplo.com.br`);
        rows.push([`Pessoa ${n}`, email, `Empresa ${(n * 7) % 5}`]);
      }
      const model = world.runtime.workbook.addSheet(`Dry ${seed}`);
      model.setValues(1, 1, [HEADER, ...rows]);
      // A new day now and then: the deep run would spend the daily Properties quota.
      world.clock.advance(seed % 50 === 0 ? 24 * 3_600_000 : 61_000);
      const result = world.runtime.execute({
        fn: 'crmImportLeads',
        args: [{ sheet: `Dry ${seed}`, dryRun: true }],
        interleave: {
          atServiceCall: (event: { name: string }) => {
            if (/^(Spreadsheet|Sheet|Range)/.test(event.name) && random() < 0.06) {
              model.sortRows(2, model.lastRow(), 1 + Math.floor(random() * 3), random() < 0.5);
              sorts += 1;
            }
            return false;
          },
          fn: 'crmListJobs',
        },
      });
      if (result.error) throw result.error;
      world.runtime.runUntilIdle({ maxExecutions: 10 });
      const values = model.getValues();

      const header = values[0] ?? [];
      const status = header.indexOf('CRM Import Status');
      const detail = header.indexOf('CRM Import Detail');
      for (const line of values.slice(1)) {
        const email = String(line[1]);
        const s = String(line[status] ?? '');
        const d = String(line[detail] ?? '');
        const lead = existing.find((l) => l.email === email);
        const expected = email.startsWith('sem-arroba') ? 'INVALID' : 'VALID';
        const wrong =
          s !== expected ||
          (s === 'INVALID' && !d.includes(email)) ||
          (lead !== undefined && !d.includes(`lead ${lead.id}`)) ||
          (lead === undefined && /would update lead/.test(d));
        if (wrong) failed.push(`seed ${seed}: ${email} → ${s} ${d}`);
      }
    }
    expect(sorts).toBeGreaterThan(SEEDS);
    expect(failed).toEqual([]);
  }, 300_000);
});
