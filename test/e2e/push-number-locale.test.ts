/**
 * A push reads an amount typed as text the way the spreadsheet's locale writes it (the import's
 * shared reader, normalize.ts parseNumber), never as another amount: in a pt_BR sheet `1,234`
 * is one and a fraction, in an en_US sheet `1.234` is; a text only the other convention reads
 * is read by it; one neither reads is INVALID and sends nothing. Before the locale was passed,
 * `1,234` (pt_BR) and `1.234` (en_US) reached the CRM as 1234. Real bundle against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundle } from './export-harness';
import { createPushWorld } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

/** Text typed into `Valor` (the apostrophe keeps it text), and the value the CRM must get. */
const CASES = {
  pt_BR: [
    ["'1,234", 1.234],
    ["'1.234", 1234],
    ["'12,5", 12.5],
    ["'1,234.56", 1234.56],
    ["'R$ 9.500,50", 9500.5],
  ],
  en_US: [
    ["'1.234", 1.234],
    ["'1,234", 1234],
    ["'12.5", 12.5],
    ["'1.234,56", 1234.56],
    ["'$1,234.50", 1234.5],
  ],
} as const;

describe('a push reads amounts typed as text by the spreadsheet locale', () => {
  for (const locale of ['pt_BR', 'en_US'] as const) {
    it(`in ${locale}, sends each value as the locale writes it; refuses one neither reads`, async () => {
      const cases = CASES[locale];
      const w = await createPushWorld(cases.length + 1, locale);
      const bad = w.ids[cases.length] as number;
      const before = w.lead(bad).value;
      // An en_US export writes the API's names as headers (`value`), a pt_BR one `Valor`.
      const header = locale === 'pt_BR' ? 'Valor' : 'value';
      cases.forEach(([typed], i) => {
        w.set(w.ids[i] as number, header, typed);
      });
      w.set(bad, header, "'1.23.4");
      const job = w.run('crmPushChanges', { sheet: 'Export' });
      expect(job.state, job.message).toBe('done');
      const got = cases.map((_, i) => w.lead(w.ids[i] as number).value);
      expect(got).toEqual(cases.map(([, value]) => value));
      expect(w.status(bad)).toBe('INVALID');
      expect(w.lead(bad).value).toBe(before);
    }, 120_000);
  }
});
