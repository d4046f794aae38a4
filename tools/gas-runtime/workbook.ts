import {
  type Cell,
  cellHasContent,
  displayValue,
  FORMULA_VALUE,
  isDateValue,
  parseEnteredString,
  type StoredValue,
} from './cells';
import type { ChartModel } from './charts';
import { assertTimeZone } from './time-zone';

/**
 * The in-memory spreadsheet, on the Node side. It outlives executions (each execution
 * gets fresh service objects over it) and never holds objects of an execution's realm.
 */
export interface DeveloperMetadataRecord {
  id: number;
  key: string;
  value: string | null;
  visibility: 'DOCUMENT' | 'PROJECT';
}

export interface Row {
  cells: Array<Cell | undefined>;
  /** Row-level developer metadata travels with the row through inserts, deletes and sorts. */
  metadata?: DeveloperMetadataRecord[];
  /** Hidden by a person (Hide row): travels with the row, as in Sheets. */
  hiddenByUser?: boolean;
  /** Hidden by the sheet's filter (tests set it with SheetModel.filterRows). */
  hiddenByFilter?: boolean;
}

export const DEFAULT_MAX_ROWS = 1000;
export const DEFAULT_MAX_COLUMNS = 26;

export interface WorkbookInit {
  sheets: Record<string, unknown[][]>;
  timeZone?: string;
  locale?: string;
  name?: string;
}

let nextMetadataId = 1;
export function newMetadataId(): number {
  return nextMetadataId++;
}

function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

/** Converts a value from Node or from an execution's realm into a cell, by Sheets' entry rules. */
export function cellFromInput(
  input: unknown,
  existing: Cell | undefined,
  timeZone: string,
): Cell | undefined {
  const format = existing?.format;
  const note = existing?.note;
  const keep = (cell: Cell): Cell => {
    if (format !== undefined) cell.format = format;
    if (note !== undefined) cell.note = note;
    return cell;
  };
  if (input === null || input === undefined || input === '') {
    return format === undefined && note === undefined ? undefined : keep({ value: '' });
  }
  if (typeof input === 'number') {
    return keep({ value: Number.isFinite(input) ? input : '#NUM!' });
  }
  if (typeof input === 'boolean') return keep({ value: input });
  if (isDate(input)) {
    const ms = input.getTime();
    const cell = keep({ value: Number.isNaN(ms) ? '' : { date: ms } });
    if (cell.format === undefined && !Number.isNaN(ms)) cell.format = 'M/d/yyyy H:mm:ss';
    return cell;
  }
  const entered = parseEnteredString(String(input), format, timeZone);
  const cell = keep({ value: entered.value });
  if (entered.formula !== undefined) cell.formula = entered.formula;
  if (cell.format === undefined && entered.impliedFormat) cell.format = entered.impliedFormat;
  return cell;
}

export class SheetModel {
  rows: Array<Row | undefined> = [];
  maxRows = DEFAULT_MAX_ROWS;
  maxColumns = DEFAULT_MAX_COLUMNS;
  frozenRows = 0;
  frozenColumns = 0;
  hidden = false;
  metadata: DeveloperMetadataRecord[] = [];
  /**
   * Column-level developer metadata, by 0-based column: it travels with its column through
   * inserts and deletes, as in Sheets.
   */
  columnMetadata: Array<DeveloperMetadataRecord[] | undefined> = [];
  /** Embedded charts, in insertion order (charts.ts). */
  charts: ChartModel[] = [];

  constructor(
    public name: string,
    public readonly sheetId: number,
    private readonly workbook: Workbook,
  ) {}

  get timeZone(): string {
    return this.workbook.timeZone;
  }

  cell(row: number, column: number): Cell | undefined {
    return this.rows[row - 1]?.cells[column - 1];
  }

  setCell(row: number, column: number, cell: Cell | undefined): void {
    this.ensureSize(row, column);
    let target = this.rows[row - 1];
    if (!target) {
      if (cell === undefined) return;
      target = { cells: [] };
      this.rows[row - 1] = target;
    }
    target.cells[column - 1] = cell;
  }

  /** Writes a value by Sheets' entry rules (what a person typing, or setValue, does). */
  enter(row: number, column: number, input: unknown): void {
    this.setCell(row, column, cellFromInput(input, this.cell(row, column), this.timeZone));
  }

  ensureSize(rows: number, columns: number): void {
    if (rows > this.maxRows) this.maxRows = rows;
    if (columns > this.maxColumns) this.maxColumns = columns;
  }

  lastRow(): number {
    for (let r = this.rows.length; r >= 1; r--) {
      if (this.rows[r - 1]?.cells.some(cellHasContent)) return r;
    }
    return 0;
  }

  lastColumn(): number {
    let last = 0;
    for (const row of this.rows) {
      if (!row) continue;
      for (let c = row.cells.length; c > last; c--) {
        if (cellHasContent(row.cells[c - 1])) {
          last = c;
          break;
        }
      }
    }
    return last;
  }

