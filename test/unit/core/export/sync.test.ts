import { describe, expect, it } from 'vitest';
import { type CellValue, toSheetCell } from '../../../../src/core/export/cells';
import { columnKind, type FlatRecord, flattenLead } from '../../../../src/core/export/columns';
import {
  nextUpdatedSince,
  planReplace,
  planSync,
  type SheetPlan,
  type ToCell,
} from '../../../../src/core/export/sync';
import { customFields } from '../query/fixtures';
import { hostileLead, richLead } from './fixtures';

const toCell: ToCell = (column, value) => toSheetCell(value, columnKind(column, customFields));

/**
 * A sheet grid (header on row 0) that stores what setValues would: a leading apostrophe makes
 * the rest literal text and is not stored. Good enough to read a plan's outcome back.
 */
function applyPlan(grid: unknown[][], plan: SheetPlan): unknown[][] {
  const next = grid.map((row) => [...row]);
  for (const area of plan.clear) {
    for (let r = area.row; r < area.row + area.rows; r++) {
      for (let c = area.column; c < area.column + area.columns; c++) {
        if (next[r]) next[r][c] = '';
      }
    }
  }
  for (const block of plan.writes) {
    block.values.forEach((line, i) => {
      if (next[block.row + i] === undefined) next[block.row + i] = [];
      const row = next[block.row + i] as unknown[];
      line.forEach((cell, j) => {
        row[block.column + j] = stored(cell);
      });
    });
  }
  const width = Math.max(...next.map((row) => row.length));
  return next.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ''));
}

function stored(cell: CellValue): unknown {
  if (typeof cell === 'string') {
    if (cell.startsWith("'")) return cell.slice(1);
    if (cell.startsWith('=')) throw new Error(`a formula was written: ${cell}`);
  }
  return cell;
}

function lead(id: number, fields: Partial<FlatRecord>): FlatRecord {
  return { id, name: `Lead ${id}`, stage: 'Novo', email: null, ...fields };
}

function sync(grid: unknown[][], columns: string[], leads: FlatRecord[], maxGapRows?: number) {
  const [header = [], ...rows] = grid;
  const plan = planSync({ header, rows, columns, leads, toCell, maxGapRows });
  return { plan, grid: applyPlan(grid, plan) };
}

