import { toA1 } from '../../tools/gas-runtime/a1';
import { type Cell, cellHasContent } from '../../tools/gas-runtime/cells';
import { hostValue, type SheetModel, type Workbook } from '../../tools/gas-runtime/workbook';
import {
  bind,
  type CallFunction,
  type CellReader,
  evaluate,
  type FormulaError,
  fingerprint,
  type Outcome,
  PARSE_ERROR,
  parseFormula,
  type Scalar,
} from './formula';

/**
 * Formulas in the playground's workbook, as Sheets shows them: a formula's 2-D result spills
 * into the cells below and to the right; it is computed again only when what its references
 * hold changes (as Sheets recalculates a custom function); it shows #REF! while its spill would
 * overwrite data, and spills again once that data is gone.
 *
 * Nothing is added to the runtime's cells. A formula's state is keyed by its Cell object, and a
 * spilled cell is one this module created: a person or a script writing into the spill range
 * replaces the cell with a new object, which then counts as data in the way. Cells keep their
 * objects when rows are inserted, deleted or sorted, so the states move with them.
 */

export interface FormulaState {
  fingerprint: string;
  outcome: Outcome;
  /** What the cell shows when it is not a value: the error, or #REF! for a blocked spill. */
  shown?: FormulaError;
}

/** What the grid shows about one cell beyond its value. */
export interface CellNote {
  formula?: string;
  error?: FormulaError;
  spilled?: boolean;
}

export interface Recalc {
  /** Computes new formulas and those whose inputs changed, then spills; true if a cell changed. */
  run(): boolean;
  note(cell: Cell | undefined): CellNote | undefined;
}

/** A chain of formulas reading each other settles in a few passes; a cycle stops here. */
const MAX_PASSES = 8;

function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

/** A custom function's result as rows of cells: a single value is a 1×1 table. */
function asTable(value: unknown): unknown[][] {
  if (!Array.isArray(value)) return [[value]];
  const rows = value.map((row) => (Array.isArray(row) ? row : [row]));
  const width = Math.max(1, ...rows.map((row) => row.length));
  return rows.length === 0
    ? [['']]
    : rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
}

/** Values from a custom function are stored as they are: text is never read as a formula. */
function storedValue(value: unknown): Cell['value'] {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '#NUM!';
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (isDate(value)) return Number.isNaN(value.getTime()) ? '' : { date: value.getTime() };
  return String(value);
}

function sameValue(a: Cell['value'], b: Cell['value']): boolean {
  if (typeof a === 'object' && typeof b === 'object') return a.date === b.date;
  return a === b;
}

interface Anchor {
  sheet: SheetModel;
  row: number;
  column: number;
  cell: Cell;
}

