/**
 * Lead actions read a won value typed as text the way the spreadsheet's locale writes it (the
 * import's shared reader, normalize.ts parseNumber): in a pt_BR sheet `1,234` is one and a
 * fraction and `1.234` is 1234; in en_US the other way round. A text neither convention reads is
 * SKIPPED with words that say the locale's decimal mark, and records no sale. Before the locale
 * was passed, `1,234` in pt_BR and `1.234` in en_US became sales of 1234. Real bundle, sandbox.
 */
import { describe, expect, it } from 'vitest';
import { createActionsWorld, leadRows, plainLeads, runJob, SHEET } from './actions-harness';

const CASES = {
  pt_BR: [
    ["'1,234", 1.234],
    ["'1.234", 1234],
    ["'1,234.56", 1234.56],
  ],
  en_US: [
    ["'1.234", 1.234],
    ["'1,234", 1234],
    ["'1.234,56", 1234.56],
  ],
} as const;

const WORDS = {
  pt_BR: 'a localidade desta planilha escreve os decimais depois da vírgula',
  en_US: "this spreadsheet's locale writes decimals after a point",
};

describe('lead actions read a won value typed as text by the spreadsheet locale', () => {
  for (const locale of ['pt_BR', 'en_US'] as const) {
    it(`in ${locale}, records each sale as the locale writes it; skips one neither reads`, async () => {
      const cases = CASES[locale];
      let ids: number[] = [];
      const world = await createActionsWorld({
        locale,
        rows: (sandbox) => {
          const won = new Set(sandbox.state.stages.filter((s) => s.is_won).map((s) => s.id));
          ids = plainLeads(sandbox, 40)
            .filter((l) => !won.has(l.stage_id))
            .slice(0, cases.length + 1)
            .map((l) => l.id);
          return leadRows(sandbox, ids).map((row, i) => {
            const typed = i < cases.length ? cases[i]?.[0] : "'1.23.4";
            return [row[0], row[1], row[2], typed, row[4]];
          });
        },
      });
      const salesBefore = world.sandbox.state.sales.length;
      const run = runJob(world, 'crmLeadActions', {
        sheet: SHEET,
        action: 'won',
        params: { value: { column: 'Valor' } },
      });
      expect(run.state).toBe('done');
      expect(world.statuses()).toEqual([...cases.map(() => 'DONE'), 'SKIPPED']);
      const sales = world.sandbox.state.sales.slice(salesBefore);
      const saleOf = (id: number) => sales.find((s) => s.lead_id === id)?.value;
      expect(cases.map((_, i) => saleOf(ids[i] as number))).toEqual(cases.map(([, v]) => v));
      expect(saleOf(ids[cases.length] as number)).toBeUndefined();
      expect(world.details()[cases.length]).toContain(WORDS[locale]);
    }, 120_000);
  }
});
