import { parseA1 } from '../../tools/gas-runtime/a1';
import type { Workbook } from '../../tools/gas-runtime/workbook';
import { entryForRuntime } from './locale-cells';

/**
 * What a person does to the workbook itself in the playground (issue 18.10): paste a block of
 * rows copied from another sheet, add a sheet, rename one, bring one to the front. Each answers
 * `{ok}` or `{ok: false, error}` in words, and changes nothing when it refuses.
 */
export type EditAnswer = { ok: true; sheet?: string } | { ok: false; error: string };

/** A pasted block is a person's copy, not a data load: past this, use the import. */
export const MAX_PASTE_CELLS = 50_000;
/** Sheets' own limit for a sheet name. */
const MAX_SHEET_NAME = 100;

/**
 * Tab-separated text as Sheets (and Excel) put it on the clipboard: rows end with a newline,
 * cells with a tab, and a cell holding a tab, a newline or a quote is quoted with "" inside.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let at = 0;
  const body = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  while (at <= body.length) {
    if (cell === '' && body[at] === '"') {
      const end = closingQuote(body, at + 1);
      if (end !== -1 && (end + 1 === body.length || /[\t\n]/.test(body[end + 1] ?? ''))) {
        cell = body.slice(at + 1, end).replace(/""/g, '"');
        at = end + 1;
        continue;
      }
    }
    const ch = body[at];
    if (ch === undefined || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
    at++;
  }
  return rows;
}

function closingQuote(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    if (text[at] !== '"') continue;
    if (text[at + 1] === '"') at++;
    else return at;
  }
  return -1;
}

export function pasteBlock(workbook: Workbook, body: Record<string, unknown>): EditAnswer {
  const { sheet: name, a1, text } = body;
  if (typeof name !== 'string' || typeof a1 !== 'string' || typeof text !== 'string') {
    return { ok: false, error: 'Send {sheet, a1, text} as text.' };
  }
  const sheet = workbook.findSheet(name);
  if (!sheet) return { ok: false, error: `No sheet named "${name}".` };
  const at = parseA1(a1);
  if (!at || at.startRow === undefined || at.startColumn === undefined) {
    return { ok: false, error: `"${a1}" is not a cell (e.g. B2).` };
  }
  const rows = parseTsv(text);
  const cells = rows.reduce((sum, row) => sum + row.length, 0);
  if (cells > MAX_PASTE_CELLS) {
    return {
      ok: false,
      error: `The block has ${cells} cells; paste at most ${MAX_PASTE_CELLS} at once.`,
    };
  }
  rows.forEach((row, r) => {
    row.forEach((value, c) => {
      sheet.enter(
        (at.startRow as number) + r,
        (at.startColumn as number) + c,
        entryForRuntime(value, workbook.locale),
      );
    });
  });
  return { ok: true, sheet: name };
}

function checkSheetName(workbook: Workbook, name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return 'Type a name for the sheet.';
  if (name.trim().length > MAX_SHEET_NAME)
    return `A sheet name has at most ${MAX_SHEET_NAME} characters.`;
  if (workbook.findSheet(name.trim())) {
    return `A sheet with the name "${name.trim()}" already exists. Please enter another name.`;
  }
  return undefined;
}

/** Adds a sheet at the end (Sheet2, Sheet3… when unnamed); it becomes the active one, as in Sheets. */
export function addSheet(workbook: Workbook, body: Record<string, unknown>): EditAnswer {
  const name = body.name === undefined ? workbook.nextUntitledSheetName() : body.name;
  const problem = checkSheetName(workbook, name);
  if (problem) return { ok: false, error: problem };
  const sheet = workbook.addSheet(String(name).trim());
  workbook.activeSheetId = sheet.sheetId;
  return { ok: true, sheet: sheet.name };
}

export function renameSheet(workbook: Workbook, body: Record<string, unknown>): EditAnswer {
  const { from, to } = body;
  const sheet = typeof from === 'string' ? workbook.findSheet(from) : undefined;
  if (!sheet) return { ok: false, error: `No sheet named "${String(from)}".` };
  if (typeof to === 'string' && to.trim() === sheet.name) return { ok: true, sheet: sheet.name };
  const problem = checkSheetName(workbook, to);
  if (problem) return { ok: false, error: problem };
  sheet.name = String(to).trim();
  return { ok: true, sheet: sheet.name };
}

/** The tab a person clicked is the active sheet, as getActiveSheet() then tells the add-on. */
export function activateSheet(workbook: Workbook, body: Record<string, unknown>): EditAnswer {
  const sheet = typeof body.sheet === 'string' ? workbook.findSheet(body.sheet) : undefined;
  if (!sheet) return { ok: false, error: `No sheet named "${String(body.sheet)}".` };
  workbook.activeSheetId = sheet.sheetId;
  return { ok: true, sheet: sheet.name };
}
