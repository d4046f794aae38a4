import { lettersToColumn } from '../../tools/gas-runtime/a1';

/**
 * The playground's small formula language: enough to try the add-on's custom functions the way
 * Sheets calls them, not a spreadsheet engine. A formula is one expression: a literal (text in
 * double quotes, a number, TRUE or FALSE), a cell or a range (A1, $B$2, A1:C3, 'Envios'!B2), or
 * a call whose arguments are expressions. Only the bundle's CRM_* functions are evaluated (the
 * caller decides how); Sheets' own functions (SUM, IF …) are not, and say so as #NAME?.
 */

export type Scalar = string | number | boolean | Date;
/** What a custom function receives for one argument: a value, or a 2-D array for a range. */
export type ArgValue = Scalar | Scalar[][];

export type Expr =
  | { kind: 'literal'; value: string | number | boolean }
  | {
      kind: 'ref';
      sheet?: string;
      startRow: number;
      startColumn: number;
      endRow: number;
      endColumn: number;
    }
  | { kind: 'call'; name: string; args: Expr[] };

/** The error values Sheets shows in a cell; the message is what its hover says. */
export type ErrorCode = '#ERROR!' | '#NAME?' | '#REF!' | '#N/A';
export interface FormulaError {
  code: ErrorCode;
  message: string;
}

/** Sheets' own words for a formula it cannot read. */
export const PARSE_ERROR: FormulaError = { code: '#ERROR!', message: 'Formula parse error.' };

const CALL = /^([A-Za-z_][\w.]*)\s*\(/;
const CELL = /\$?([A-Za-z]{1,3})\$?(\d+)/;
const REF = new RegExp(
  `^(?:('(?:[^']|'')+'|[A-Za-z_][\\w.]*)!)?${CELL.source}(?::${CELL.source})?(?![\\w(])`,
);
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
/** A number written with a decimal comma (pt_BR): 1,5 or 1234,56. */
const COMMA_NUMBER = /^\d+(?:,\d+)?(?:[eE][+-]?\d+)?/;
const BOOLEAN = /^(TRUE|FALSE|VERDADEIRO|FALSO)(?![\w(])/i;
const TRUE_WORDS = ['TRUE', 'VERDADEIRO'];

/**
 * How the spreadsheet's locale makes a person type a formula (issue 18.6). A locale that
 * writes 1,5 (pt_BR) separates arguments with `;` and reads 1,5 as a number; TRUE / FALSE are
 * also typed VERDADEIRO / FALSO there. A pt_BR formula with no `;` at all is read the en_US way,
 * so a formula copied from English help still works.
 */
export interface FormulaLocale {
  decimalComma: boolean;
}

export const EN_US_FORMULAS: FormulaLocale = { decimalComma: false };

/** `pt_BR`, `de_DE`, `fr_FR`… write 1,5; `en_US`, `en_GB`, `ja_JP` write 1.5. */
export function formulaLocaleOf(spreadsheetLocale: string): FormulaLocale {
  const tag = spreadsheetLocale.replace(/_/g, '-');
  try {
    return { decimalComma: new Intl.NumberFormat(tag).format(1.5).includes(',') };
  } catch {
    return EN_US_FORMULAS;
  }
}

/** Parses the text after `=`; throws PARSE_ERROR's message when it is not one expression. */
export function parseFormula(formula: string, locale: FormulaLocale = EN_US_FORMULAS): Expr {
  const text = formula.startsWith('=') ? formula.slice(1) : formula;
  // Outside quoted text, a `;` says the formula is typed the decimal-comma way.
  const semicolons = locale.decimalComma && /;/.test(text.replace(/"(?:[^"]|"")*"/g, ''));
  const separator = semicolons ? ';' : ',';
  const numberPattern = semicolons ? COMMA_NUMBER : NUMBER;
  let at = 0;
  const fail = (): never => {
    throw new Error(PARSE_ERROR.message);
  };
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text.charAt(at))) at++;
  };
  const rest = () => text.slice(at);

  const expression = (): Expr => {
    skipSpace();
    const source = rest();
    if (source.startsWith('"')) return stringLiteral();
    const negative = source.startsWith('-');
    const number = numberPattern.exec(negative ? source.slice(1) : source);
    if (number) {
      at += number[0].length + (negative ? 1 : 0);
      const value = Number(number[0].replace(',', '.'));
      return { kind: 'literal', value: negative ? -value : value };
    }
    const call = CALL.exec(source);
    if (call) {
      at += call[0].length;
      return { kind: 'call', name: (call[1] ?? '').toUpperCase(), args: callArguments() };
    }
    const ref = REF.exec(source);
    if (ref) {
      at += ref[0].length;
      return reference(ref);
    }
    const bool = BOOLEAN.exec(source);
    if (bool) {
      at += bool[0].length;
      return { kind: 'literal', value: TRUE_WORDS.includes(bool[1]?.toUpperCase() ?? '') };
    }
    return fail();
  };

  const stringLiteral = (): Expr => {
    let value = '';
    at++; // the opening quote
    for (;;) {
      const quote = text.indexOf('"', at);
      if (quote < 0) return fail();
      value += text.slice(at, quote);
      at = quote + 1;
      if (text.charAt(at) !== '"') return { kind: 'literal', value };
      value += '"'; // "" inside a string is one quote
      at++;
    }
  };

  const callArguments = (): Expr[] => {
    const args: Expr[] = [];
    skipSpace();
    if (text.charAt(at) === ')') {
      at++;
      return args;
    }
    for (;;) {
      args.push(expression());
      skipSpace();
      const next = text.charAt(at);
      at++;
      if (next === ')') return args;
      if (next !== separator) return fail();
    }
  };

  const expr = expression();
  skipSpace();
  if (at !== text.length) fail();
  return expr;
}

