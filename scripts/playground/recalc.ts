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
  formulaLocaleOf,
  type Outcome,
  PARSE_ERROR,
  parseFormula,
  type Scalar,
} from './formula';

/**
 * Formulas in the playground's workbook, as Sheets shows them: a formula's 2-D result spills
 * into the cells below and to the right; it is computed again only when what its references
 * hold changes, or when it is entered again (as Sheets recalculates a custom function); it shows
 * #REF! while its spill would overwrite data, and spills again once that data is gone.
 *
 * The runtime's cells get two symbol-keyed marks (JSON, CSV and XLSX never see them). The
 * runtime rebuilds a cell as `{...cell, …}` when a script formats it or notes it, and as a fresh
 * object when a value or formula is written. So a formula keeps its identity (FORMULA) through
 * formatting but gets a new one when entered again, and a spilled cell keeps its mark (SPILLED_FROM)
 * through formatting but loses it when a person or a script writes into it, which then counts as
 * data in the way. Cells move as objects on row inserts, deletes and sorts, and the marks move
 * with them.
 */
const FORMULA = Symbol('playground formula');
const SPILLED_FROM = Symbol('playground spill');
/** One formula as entered; its state is keyed by this token. */
type Token = { readonly formula: string };
type Marked = Cell & { [FORMULA]?: Token; [SPILLED_FROM]?: Token };

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
  token: Token;
}

/** The token of a formula cell, given on first sight. */
function tokenOf(cell: Marked): Token {
  cell[FORMULA] ??= { formula: cell.formula ?? '' };
  return cell[FORMULA];
}

export function createRecalc(workbook: Workbook, call: CallFunction): Recalc {
  const states = new WeakMap<Token, FormulaState>();
  const stateOf = (cell: Marked | undefined) =>
    cell?.formula !== undefined && cell[FORMULA] ? states.get(cell[FORMULA]) : undefined;

  // References without a sheet name point into the formula's own sheet.
  let currentSheet: SheetModel = workbook.activeSheet;
  const reader: CellReader = {
    read(sheetName, row, column) {
      const sheet = sheetName === undefined ? undefined : workbook.findSheet(sheetName);
      if (sheetName !== undefined && !sheet) return undefined;
      const cell = (sheet ?? currentSheet).cell(row, column);
      const shown = stateOf(cell)?.shown;
      if (shown) return shown;
      return hostValue(cell) as Scalar;
    },
  };

  /** The cell where the anchor's formula is, if it is still there. */
  const anchorCell = ({ sheet, row, column, token }: Anchor): Marked | undefined => {
    const cell: Marked | undefined = sheet.cell(row, column);
    return cell?.formula !== undefined && cell[FORMULA] === token ? cell : undefined;
  };
  const ownedBy = (cell: Marked | undefined, token: Token) =>
    cell !== undefined && cell.formula === undefined && cell[SPILLED_FROM] === token;

  const compute = (anchor: Anchor): boolean => {
    const { formula } = anchor.token;
    let bound: ReturnType<typeof bind>;
    try {
      currentSheet = anchor.sheet;
      bound = bind(parseFormula(formula, formulaLocaleOf(workbook.locale)), reader);
    } catch {
      bound = { kind: 'error', error: PARSE_ERROR };
    }
    const key = fingerprint(bound);
    if (states.get(anchor.token)?.fingerprint === key) return false;
    states.set(anchor.token, { fingerprint: key, outcome: evaluate(bound, call) });
    return true;
  };

  /** Writes the anchor's value and its spill; returns true when any cell changed. */
  const spill = (anchor: Anchor, spilled: Map<Token, Array<[number, number]>>): boolean => {
    const { sheet, row, column, token } = anchor;
    const state = states.get(token);
    // Replaced while its function ran (a request handled meanwhile): the next pass sees the new one.
    const cell = anchorCell(anchor);
    if (!state || !cell) return false;
    const table = state.outcome.ok ? asTable(state.outcome.value) : [[state.outcome.error.code]];
    let blocker: string | undefined;
    for (let r = 0; r < table.length && !blocker; r++) {
      for (let c = 0; c < (table[r]?.length ?? 0); c++) {
        if (r === 0 && c === 0) continue;
        const there = sheet.cell(row + r, column + c);
        if (cellHasContent(there) && !ownedBy(there, token)) {
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
          if (there && ownedBy(there, token) && sameValue(there.value, stored)) return;
          // A format a script gave the spilled cell stays; the value is the formula's.
          const next: Marked = { value: stored, [SPILLED_FROM]: token };
          if (there?.format !== undefined && ownedBy(there, token)) next.format = there.format;
          sheet.setCell(row + r, column + c, next);
          changed = true;
        });
      });
    }
    for (const [r, c] of spilled.get(token) ?? []) {
      if (keep.has(`${r}:${c}`)) continue;
      if (clearSpilled(sheet, r, c, token)) changed = true;
    }
    spilled.delete(token);
    return changed;
  };

  const scan = () => {
    const anchors: Anchor[] = [];
    const spilled = new Map<Token, Array<[number, number]>>();
    const where = new Map<Token, SheetModel>();
    for (const sheet of workbook.sheets) {
      sheet.rows.forEach((line, r) => {
        line?.cells.forEach((cell: Marked | undefined, c) => {
          if (!cell) return;
          if (cell.formula !== undefined) {
            anchors.push({ sheet, row: r + 1, column: c + 1, token: tokenOf(cell) });
            return;
          }
          const owner = cell[SPILLED_FROM];
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
    // What is left belongs to formulas that were deleted or entered again: their spill goes too.
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
  const clearSpilled = (sheet: SheetModel, row: number, column: number, owner: Token) => {
    if (!ownedBy(sheet.cell(row, column), owner)) return false;
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
    note(cell: Marked | undefined) {
      if (!cell) return undefined;
      if (cell.formula === undefined) return cell[SPILLED_FROM] ? { spilled: true } : undefined;
      const shown = stateOf(cell)?.shown;
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
