import { readFile, writeFile } from 'node:fs/promises';
import { type Cell, isDateValue } from './cells';
import { type SheetModel, Workbook } from './workbook';

/**
 * Workbooks to and from files a person can open: CSV (RFC 4180, one sheet) and XLSX
 * (every sheet, via exceljs). Loading applies Sheets' entry rules, as File > Import does.
 */

export function parseCsv(text: string, delimiter = ','): string[][] {
  if (delimiter.length !== 1)
    throw new Error(`CSV delimiter must be one character, got "${delimiter}".`);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  while (i < body.length) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && body[i + 1] === '\n') i++;
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) throw new Error('CSV ends inside a quoted field: a closing double quote is missing.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export function formatCsv(rows: string[][], delimiter = ','): string {
  const needsQuotes = new RegExp(`["\\r\\n${delimiter.replace(/[\\\]^-]/g, '\\$&')}]`);
  return rows
    .map((row) =>
      row
        .map((field) => (needsQuotes.test(field) ? `"${field.replace(/"/g, '""')}"` : field))
        .join(delimiter),
    )
    .join('\r\n');
}

/** A sheet as CSV: formulas as their text, every other cell as Sheets displays it. */
export function sheetToCsv(sheet: SheetModel): string {
  const formulas = sheet.getFormulas();
  const display = sheet.getDisplayValues();
  return formatCsv(display.map((row, r) => row.map((text, c) => formulas[r]?.[c] || text)));
}

export function workbookFromCsv(
  csv: string,
  options: { sheetName?: string; timeZone?: string; name?: string } = {},
): Workbook {
  return Workbook.from({
    sheets: { [options.sheetName ?? 'Sheet1']: parseCsv(csv) },
    timeZone: options.timeZone,
    name: options.name,
  });
}

export async function saveCsv(sheet: SheetModel, path: string): Promise<void> {
  await writeFile(path, `${sheetToCsv(sheet)}\r\n`, 'utf8');
}

export async function loadCsv(
  path: string,
  options: { sheetName?: string; timeZone?: string } = {},
): Promise<Workbook> {
  return workbookFromCsv(await readFile(path, 'utf8'), options);
}

type ExcelValue = null | string | number | boolean | Date | { formula: string; result?: unknown };

function toExcelValue(cell: Cell | undefined): ExcelValue {
  if (!cell) return null;
  if (cell.formula !== undefined) return { formula: cell.formula.slice(1) };
  if (isDateValue(cell.value)) return new Date(cell.value.date);
  return cell.value === '' ? null : cell.value;
}

export async function saveXlsx(workbook: Workbook, path: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  for (const sheet of workbook.sheets) {
    const target = book.addWorksheet(sheet.name);
    const rows = sheet.lastRow();
    const columns = sheet.lastColumn();
    for (let r = 1; r <= rows; r++) {
      for (let c = 1; c <= columns; c++) {
        const cell = sheet.cell(r, c);
        const value = toExcelValue(cell);
        if (value === null && !cell?.format) continue;
        const out = target.getCell(r, c);
        out.value = value as never;
        if (cell?.format) out.numFmt = cell.format;
      }
    }
  }
  await book.xlsx.writeFile(path);
}

export async function loadXlsx(
  path: string,
  options: { timeZone?: string } = {},
): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const workbook = new Workbook({ timeZone: options.timeZone });
  book.eachSheet((source) => {
    const sheet = workbook.addSheet(source.name);
    source.eachRow({ includeEmpty: false }, (row, r) => {
      row.eachCell({ includeEmpty: false }, (excelCell, c) => {
        const value = excelCell.value as unknown;
        const format =
          excelCell.numFmt && excelCell.numFmt !== 'General' ? excelCell.numFmt : undefined;
        let cell: Cell | undefined;
        if (value && typeof value === 'object' && 'formula' in value) {
          cell = { value: '#NAME?', formula: `=${String((value as { formula: string }).formula)}` };
        } else if (value && typeof value === 'object' && 'richText' in value) {
          const parts = (value as { richText: Array<{ text: string }> }).richText;
          cell = { value: parts.map((p) => p.text).join('') };
        } else if (value instanceof Date) {
          cell = { value: { date: value.getTime() } };
        } else if (
          typeof value === 'string' ||
          typeof value === 'number' ||
          typeof value === 'boolean'
        ) {
          cell = { value };
        } else if (value !== null && value !== undefined) {
          cell = { value: String(excelCell.text) };
        }
        if (cell) {
          if (format) cell.format = format;
          sheet.setCell(r, c, cell);
        }
      });
    });
  });
  if (workbook.sheets.length === 0) workbook.addSheet('Sheet1');
  return workbook;
}