  insertRows(beforeRow: number, count: number): void {
    if (beforeRow - 1 < this.rows.length) {
      this.rows.splice(beforeRow - 1, 0, ...Array.from({ length: count }, () => undefined));
    }
    this.maxRows += count;
  }

  deleteRows(startRow: number, count: number): void {
    this.rows.splice(startRow - 1, count);
    this.maxRows -= count;
  }

  insertColumns(beforeColumn: number, count: number): void {
    for (const row of this.rows) {
      if (row && beforeColumn - 1 < row.cells.length) {
        row.cells.splice(beforeColumn - 1, 0, ...Array.from({ length: count }, () => undefined));
      }
    }
    if (beforeColumn - 1 < this.columnMetadata.length) {
      this.columnMetadata.splice(
        beforeColumn - 1,
        0,
        ...Array.from({ length: count }, () => undefined),
      );
    }
    this.maxColumns += count;
  }

  deleteColumns(startColumn: number, count: number): void {
    for (const row of this.rows) row?.cells.splice(startColumn - 1, count);
    this.columnMetadata.splice(startColumn - 1, count);
    this.maxColumns -= count;
  }

  /**
   * Sorts rows [firstRow, lastRow] of columns [firstColumn, lastColumn] by one column,
   * as Range.sort and a person's sort do: numbers and dates, then text, then booleans,
   * blanks last. When the block spans whole rows, row metadata moves with the rows.
   */
  sortBlock(
    firstRow: number,
    lastRow: number,
    firstColumn: number,
    lastColumn: number,
    keyColumn: number,
    ascending = true,
  ): void {
    const wholeRows =
      firstColumn === 1 && lastColumn >= Math.max(this.lastColumn(), this.maxColumns);
    const count = lastRow - firstRow + 1;
    const block: Row[] = [];
    for (let i = 0; i < count; i++) {
      const row = this.rows[firstRow - 1 + i];
      block.push(
        wholeRows
          ? (row ?? { cells: [] })
          : { cells: (row?.cells ?? []).slice(firstColumn - 1, lastColumn) },
      );
    }
    const keyIndex = wholeRows ? keyColumn - 1 : keyColumn - firstColumn;
    const key = (row: Row): StoredValue => row.cells[keyIndex]?.value ?? '';
    const rank = (v: StoredValue) =>
      typeof v === 'number' || isDateValue(v) ? 0 : typeof v === 'string' ? (v === '' ? 3 : 1) : 2;
    block.sort((a, b) => {
      const va = key(a);
      const vb = key(b);
      const ra = rank(va);
      const rb = rank(vb);
      if (ra === 3 || rb === 3) return ra === rb ? 0 : ra === 3 ? 1 : -1;
      let diff: number;
      if (ra !== rb) diff = ra - rb;
      else if (typeof va === 'string' && typeof vb === 'string')
        diff = va.localeCompare(vb, 'en', { sensitivity: 'base' });
      else diff = Number(isDateValue(va) ? va.date : va) - Number(isDateValue(vb) ? vb.date : vb);
      return ascending ? diff : -diff;
    });
    block.forEach((sorted, i) => {
      const r = firstRow + i;
      if (wholeRows) {
        this.rows[r - 1] = sorted;
        return;
      }
      for (let c = firstColumn; c <= lastColumn; c++)
        this.setCell(r, c, sorted.cells[c - firstColumn]);
    });
  }

  /** Marks rows hidden by a person (`hiddenByUser`) or shown again. 1-based. */
  hideRows(row: number, count: number, hidden = true): void {
    for (let r = row; r < row + count; r++) this.rowFlags(r).hiddenByUser = hidden;
  }

  /**
   * A filter that hides exactly `rows` (1-based) of this sheet and shows every other row,
   * as a person setting a filter's criteria does (the local runtime has no filter criteria).
   */
  filterRows(rows: readonly number[]): void {
    for (const row of this.rows) if (row) row.hiddenByFilter = false;
    for (const r of rows) this.rowFlags(r).hiddenByFilter = true;
  }

  isRowHiddenByUser(row: number): boolean {
    return this.rows[row - 1]?.hiddenByUser === true;
  }

  isRowHiddenByFilter(row: number): boolean {
    return this.rows[row - 1]?.hiddenByFilter === true;
  }

  private rowFlags(row: number): Row {
    this.ensureSize(row, 1);
    let target = this.rows[row - 1];
    if (!target) {
      target = { cells: [] };
      this.rows[row - 1] = target;
    }
    return target;
  }

  /** A person sorting the data below the header by one column (1-based). */
  sortRows(firstRow: number, lastRow: number, column: number, ascending = true): void {
    this.sortBlock(firstRow, lastRow, 1, this.maxColumns, column, ascending);
  }