function reference(match: RegExpExecArray): Expr {
  const [, quotedOrName, startLetters = '', startDigits = '', endLetters, endDigits] = match;
  const firstColumn = lettersToColumn(startLetters);
  const firstRow = Number(startDigits);
  const lastColumn = endLetters ? lettersToColumn(endLetters) : firstColumn;
  const lastRow = endDigits ? Number(endDigits) : firstRow;
  if (firstRow < 1 || lastRow < 1) throw new Error(PARSE_ERROR.message);
  const expr: Expr = {
    kind: 'ref',
    startRow: Math.min(firstRow, lastRow),
    startColumn: Math.min(firstColumn, lastColumn),
    endRow: Math.max(firstRow, lastRow),
    endColumn: Math.max(firstColumn, lastColumn),
  };
  if (quotedOrName !== undefined) {
    expr.sheet = quotedOrName.startsWith("'")
      ? quotedOrName.slice(1, -1).replace(/''/g, "'")
      : quotedOrName;
  }
  return expr;
}

/** A formula with every reference replaced by what the cells hold now. */
export type Bound =
  | { kind: 'value'; value: ArgValue }
  | { kind: 'call'; name: string; args: Bound[] }
  | { kind: 'error'; error: FormulaError };

export interface CellReader {
  /** The value of one cell, or the error its formula shows; undefined when the sheet is missing. */
  read(sheet: string | undefined, row: number, column: number): Scalar | FormulaError | undefined;
}

function isError(value: Scalar | FormulaError | undefined): value is FormulaError {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/**
 * Resolves references: a single cell passes its value and a range a 2-D array of values, as
 * Sheets passes them to a custom function; a referenced formula's error becomes this formula's.
 */
export function bind(expr: Expr, reader: CellReader): Bound {
  if (expr.kind === 'literal') return { kind: 'value', value: expr.value };
  if (expr.kind === 'call') {
    return { kind: 'call', name: expr.name, args: expr.args.map((arg) => bind(arg, reader)) };
  }
  const rows: Scalar[][] = [];
  for (let row = expr.startRow; row <= expr.endRow; row++) {
    const line: Scalar[] = [];
    for (let column = expr.startColumn; column <= expr.endColumn; column++) {
      const value = reader.read(expr.sheet, row, column);
      if (value === undefined) {
        return {
          kind: 'error',
          error: { code: '#REF!', message: `Unresolved sheet name '${expr.sheet}'.` },
        };
      }
      if (isError(value)) return { kind: 'error', error: value };
      line.push(value);
    }
    rows.push(line);
  }
  const single = rows.length === 1 && rows[0]?.length === 1;
  return { kind: 'value', value: single ? (rows[0]?.[0] ?? '') : rows };
}

/** Equal for two bound formulas exactly when every input is the same (dates by instant). */
export function fingerprint(bound: Bound): string {
  return JSON.stringify(bound, function dates(this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? { date: raw.getTime() } : value;
  });
}

export type Outcome = { ok: true; value: unknown } | { ok: false; error: FormulaError };
/** Runs one function of the formula with its evaluated arguments. */
export type CallFunction = (name: string, args: unknown[]) => Outcome;

/** Evaluates innermost calls first; the first error met is the formula's. */
export function evaluate(bound: Bound, call: CallFunction): Outcome {
  if (bound.kind === 'value') return { ok: true, value: bound.value };
  if (bound.kind === 'error') return { ok: false, error: bound.error };
  const args: unknown[] = [];
  for (const arg of bound.args) {
    const outcome = evaluate(arg, call);
    if (!outcome.ok) return outcome;
    args.push(outcome.value);
  }
  return call(bound.name, args);
}