describe('planSync', () => {
  it('fills an empty sheet with the header and the rows in one block', () => {
    const leads = [richLead, hostileLead].map((l) => flattenLead(l, { customFields }));
    const { plan, grid } = sync(
      [],
      ['id', 'name', 'phone', 'company', 'value', 'created_at'],
      leads,
    );
    expect(plan.writes).toHaveLength(1);
    expect(plan.appendedRows).toBe(2);
    expect(grid).toEqual([
      ['id', 'name', 'phone', 'company', 'value', 'created_at'],
      [
        101,
        'Maria José da Conceição',
        '+5511987654321',
        'Padaria Pão Quente Ltda.',
        12345.67,
        new Date('2026-11-01T12:30:00Z'),
      ],
      [
        102,
        '=HYPERLINK("http://x","y")',
        '+5521912345678',
        '-1',
        0,
        new Date('2026-11-03T09:00:00Z'),
      ],
    ]);
  });

  it('keeps the user’s column order and extra columns, updates in place, appends new leads', () => {
    const before = [
      ['Observação interna', 'stage', 'id', 'name', 'Comissão'],
      ['ligar cedo', 'Novo', 1, 'Ana', 150],
      ['', 'Novo', 2, 'Bruno', 80],
      ['cliente antigo', 'Ganho', 3, 'Carla', 300],
    ];
    const { plan, grid } = sync(
      before,
      ['id', 'name', 'stage', 'email'],
      [
        lead(2, { name: 'Bruno Costa', stage: 'Proposta', email: 'bruno@x.com.br' }),
        lead(4, { name: 'Diego', stage: 'Novo', email: '+55 não é número' }),
      ],
    );
    expect(grid).toEqual([
      ['Observação interna', 'stage', 'id', 'name', 'Comissão', 'email'],
      ['ligar cedo', 'Novo', 1, 'Ana', 150, ''],
      ['', 'Proposta', 2, 'Bruno Costa', 80, 'bruno@x.com.br'],
      // Lead 3 was not in this page (unchanged or deleted in the CRM): its row is left alone.
      ['cliente antigo', 'Ganho', 3, 'Carla', 300, ''],
      ['', 'Novo', 4, 'Diego', '', '+55 não é número'],
    ]);
    expect(plan.header).toEqual(['Observação interna', 'stage', 'id', 'name', 'Comissão', 'email']);
    expect(plan).toMatchObject({ updatedRows: 1, appendedRows: 1, unchangedRows: 0 });
    // The user's own columns (0 and 4) are never written, not even with their own values.
    for (const block of plan.writes) {
      const columns = block.values[0]?.map((_, j) => block.column + j) ?? [];
      expect(columns).not.toContain(0);
      expect(columns).not.toContain(4);
    }
    // Chosen columns 1-3 and 5 are two runs; header row 0 and data rows 2-4 are one run (gap ≤ 50).
    expect(plan.writes.map((b) => [b.row, b.column, b.values.length, b.values[0]?.length])).toEqual(
      [
        [0, 1, 5, 3],
        [0, 5, 5, 1],
      ],
    );
  });

  it('writes nothing for rows that already hold the same values', () => {
    const before = [
      ['id', 'name', 'created_at'],
      [1, 'Ana', new Date('2026-11-01T12:00:00Z')],
    ];
    const { plan } = sync(
      before,
      ['id', 'name', 'created_at'],
      [lead(1, { name: 'Ana', created_at: '2026-11-01T12:00:00Z' })],
    );
    expect(plan).toMatchObject({ updatedRows: 0, appendedRows: 0, unchangedRows: 1, writes: [] });
  });

  it('matches ids read back as text, and updates every row holding the same id', () => {
    const before = [
      ['id', 'name'],
      [' 7 ', 'Velho'],
      ['8', 'Outro'],
      [7, 'Cópia'],
    ];
    const { grid, plan } = sync(before, ['id', 'name'], [lead(7, { name: 'Novo nome' })]);
    expect(grid.map((row) => row[1])).toEqual(['name', 'Novo nome', 'Outro', 'Novo nome']);
    expect(plan.updatedRows).toBe(2);
  });

  it('keeps the later copy when a lead comes twice in one page', () => {
    const { grid } = sync(
      [['id', 'name']],
      ['id', 'name'],
      [lead(5, { name: 'Primeira versão' }), lead(5, { name: 'Segunda versão' })],
    );
    expect(grid).toEqual([
      ['id', 'name'],
      [5, 'Segunda versão'],
    ]);
  });

  it('joins nearby changed rows into one block, rewriting the rows between as they were', () => {
    const before: unknown[][] = [['id', 'name', 'phone']];
    for (let id = 1; id <= 30; id++)
      before.push([id, `Lead ${id}`, `+55119${String(id).padStart(8, '0')}`]);
    const changes = [
      lead(3, { name: 'Três' }),
      lead(9, { name: 'Nove' }),
      lead(28, { name: 'Vinte e oito' }),
    ];
    const joined = sync(
      before,
      ['id', 'name', 'phone'],
      changes.map((c) => ({ ...c, phone: '+5511900000000' })),
    );
    expect(joined.plan.writes).toHaveLength(1);
    expect(joined.plan.writes[0]).toMatchObject({ row: 3, column: 0 });
    expect(joined.plan.writes[0]?.values).toHaveLength(26);
    // Untouched rows between read back exactly as before: their text was re-marked as text.
    expect(joined.grid[4]).toEqual([4, 'Lead 4', '+5511900000004']);
    expect(joined.grid[9]).toEqual([9, 'Nove', '+5511900000000']);

    const split = sync(before, ['id', 'name', 'phone'], changes, 5);
    expect(split.plan.writes.map((b) => [b.row, b.values.length])).toEqual([
      [3, 7],
      [28, 1],
    ]);
    expect(split.grid[20]).toEqual(before[20]);
  });

  it.each([
    [
      [
        ['id', 'name'],
        [1, 'Ana'],
      ],
      ['name', 'stage'],
      /add the column "id" to columns/,
    ],
    [
      [
        ['Nome', 'E-mail'],
        ['Ana', 'ana@x.com'],
      ],
      ['id', 'name'],
      /has data but no "id" column/,
    ],
  ])('refuses to guess which row is which lead', (grid, columns, message) => {
    const [header = [], ...rows] = grid as unknown[][];
    expect(() => planSync({ header, rows, columns, leads: [lead(1, {})], toCell })).toThrow(
      message,
    );
  });

  it('adds the id column to a header-only sheet', () => {
    const { grid } = sync([['name']], ['id', 'name'], [lead(1, { name: 'Ana' })]);
    expect(grid).toEqual([
      ['name', 'id'],
      ['Ana', 1],
    ]);
  });
});

