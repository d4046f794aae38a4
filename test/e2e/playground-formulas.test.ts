import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWorkbook } from '../../scripts/playground/demo-workbook';
import { type CallFunction, type Expr, parseFormula } from '../../scripts/playground/formula';
import { escapeHtml } from '../../scripts/playground/grid';
import { createRecalc } from '../../scripts/playground/recalc';
import { type Playground, startPlayground } from '../../scripts/playground/server';
import { localeOf, translator } from '../../src/core/i18n';
import { createGasRuntime, Workbook } from '../../tools/gas-runtime';
import { prng } from './playground-random';

/** The demo spreadsheet's language: its menu's captions. */
const t = translator(localeOf(demoWorkbook().locale));

describe('playground formula parser', () => {
  const ref = (
    startRow: number,
    startColumn: number,
    endRow = startRow,
    endColumn = startColumn,
  ): Expr => ({ kind: 'ref', startRow, startColumn, endRow, endColumn });

  it.each<[string, Expr]>([
    ['=CRM_PIPELINES()', { kind: 'call', name: 'CRM_PIPELINES', args: [] }],
    ['=crm_pipelines( )', { kind: 'call', name: 'CRM_PIPELINES', args: [] }],
    [
      '=CRM_LEADS(A1, "id,name", 10)',
      {
        kind: 'call',
        name: 'CRM_LEADS',
        args: [ref(1, 1), { kind: 'literal', value: 'id,name' }, { kind: 'literal', value: 10 }],
      },
    ],
    ['=$B$2', ref(2, 2)],
    ['=C3:A1', ref(1, 1, 3, 3)],
    ['=AA10:AB12', ref(10, 27, 12, 28)],
    ["='1000 leads'!B2", { ...ref(2, 2), sheet: '1000 leads' } as Expr],
    ["='it''s'!A1", { ...ref(1, 1), sheet: "it's" } as Expr],
    ['=Leads!A1:B2', { ...ref(1, 1, 2, 2), sheet: 'Leads' } as Expr],
    ['="say ""hi"""', { kind: 'literal', value: 'say "hi"' }],
    ['=-1.5e2', { kind: 'literal', value: -150 }],
    ['=true', { kind: 'literal', value: true }],
    [
      '=CRM_LEAD(CRM_X(1), FALSE)',
      {
        kind: 'call',
        name: 'CRM_LEAD',
        args: [
          { kind: 'call', name: 'CRM_X', args: [{ kind: 'literal', value: 1 }] },
          { kind: 'literal', value: false },
        ],
      },
    ],
    // A name followed by "(" is a call even when it looks like a cell (LOG10 is column LOG, row 10).
    ['=LOG10(A1)', { kind: 'call', name: 'LOG10', args: [ref(1, 1)] }],
  ])('%s', (formula, expected) => {
    expect(parseFormula(formula)).toEqual(expected);
  });

  it.each([
    '=',
    '=CRM_LEADS(',
    '=CRM_LEADS("a"',
    '=CRM_LEADS("a" "b")',
    '="open',
    '=A0',
    '=1 + 2',
    '=CRM_LEADS(,)',
    '=A1 B1',
  ])('%s is a parse error', (formula) => {
    expect(() => parseFormula(formula)).toThrow('Formula parse error.');
  });
});

/**
 * Spilling under random edits, with a stand-in function (the subject is the spill bookkeeping,
 * not the bundle): =CRM_T(rows, columns, "id") returns rows × columns cells named "id:r:c".
 * Formulas sit in rows 1–3 and read only row 6, so no formula reads another's result; some
 * edits land while a function runs (as a request handled inside its execution), and ask for
 * a recalculation then.
 */
