import { describe, expect, it } from 'vitest';
import { mapHeaders } from '../../../../src/core/import/headers';
import { countPlan, planImport, type RowPlan } from '../../../../src/core/import/plan';
import { context, customFields, toRows } from './fixtures';
import { SHEET_CASES, SHEET_HEADERS } from './sheet.fixture';

const headerMap = mapHeaders([...SHEET_HEADERS], { customFields });
const rows = toRows(
  SHEET_HEADERS,
  SHEET_CASES.map((c) => c.cells),
);
const plan = planImport(rows, headerMap, context());

describe('planImport over a real-looking Brazilian sheet', () => {
  it('reports the unknown column and keeps status columns out', () => {
    expect(headerMap.unknown.map((u) => u.header)).toEqual(['Coluna estranha']);
    expect(headerMap.statusColumns).toEqual({ 'CRM Import Status': 18, 'CRM Lead ID': 19 });
  });

  it.each(SHEET_CASES.map((c, i) => [i + 2, c.note, c] as const))(
    'row %i: %s',
    (rowNumber, _note, sheetCase) => {
      const row = plan[rowNumber - 2] as RowPlan;
      expect(row.rowNumber).toBe(rowNumber);
      const expected = sheetCase.expect;
      expect(row.status).toBe(expected.status);
      if (row.status === 'VALID' && expected.status === 'VALID') {
        expect(row.payload).toMatchObject(expected.payload);
        for (const key of expected.absent ?? []) expect(row.payload).not.toHaveProperty(key);
        if (expected.matchKey) expect(row.matchKey).toBe(expected.matchKey);
        // Nothing from the unknown or status columns is ever sent.
        expect(JSON.stringify(row.payload)).not.toMatch(/não enviar|CREATED|991/);
      }
      if (row.status === 'INVALID' && expected.status === 'INVALID')
        expect(row.reason).toMatch(expected.reason);
      if (row.status === 'DUPLICATE' && expected.status === 'DUPLICATE')
        expect(row.reason).toBe(expected.reason);
    },
  );

  it('counts every status', () => {
    const expected = { VALID: 0, INVALID: 0, DUPLICATE: 0, EMPTY: 0 };
    for (const c of SHEET_CASES) expected[c.expect.status]++;
    expect(countPlan(plan)).toEqual(expected);
    expect(expected.VALID).toBeGreaterThan(15);
  });

  it('omits every empty cell from the payload', () => {
    const sparse = plan[2];
    expect(sparse?.status === 'VALID' && Object.keys(sparse.payload).sort()).toEqual(
      ['assigned_to', 'match_by', 'name', 'phone', 'pipeline_id', 'stage_id', 'value'].sort(),
    );
  });
});

describe('planImport: duplicates per match_by', () => {
  const headers = ['Nome', 'E-mail', 'Telefone'];
  const map = mapHeaders(headers, { customFields });
  const sheet = [
    ['Ana', 'ana@x.com', '(11) 91111-1111'],
    ['Bia', 'bia@x.com', '(11) 91111-1111'],
    ['Ana 2', 'ANA@x.com', '(11) 92222-2222'],
    ['Caio', 'caio@x.com', '(11) 93333-3333'],
  ];
  const statuses = (matchBy: 'email' | 'phone' | 'email_or_phone') =>
    planImport(sheet, map, context({ matchBy })).map((r) =>
      r.status === 'DUPLICATE' ? r.reason : r.status,
    );

  it.each([
    ['email', ['VALID', 'VALID', 'Same e-mail as row 2', 'VALID']],
    ['phone', ['VALID', 'Same phone as row 2', 'VALID', 'VALID']],
    ['email_or_phone', ['VALID', 'Same phone as row 2', 'Same e-mail as row 2', 'VALID']],
  ] as const)('match_by %s', (matchBy, expected) => {
    expect(statuses(matchBy)).toEqual(expected);
  });

  it('a row that is not sent claims no key', () => {
    const plan = planImport(
      [
        ['Ana', 'ana@x.com', '(11) 91111-1111'],
        ['Bia', 'bia@x.com', '(11) 91111-1111'], // duplicate by phone: not sent
        ['Bia 2', 'bia@x.com', '(11) 94444-4444'], // bia@x.com is still free
        ['Caio', 'caio@', ''], // invalid e-mail
        ['Caio', 'caio@x.com', ''],
      ],
      map,
      context(),
    );
    expect(plan.map((r) => r.status)).toEqual(['VALID', 'DUPLICATE', 'VALID', 'INVALID', 'VALID']);
  });

  it('numbers rows from the header row given', () => {
    const plan = planImport([['Ana', 'ana@x.com'], [], ['Ana', 'ana@x.com']], map, context(), {
      headerRow: 3,
    });
    expect(plan.map((r) => r.rowNumber)).toEqual([4, 5, 6]);
    expect(plan[2]).toMatchObject({ status: 'DUPLICATE', reason: 'Same e-mail as row 4' });
  });
});

describe('planImport never crashes on odd rows', () => {
  const map = mapHeaders(['Nome', 'E-mail'], { customFields });

  it.each([
    ['an empty array', []],
    ['a short row', ['Ana']],
    ['nulls', [null, null]],
    ['undefined', undefined],
    ['a longer row than the header', ['Ana', 'ana@x.com', 'extra', 'more']],
  ])('%s', (_label, row) => {
    const [result] = planImport([row as unknown[]], map, context());
    expect(['EMPTY', 'INVALID', 'VALID']).toContain(result?.status);
  });

  it('plans an empty sheet as nothing', () => {
    expect(planImport([], map, context())).toEqual([]);
  });

  it.each([
    [{ defaultCountry: 'XX' }, /defaultCountry "XX" is not a supported two-letter country code/],
    [
      { defaults: { pipeline: 'Nope' } },
      /pipeline option: no pipeline "Nope"; pipelines: Vendas, Pós-venda/,
    ],
    [
      { defaults: { pipeline: 'Vendas', stage: 'Onboarding' } },
      /stage option: no stage "Onboarding" in pipeline "Vendas"/,
    ],
    [{ defaults: { stage: 'Nenhuma' } }, /stage option: no stage "Nenhuma" in any pipeline/],
  ])('throws on bad job options %j', (overrides, message) => {
    expect(() => planImport([['Ana', 'ana@x.com']], map, context(overrides))).toThrow(message);
  });
});
