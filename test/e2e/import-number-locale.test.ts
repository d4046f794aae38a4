/**
 * Amounts typed as text are read the way the spreadsheet's locale writes them (PRODUCT.md: the
 * add-on reads and writes numbers in the spreadsheet's locale), never as another amount: in a
 * pt_BR sheet `1,234` is 1,234 (one and a fraction), in an en_US sheet `1.234` is 1.234; a text
 * only the other convention reads (`1,234.56` in pt_BR) is read by it; a text that fits neither
 * is INVALID with words that say the locale's decimal mark. Runs the real bundle against the
 * sandbox. Before the locale was passed, both sheets read `1,234` and `1.234` as 1234.
 */
import { describe, expect, it } from 'vitest';
import { createImportWorld, finishImport } from './import-harness';

/** Text (the apostrophe keeps Sheets from turning it into a number), pt_BR, en_US. */
const CASES: [cell: unknown, ptBR: number, enUS: number][] = [
  ["'1.234", 1234, 1.234],
  ["'1,234", 1.234, 1234],
  ["'1.234,56", 1234.56, 1234.56],
  ["'1,234.56", 1234.56, 1234.56],
  ["'12,5", 12.5, 12.5],
  ["'12.5", 12.5, 12.5],
  ["'0,125", 0.125, 0.125],
  ["'1.5", 1.5, 1.5],
  ["'R$ 9.500,50", 9500.5, 9500.5],
  ["'$1,234.50", 1234.5, 1234.5],
  ["'1.234.567", 1234567, 1234567],
  [1234.5, 1234.5, 1234.5], // a real number cell
];

function sheetOf(cells: readonly unknown[]) {
  const rows = cells.map((cell, i) => [`Pessoa ${i + 1}`, `pessoa${i + 1}@exemplo.com.br`, cell]);
  return { header: ['Nome', 'E-mail', 'Valor'], rows, expected: [], keys: [] };
}

async function importIn(locale: string, cells: readonly unknown[]) {
  const world = await createImportWorld({ locale, sheet: sheetOf(cells) });
  const final = finishImport(world);
  expect(final.state).toBe('done');
  const values = world.column('CRM Lead ID').map((id) => {
    const lead = world.sandbox.state.leads.find((l) => l.id === id);
    return lead ? Number(lead.value) : undefined;
  });
  return { world, values };
}

describe('an import reads amounts typed as text by the spreadsheet locale', () => {
  for (const [locale, column] of [
    ['pt_BR', 1],
    ['en_US', 2],
  ] as const) {
    it(`in ${locale}, sends every case as the locale writes it`, async () => {
      const { world, values } = await importIn(
        locale,
        CASES.map((c) => c[0]),
      );
      expect(world.statuses()).toEqual(CASES.map(() => 'CREATED'));
      const wanted = CASES.map((c) => c[column]);
      const misread = CASES.filter((_, i) => values[i] !== wanted[i]).map((c) => c[0]);
      expect(misread).toEqual([]);
      expect(values).toEqual(wanted);
    }, 60_000);
  }

  it('refuses a text that fits neither convention, saying the locale’s decimal mark', async () => {
    // The person's language follows the spreadsheet's here: Portuguese words in pt_BR.
    for (const [locale, words] of [
      ['pt_BR', 'a localidade desta planilha escreve os decimais depois da vírgula'],
      ['en_US', "this spreadsheet's locale writes decimals after a point"],
    ] as const) {
      const { world } = await importIn(locale, ["'1.23.4"]);
      expect(world.statuses()).toEqual(['INVALID']);
      expect(String(world.column('CRM Import Detail')[0])).toContain(words);
      expect(world.upserts()).toHaveLength(0);
    }
  }, 60_000);
});