export function createRecalc(workbook: Workbook, call: CallFunction): Recalc {
  const states = new WeakMap<Cell, FormulaState>();
  /** Spilled cell → the formula cell it belongs to. */
  const spilledFrom = new WeakMap<Cell, Cell>();

  // References without a sheet name point into the formula's own sheet.
  let currentSheet: SheetModel = workbook.activeSheet;
  const reader: CellReader = {
    read(sheetName, row, column) {
      const sheet = sheetName === undefined ? undefined : workbook.findSheet(sheetName);
      if (sheetName !== undefined && !sheet) return undefined;
      const cell = (sheet ?? currentSheet).cell(row, column);
      const shown = cell ? states.get(cell)?.shown : undefined;
      if (shown) return shown;
      return hostValue(cell) as Scalar;
    },
  };

  const compute = (anchor: Anchor): boolean => {
    const formula = anchor.cell.formula ?? '';
    let bound: ReturnType<typeof bind>;
    try {
      currentSheet = anchor.sheet;
      bound = bind(parseFormula(formula), reader);
    } catch {
      bound = { kind: 'error', error: PARSE_ERROR };
    }
    const key = `${formula}\n${fingerprint(bound)}`;
    const before = states.get(anchor.cell);
    if (before?.fingerprint === key) return false;
    states.set(anchor.cell, { fingerprint: key, outcome: evaluate(bound, call) });
    return true;
  };

  /** Writes the anchor's value and its spill; returns true when any cell changed. */
  const spill = (anchor: Anchor, spilled: Map<Cell, Array<[number, number]>>): boolean => {
    const state = states.get(anchor.cell);
    if (!state) return false;
    const { sheet, row, column, cell } = anchor;
    // Replaced while its function ran (a request handled meanwhile): the next pass sees the new one.
    if (sheet.cell(row, column) !== cell) return false;
    const table = state.outcome.ok ? asTable(state.outcome.value) : [[state.outcome.error.code]];
    let blocker: string | undefined;
    for (let r = 0; r < table.length && !blocker; r++) {
      for (let c = 0; c < (table[r]?.length ?? 0); c++) {
        if (r === 0 && c === 0) continue;
        const there = sheet.cell(row + r, column + c);
        if (cellHasContent(there) && spilledFrom.get(there as Cell) !== cell) {
          blocker = toA1(row + r, column + c, 1, 1);
          break;
        }
      }
    }
    const shown: FormulaError | undefined = blocker
      ? {
          code: '#REF!',
          message: `Array result was not expanded because it would overwrite data in ${blocker}.`,
        }
      : state.outcome.ok
        ? undefined
        : state.outcome.error;
    let changed = shown?.message !== state.shown?.message;
    if (shown) state.shown = shown;
    else delete state.shown;
    const top = shown ? shown.code : storedValue(table[0]?.[0]);
    if (!sameValue(cell.value, top)) {
      cell.value = top;
      changed = true;
    }
    const keep = new Set<string>();
    if (!shown) {
      table.forEach((line, r) => {
        line.forEach((value, c) => {
          if (r === 0 && c === 0) return;
          keep.add(`${row + r}:${column + c}`);
          const there = sheet.cell(row + r, column + c);
          const stored = storedValue(value);
          if (there && spilledFrom.get(there) === cell && sameValue(there.value, stored)) return;
          const next: Cell = { value: stored };
          spilledFrom.set(next, cell);
          sheet.setCell(row + r, column + c, next);
          changed = true;
        });
      });
    }
    for (const [r, c] of spilled.get(cell) ?? []) {
      if (keep.has(`${r}:${c}`)) continue;
      if (clearSpilled(sheet, r, c, cell)) changed = true;
    }
    spilled.delete(cell);
    return changed;
  };

  const scan = () => {
    const anchors: Anchor[] = [];
    const spilled = new Map<Cell, Array<[number, number]>>();
    const where = new Map<Cell, SheetModel>();
    for (const sheet of workbook.sheets) {
      sheet.rows.forEach((line, r) => {
        line?.cells.forEach((cell, c) => {
          if (!cell) return;
          if (cell.formula !== undefined) anchors.push({ sheet, row: r + 1, column: c + 1, cell });
          const owner = spilledFrom.get(cell);
          if (owner) {
            const list = spilled.get(owner) ?? [];
            list.push([r + 1, c + 1]);
            spilled.set(owner, list);
            where.set(owner, sheet);
          }
        });
      });
    }
    return { anchors, spilled, where };
  };

  const pass = (): boolean => {
    const { anchors, spilled, where } = scan();
    let changed = false;
    for (const anchor of anchors) {
      if (compute(anchor)) changed = true;
      if (spill(anchor, spilled)) changed = true;
    }
    // What is left belongs to formulas that were deleted or replaced: their spill goes too.
    for (const [owner, cells] of spilled) {
      const sheet = where.get(owner);
      for (const [r, c] of cells) if (sheet && clearSpilled(sheet, r, c, owner)) changed = true;
    }
    return changed;
  };

  /**
   * Clears a spilled cell, unless something else took its place meanwhile: a custom function
   * runs UrlFetchApp, where the page's waiting requests (a person's edit) are handled.
   */
  const clearSpilled = (sheet: SheetModel, row: number, column: number, owner: Cell) => {
    const there = sheet.cell(row, column);
    if (!there || spilledFrom.get(there) !== owner) return false;
    sheet.setCell(row, column, undefined);
    return true;
  };

  // A request handled inside a custom function's execution may ask for a recalculation while
  // one runs: the running one then makes another pass instead.
  let running = false;
  let askedAgain = false;
  return {
    run() {
      if (running) {
        askedAgain = true;
        return false;
      }
      running = true;
      let changed = false;
      try {
        for (let i = 0; i < MAX_PASSES; i++) {
          askedAgain = false;
          if (!pass() && !askedAgain) break;
          changed = true;
        }
      } finally {
        running = false;
      }
      return changed;
    },
    note(cell) {
      if (!cell) return undefined;
      if (spilledFrom.has(cell)) return { spilled: true };
      if (cell.formula === undefined) return undefined;
      const shown = states.get(cell)?.shown;
      return shown ? { formula: cell.formula, error: shown } : { formula: cell.formula };
    },
  };
}

const CUSTOM_FUNCTION = /^CRM_[A-Z0-9_]+$/;

/**
 * How a cell's formula calls a function: the bundle's CRM_* functions run as custom-function
 * executions of the local runtime (read-only, 30 s, the owner's settings), as Sheets runs them;
 * any other function is Sheets' own, which this page does not compute.
 */
export function bundleFunctions(runtime: {
  runCustomFunction(
    name: string,
    ...args: unknown[]
  ): {
    ok: boolean;
    value: unknown;
    error?: { message: string };
  };
}): CallFunction {
  return (name, args) => {
    if (!CUSTOM_FUNCTION.test(name)) {
      return {
        ok: false,
        error: {
          code: '#NAME?',
          message: `The playground computes only the add-on's CRM_* functions; ${name} is computed by Google Sheets, not here.`,
        },
      };
    }
    const result = runtime.runCustomFunction(name, ...args);
    if (result.ok) return { ok: true, value: result.value };
    const message = result.error?.message ?? 'The function failed.';
    if (message.startsWith('Script function not found')) {
      return { ok: false, error: { code: '#NAME?', message: `Unknown function: '${name}'.` } };
    }
    return { ok: false, error: { code: '#ERROR!', message } };
  };
}