describe('playground spills under random edits', () => {
  const SEEDS = 200;
  const STEPS = 30;
  const SIZE = 6;
  const INPUT_ROW = 6;
  const letter = (column: number) => String.fromCharCode(64 + column);

  it(`keeps typed data, spills each formula whole or shows #REF! for a reason (${SEEDS} seeds)`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const random = prng(seed);
      const pick = (n: number) => 1 + Math.floor(random() * n);
      const workbook = Workbook.from({ sheets: { S: [] } });
      const sheet = workbook.sheet('S');
      /** What a person typed where, and still expects there. */
      const typed = new Map<string, string>();
      let inCall = false;
      const edit = () => {
        const formula = random() < 0.4;
        const row = formula ? pick(3) : pick(SIZE);
        const column = pick(SIZE);
        const key = `${row}:${column}`;
        let input = '';
        if (formula) {
          const rows = random() < 0.5 ? String(pick(3)) : `${letter(pick(SIZE))}${INPUT_ROW}`;
          input = `=CRM_T(${rows}, ${pick(3)}, "${letter(column)}${row}")`;
        } else if (random() < 0.7) {
          input = random() < 0.5 || row !== INPUT_ROW ? `w${pick(99)}` : String(pick(4));
        }
        sheet.enter(row, column, input);
        if (input === '') typed.delete(key);
        else typed.set(key, input);
      };
      const call: CallFunction = (name, args) => {
        if (!inCall && random() < 0.2) {
          inCall = true;
          edit();
          expect(recalc.run()).toBe(false); // asked again, not run inside itself
          inCall = false;
        }
        const [rows, columns, id] = args as [unknown, number, string];
        if (name !== 'CRM_T' || typeof rows !== 'number' || rows < 1 || rows > 3) {
          return { ok: false, error: { code: '#ERROR!', message: `bad rows ${String(rows)}` } };
        }
        const table = Array.from({ length: rows }, (_, r) =>
          Array.from({ length: columns }, (_, c) => `${id}:${r}:${c}`),
        );
        return { ok: true, value: table };
      };
      const recalc = createRecalc(workbook, call);

      for (let step = 0; step < STEPS; step++) {
        edit();
        recalc.run();
        const context = `seed ${seed}, step ${step}`;
        // Typed data is never overwritten or erased by a spill.
        for (const [key, input] of typed) {
          const [row, column] = key.split(':').map(Number) as [number, number];
          const cell = sheet.cell(row, column);
          if (input.startsWith('=')) expect(cell?.formula, context).toBe(input);
          else expect(String(cell?.value), context).toBe(input);
          expect(recalc.note(cell)?.spilled, context).toBeUndefined();
        }
        // Each formula shows its whole result, or an error; #REF! only with data in the way.
        let expectedSpills = 0;
        for (const [key, input] of typed) {
          if (!input.startsWith('=')) continue;
          const [row, column] = key.split(':').map(Number) as [number, number];
          const [, rowsArg = '', columnsArg = ''] = /CRM_T\(([^,]+), (\d)/.exec(input) ?? [];
          const rows = /^\d$/.test(rowsArg)
            ? Number(rowsArg)
            : sheet.cell(INPUT_ROW, rowsArg.charCodeAt(0) - 64)?.value;
          const anchor = sheet.cell(row, column);
          if (typeof rows !== 'number' || rows < 1 || rows > 3) {
            expect(anchor?.value, context).toBe('#ERROR!');
            continue;
          }
          const id = `${letter(column)}${row}`;
          const area: Array<[number, number]> = [];
          for (let r = 0; r < rows; r++)
            for (let c = 0; c < Number(columnsArg); c++) if (r + c > 0) area.push([r, c]);
          const foreign = area.filter(([r, c]) => {
            const there = sheet.cell(row + r, column + c);
            const mine = recalc.note(there)?.spilled && there?.value === `${id}:${r}:${c}`;
            return there !== undefined && there.value !== '' && !mine;
          });
          if (foreign.length > 0) {
            expect(anchor?.value, context).toBe('#REF!');
            continue;
          }
          expect(anchor?.value, context).toBe(`${id}:0:0`);
          expectedSpills += area.length;
        }
        // And nothing else is spilled anywhere.
        const spilled = sheet.rows.flatMap((line) =>
          (line?.cells ?? []).filter((cell) => recalc.note(cell)?.spilled),
        );
        expect(spilled.length, context).toBe(expectedSpills);
      }
    }
  });
});

describe('playground spills under a script’s formatting', () => {
  it('formatting the formula or its spilled cells keeps the spill; writing a value blocks it', () => {
    const script = `
      function format() { SpreadsheetApp.getActive().getRange('S!A1:B3').setNumberFormat('0.00').setNote('seen'); }
      function write() { SpreadsheetApp.getActive().getRange('S!B2').setValue(7); }`;
    const runtime = createGasRuntime({ code: script, workbook: { sheets: { S: [['=CRM_T()']] } } });
    let calls = 0;
    const recalc = createRecalc(runtime.workbook, () => {
      calls++;
      return {
        ok: true,
        value: [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
      };
    });
    recalc.run();
    const sheet = runtime.sheet('S');
    expect(sheet.getValues()).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);

    expect(runtime.run('format').ok).toBe(true);
    recalc.run();
    expect(sheet.getValues()).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(sheet.getNumberFormats()[2]).toEqual(['0.00', '0.00']);
    expect(calls).toBe(1);

    expect(runtime.run('write').ok).toBe(true);
    recalc.run();
    expect(sheet.getValues()[0]?.[0]).toBe('#REF!');
    expect(sheet.getValues()[1]?.[1]).toBe(7);
  });
});