  private grid<T>(read: (cell: Cell | undefined) => T): T[][] {
    const rows = this.lastRow();
    const columns = this.lastColumn();
    const out: T[][] = [];
    for (let r = 1; r <= rows; r++) {
      const line: T[] = [];
      for (let c = 1; c <= columns; c++) line.push(read(this.cell(r, c)));
      out.push(line);
    }
    return out;
  }

  /** The data range's values as Node values (Dates are Node Dates). For assertions. */
  getValues(): Array<Array<string | number | boolean | Date>> {
    return this.grid((cell) => hostValue(cell));
  }

  getFormulas(): string[][] {
    return this.grid((cell) => cell?.formula ?? '');
  }

  getDisplayValues(): string[][] {
    return this.grid((cell) => displayValue(cell, this.timeZone));
  }

  getNumberFormats(): string[][] {
    return this.grid((cell) => cell?.format ?? '');
  }

  /** Writes a block by Sheets' entry rules, as a person pasting would. 1-based. */
  setValues(row: number, column: number, values: unknown[][]): void {
    values.forEach((line, r) => {
      line.forEach((value, c) => {
        this.enter(row + r, column + c, value);
      });
    });
  }
}

export function hostValue(cell: Cell | undefined): string | number | boolean | Date {
  if (!cell) return '';
  if (cell.formula !== undefined && cell.value === FORMULA_VALUE) return FORMULA_VALUE;
  return isDateValue(cell.value) ? new Date(cell.value.date) : cell.value;
}

export class Workbook {
  readonly id: string;
  name: string;
  timeZone: string;
  locale: string;
  readonly sheets: SheetModel[] = [];
  activeSheetId = 0;
  /**
   * The person's selection (`getActiveRangeList`): A1 ranges of the active sheet, as a person
   * selecting with Ctrl/Cmd does. None (or another sheet made active): the default selection, A1.
   */
  selection: { sheetId: number; ranges: string[] } | undefined;
  metadata: DeveloperMetadataRecord[] = [];
  private nextSheetId = 0;

  constructor(options: { name?: string; timeZone?: string; locale?: string; id?: string } = {}) {
    this.id = options.id ?? `local-spreadsheet-${Math.random().toString(36).slice(2, 12)}`;
    this.name = options.name ?? 'Untitled spreadsheet';
    this.timeZone = options.timeZone ?? 'America/Sao_Paulo';
    assertTimeZone(this.timeZone);
    this.locale = options.locale ?? 'en_US';
  }

  static from(init: WorkbookInit | Workbook | undefined): Workbook {
    if (init instanceof Workbook) return init;
    const workbook = new Workbook(init ?? {});
    const entries = Object.entries(init?.sheets ?? { Sheet1: [] });
    if (entries.length === 0) entries.push(['Sheet1', []]);
    for (const [name, values] of entries) {
      if (!Array.isArray(values) || values.some((row) => !Array.isArray(row))) {
        throw new Error(`Workbook sheet "${name}" must be a 2-D array of rows (unknown[][]).`);
      }
      const sheet = workbook.addSheet(name);
      sheet.setValues(1, 1, values);
    }
    return workbook;
  }

  sheet(name: string): SheetModel {
    const sheet = this.findSheet(name);
    if (!sheet) {
      const names = this.sheets.map((s) => `"${s.name}"`).join(', ');
      throw new Error(`No sheet named "${name}" in the workbook (sheets: ${names}).`);
    }
    return sheet;
  }

  findSheet(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  /** A person selecting `ranges` (A1, e.g. "A5:C9", "12:12") on sheet `name`, which becomes active. */
  select(name: string, ranges: readonly string[]): void {
    this.activeSheetId = this.sheet(name).sheetId;
    this.selection = { sheetId: this.activeSheetId, ranges: [...ranges] };
  }

  get activeSheet(): SheetModel {
    const sheet = this.sheets.find((s) => s.sheetId === this.activeSheetId) ?? this.sheets[0];
    if (!sheet) throw new Error('The workbook has no sheets.');
    return sheet;
  }

  addSheet(name: string, index?: number): SheetModel {
    if (this.findSheet(name)) {
      throw new Error(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
    const sheetId = this.nextSheetId === 0 ? 0 : 1_000_000 + this.nextSheetId * 7_919;
    this.nextSheetId++;
    const sheet = new SheetModel(name, sheetId, this);
    if (index === undefined || index >= this.sheets.length) this.sheets.push(sheet);
    else this.sheets.splice(Math.max(0, index), 0, sheet);
    return sheet;
  }

  removeSheet(sheet: SheetModel): void {
    if (this.sheets.length === 1) {
      throw new Error("You can't remove all the sheets in a document.");
    }
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    if (this.activeSheetId === sheet.sheetId) this.activeSheetId = this.sheets[0]?.sheetId ?? 0;
  }

  nextUntitledSheetName(): string {
    let n = this.sheets.length + 1;
    while (this.findSheet(`Sheet${n}`)) n++;
    return `Sheet${n}`;
  }
}