describe('planReplace', () => {
  const columns = ['id', 'name', 'company'];
  const leads = [richLead, hostileLead].map((l) => flattenLead(l, { customFields }));

  it('clears the used area and writes header and rows in one block on the first page', () => {
    const before = [
      ['velho', 'x', 'y', 'z'],
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 9, 9, 9],
    ];
    const plan = planReplace({
      columns,
      leads,
      toCell,
      writtenRows: 0,
      existing: { rows: 4 },
      owned: [0, 1, 2, 3],
    });
    expect(plan.clear).toEqual([{ row: 0, column: 0, rows: 4, columns: 4 }]);
    expect(plan.writes).toHaveLength(1);
    expect(applyPlan(before, plan)).toEqual([
      ['id', 'name', 'company', ''],
      [101, 'Maria José da Conceição', 'Padaria Pão Quente Ltda.', ''],
      [102, '=HYPERLINK("http://x","y")', '-1', ''],
      ['', '', '', ''],
    ]);
  });

  it('clears only the columns the export owns: a column a person added keeps its cells', () => {
    const before = [
      ['id', 'Observações', 'name', 'company'],
      [1, 'ligar segunda', 'x', 'y'],
      [2, 'cliente antigo', 'x', 'y'],
    ];
    const plan = planReplace({
      columns,
      leads: [],
      toCell,
      writtenRows: 0,
      existing: { rows: 3 },
      owned: [0, 2, 3],
    });
    expect(plan.clear).toEqual([
      { row: 0, column: 0, rows: 3, columns: 1 },
      { row: 0, column: 2, rows: 3, columns: 2 },
    ]);
    expect(applyPlan(before, { ...plan, writes: [] }).map((row) => row[1])).toEqual([
      'Observações',
      'ligar segunda',
      'cliente antigo',
    ]);
  });

  it('writes later pages below the rows already written, clearing nothing', () => {
    const plan = planReplace({
      columns,
      leads,
      toCell,
      writtenRows: 200,
      existing: { rows: 201 },
      owned: [0, 1, 2],
    });
    expect(plan.clear).toEqual([]);
    expect(plan.writes.map((b) => [b.row, b.column, b.values.length])).toEqual([[201, 0, 2]]);
  });

  it('writes just the header when the export is empty', () => {
    const plan = planReplace({
      columns,
      leads: [],
      toCell,
      writtenRows: 0,
      existing: { rows: 0 },
      owned: [],
    });
    expect(plan.clear).toEqual([]);
    expect(plan.writes).toEqual([{ row: 0, column: 0, values: [["'id", "'name", "'company"]] }]);
  });
});

describe('nextUpdatedSince', () => {
  it('is the start of this sync less a margin, as an ISO instant', () => {
    const started = Date.UTC(2026, 10, 21, 3, 0, 0);
    expect(nextUpdatedSince(started)).toBe('2026-11-21T02:55:00.000Z');
    expect(nextUpdatedSince(started, 0)).toBe('2026-11-21T03:00:00.000Z');
    expect(() => nextUpdatedSince(Number.NaN)).toThrow(/syncStartedAtMs must be a time/);
  });
});