describe('playground formulas over HTTP, computed by the real bundle', () => {
  let playground: Playground;
  let sheetCount = 0;

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, uiPort: 0, build: 'never' });
  });
  afterAll(async () => {
    await playground?.close();
  });

  const newSheet = (rows: unknown[][] = []) => {
    const name = `F${++sheetCount}`;
    playground.runtime.workbook.addSheet(name).setValues(1, 1, rows);
    return name;
  };
  const type = async (sheet: string, a1: string, input: string) => {
    const response = await fetch(new URL('/cell', playground.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sheet, a1, input }),
    });
    return (await response.json()) as { ok: boolean; error?: string };
  };
  const values = (sheet: string) => playground.runtime.sheet(sheet).getValues();
  const table = async (sheet: string) => {
    const response = await fetch(
      new URL(`/state?sheet=${encodeURIComponent(sheet)}`, playground.url),
    );
    return ((await response.json()) as { table: string }).table;
  };
  const cellHtml = (html: string, a1: string) =>
    new RegExp(`<td data-a1="${a1}"[^>]*>[^<]*</td>`).exec(html)?.[0] ?? '';
  const formulaRuns = (name: string) =>
    playground.runtime.executions.filter((e) => e.kind === 'customFunction' && e.fnName === name)
      .length;

  it('stores typed values by Sheets entry rules', async () => {
    const sheet = newSheet();
    for (const [a1, input] of [
      ['A1', '0123'],
      ['A2', "'0123"],
      ['A3', 'true'],
      ['A4', '1,234.5'],
      ['A5', '2026-11-21'],
      ['A6', 'Maria'],
    ] as const) {
      expect(await type(sheet, a1, input)).toEqual({ ok: true });
    }
    const column = values(sheet).map((row) => row[0]);
    expect(column.slice(0, 4)).toEqual([123, '0123', true, 1234.5]);
    expect(column[4]).toBeInstanceOf(Date);
    expect(column[5]).toBe('Maria');
    expect(await type(sheet, 'A6', '')).toEqual({ ok: true });
    expect(values(sheet)).toHaveLength(5);
  });

  it('refuses an edit that names no single cell or no sheet, and changes nothing', async () => {
    const sheet = newSheet([['keep']]);
    expect(await type(sheet, 'A1:B2', 'x')).toMatchObject({ ok: false, error: /not one cell/ });
    expect(await type('Nope', 'A1', 'x')).toMatchObject({ ok: false, error: /No sheet named/ });
    expect(values(sheet)).toEqual([['keep']]);
  });

  it('=CRM_PIPELINES() spills its header and rows below and to the right; spilled cells hold values, not formulas', async () => {
    const sheet = newSheet();
    await type(sheet, 'B2', '=CRM_PIPELINES()');
    const expected = playground.runtime.runCustomFunction('CRM_PIPELINES').value as unknown[][];
    expect(expected.length).toBeGreaterThan(2);
    const got = values(sheet)
      .slice(1)
      .map((row) => row.slice(1));
    expect(got).toEqual(expected);
    const formulas = playground.runtime.sheet(sheet).getFormulas();
    expect(formulas[1]?.[1]).toBe('=CRM_PIPELINES()');
    expect(formulas.flat().filter((f) => f !== '')).toHaveLength(1);
    const html = await table(sheet);
    expect(cellHtml(html, 'B2')).toContain('>pipeline_id</td>');
    expect(cellHtml(html, 'C3')).toMatch(/class="spilled"[^>]*>Vendas</);
  });

  it('runs as a custom-function execution of the bundle, with the owner allowing formulas', async () => {
    const sheet = newSheet();
    const before = playground.runtime.executions.length;
    await type(sheet, 'A1', '=CRM_ACCOUNT()');
    const runs = playground.runtime.executions.slice(before);
    expect(runs.map((e) => [e.kind, e.fnName])).toEqual([['customFunction', 'CRM_ACCOUNT']]);
    expect(values(sheet).flat()).toContain('Comercial Automação Demo Ltda');
  });

  it('resolves cell and range arguments, and recalculates only when what they hold changes', async () => {
    const sheet = newSheet([['q=Silva', 'id', 'name', 2]]);
    await type(sheet, 'A3', '=CRM_LEADS(A1, B1:C1, D1)');
    const first = values(sheet).slice(2);
    // The demo spreadsheet is pt_BR: CRM_LEADS writes its headers in Portuguese (issue 29.2).
    expect(first[0]?.slice(0, 2)).toEqual(['ID', 'Nome']);
    expect(first).toHaveLength(3);
    expect(String(first[1]?.[1])).toMatch(/Silva/);

    const runs = formulaRuns('CRM_LEADS');
    await type(sheet, 'F1', 'unrelated');
    expect(formulaRuns('CRM_LEADS')).toBe(runs);

    await type(sheet, 'D1', '1');
    expect(formulaRuns('CRM_LEADS')).toBe(runs + 1);
    expect(values(sheet).slice(2)).toHaveLength(2);

    await type(sheet, 'C1', 'email');
    expect(values(sheet)[2]?.slice(0, 2)).toEqual(['ID', 'E-mail']);
  });

  it('changing the lead id in an argument cell shows the other lead', async () => {
    const sheet = newSheet([[2]]);
    await type(sheet, 'B1', '=CRM_LEAD(A1, "id,name")');
    const lead = (id: number) =>
      playground.sandbox.state.leads.find((l) => l.id === id)?.name as string;
    expect(values(sheet)[1]?.slice(1)).toEqual([2, lead(2)]);
    await type(sheet, 'A1', '3');
    expect(values(sheet)[1]?.slice(1)).toEqual([3, lead(3)]);
  });

  it('a formula reading another formula’s cells follows it', async () => {
    const sheet = newSheet([[2]]);
    await type(sheet, 'B1', '=CRM_LEAD(A1, "id,name")');
    await type(sheet, 'E1', '=CRM_LEAD(B2, "name")');
    const lead = (id: number) =>
      playground.sandbox.state.leads.find((l) => l.id === id)?.name as string;
    expect(values(sheet)[1]?.[4]).toBe(lead(2));
    await type(sheet, 'A1', '4');
    expect(values(sheet)[1]?.[4]).toBe(lead(4));
  });

  /** The bundle's own message for a call (in the spreadsheet's language, when it has one). */
  const own = (name: string, ...args: unknown[]) =>
    playground.runtime.runCustomFunction(name, ...args).error?.message ?? '';

  it.each([
    ['=CRM_LEAD("abc")', '#ERROR!', () => own('CRM_LEAD', 'abc')],
    ['=CRM_LEADS("stage=Nope")', '#ERROR!', () => own('CRM_LEADS', 'stage=Nope')],
    ['=CRM_NOPE()', '#NAME?', () => "Unknown function: 'CRM_NOPE'."],
    [
      '=SUM(1, 2)',
      '#NAME?',
      () =>
        "The playground computes only the add-on's CRM_* functions; SUM is computed by Google Sheets, not here.",
    ],
    ['=CRM_LEADS(', '#ERROR!', () => 'Formula parse error.'],
    ["=CRM_LEAD('Nowhere'!A1)", '#REF!', () => "Unresolved sheet name 'Nowhere'."],
  ])('%s shows %s with the message on hover', async (formula, code, message) => {
    const sheet = newSheet();
    await type(sheet, 'A1', formula);
    expect(values(sheet)).toEqual([[code]]);
    const cell = cellHtml(await table(sheet), 'A1');
    expect(cell).toContain(`>${code}</td>`);
    expect(cell).toMatch(/class="formula error"/);
    const expected = message();
    expect(expected).not.toBe('');
    expect(cell).toContain(`data-error="${escapeHtml(expected)}"`);
  });

  it('a referenced error passes on to the formula that reads it, without calling its function', async () => {
    const sheet = newSheet();
    await type(sheet, 'A1', '=CRM_LEAD("abc")');
    const runs = formulaRuns('CRM_LEAD');
    await type(sheet, 'B1', '=CRM_LEAD(A1)');
    expect(formulaRuns('CRM_LEAD')).toBe(runs);
    expect(values(sheet)[0]).toEqual(['#ERROR!', '#ERROR!']);
    const html = await table(sheet);
    const hover = (a1: string) => /data-error="([^"]*)"/.exec(cellHtml(html, a1))?.[1];
    expect(hover('B1')).toBe(hover('A1'));
  });

  it('shows #REF! while the spill would overwrite data, and spills once the data is gone', async () => {
    const sheet = newSheet();
    await type(sheet, 'C4', 'in the way');
    await type(sheet, 'A1', '=CRM_PIPELINES()');
    expect(values(sheet)[0]?.[0]).toBe('#REF!');
    const cell = cellHtml(await table(sheet), 'A1');
    expect(cell).toContain(
      'data-error="Array result was not expanded because it would overwrite data in C4."',
    );
    expect(values(sheet)[3]?.[2]).toBe('in the way');
    expect(values(sheet)[1]?.[1]).toBe('');

    await type(sheet, 'C4', '');
    expect(values(sheet)[0]?.[0]).toBe('pipeline_id');
    expect(values(sheet)[3]?.[2]).not.toBe('');
  });

  it('typing into the spilled range blocks it; clearing a spilled cell does not', async () => {
    const sheet = newSheet();
    await type(sheet, 'A1', '=CRM_PIPELINES()');
    const spilled = values(sheet)[2]?.[1];
    await type(sheet, 'B3', '');
    expect(values(sheet)[2]?.[1]).toBe(spilled);
    await type(sheet, 'B3', 'mine');
    expect(values(sheet)[0]?.[0]).toBe('#REF!');
    expect(values(sheet)[2]?.[1]).toBe('mine');
    expect(values(sheet)[1]?.[0]).toBe('');
  });

  it('a script writing into the spilled range blocks it too', async () => {
    const sheet = newSheet();
    await type(sheet, 'A1', '=CRM_PIPELINES()');
    playground.runtime.workbook.sheet(sheet).setValues(2, 2, [['written by a script']]);
    await table(sheet); // the page's next look recalculates
    expect(values(sheet)[0]?.[0]).toBe('#REF!');
  });

  it('deleting or replacing the formula removes its spill', async () => {
    const sheet = newSheet();
    await type(sheet, 'A1', '=CRM_PIPELINES()');
    expect(values(sheet).length).toBeGreaterThan(2);
    await type(sheet, 'A1', '=CRM_LEAD(1, "id")');
    expect(values(sheet)).toEqual([['ID'], [1]]);
    await type(sheet, 'A1', '');
    expect(values(sheet)).toEqual([]);
  });
  it('a formula reads the CRM only where the owner allowed formulas, with the bundle’s words otherwise', async () => {
    const sheet = newSheet();
    playground.runtime.runOrThrow('crmAllowFormulas', false);
    try {
      await type(sheet, 'A1', '=CRM_PIPELINES()');
      expect(values(sheet)).toEqual([['#ERROR!']]);
      const refused = own('CRM_PIPELINES');
      expect(refused).not.toBe('');
      expect(cellHtml(await table(sheet), 'A1')).toContain(`data-error="${escapeHtml(refused)}"`);
    } finally {
      playground.runtime.runOrThrow('crmAllowFormulas', true);
    }
    // Entered again, the formula is computed again: Sheets' way to retry a custom function.
    await type(sheet, 'A1', '=CRM_PIPELINES()');
    expect(values(sheet)[0]?.[0]).toBe('pipeline_id');
  });

  it('CRM → Refresh formulas computes every CRM_* formula again and spills it again', async () => {
    const sheet = newSheet();
    await type(sheet, 'B2', '=CRM_PIPELINES()');
    const before = values(sheet);
    const runs = formulaRuns('CRM_PIPELINES');
    const response = await fetch(new URL('/menu', playground.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ caption: t('formulas.menuRefresh') }),
    });
    expect(await response.json()).toEqual({ ok: true });
    // Every =CRM_PIPELINES() of the workbook (earlier tests left some) ran once more.
    const everywhere = playground.runtime.workbook.sheets
      .flatMap((other) => other.getFormulas().flat())
      .filter((formula) => formula === '=CRM_PIPELINES()').length;
    expect(everywhere).toBeGreaterThan(1);
    expect(formulaRuns('CRM_PIPELINES')).toBe(runs + everywhere);
    expect(values(sheet)).toEqual(before);
  });
});
