import { parseA1, toA1 } from './a1';
import { AUTOMATIC_FORMAT, type Cell, displayValue, FORMULA_VALUE, isDateValue } from './cells';
import {
  type ChartHost,
  type ChartRange,
  chartBuilder,
  chartObject,
  insertChart,
  newChartModel,
  removeChart,
  updateChart,
} from './charts';
import { SCOPES } from './consent';
import { type ExecutionEnv, gated } from './execution';
import type { HtmlOutputRecord } from './html-service';
import {
  cellFromInput,
  type DeveloperMetadataRecord,
  newMetadataId,
  type SheetModel,
  type Workbook,
} from './workbook';

/** Either Sheets scope opens the spreadsheet (the bound manifest asks for currentonly). */
const SHEETS_SCOPES = [SCOPES.spreadsheets, SCOPES.spreadsheetsCurrentOnly];
/**
 * SpreadsheetApp over the in-memory Workbook. Messages of the exceptions are the ones
 * Apps Script throws (https://developers.google.com/apps-script/reference/spreadsheet).
 */
/** What tells a sheet's rows from its columns in the Sheet methods that insert and delete them. */
interface SheetAxis {
  /** As in the method names: insertRowBefore, deleteColumns. */
  singular: 'Row' | 'Column';
  plural: 'Rows' | 'Columns';
  /** As in Apps Script's messages. */
  word: 'row' | 'column';
  size(sheet: SheetModel): number;
  insert(sheet: SheetModel, before: number, count: number): void;
  remove(sheet: SheetModel, start: number, count: number): void;
}
const ROWS: SheetAxis = {
  singular: 'Row',
  plural: 'Rows',
  word: 'row',
  size: (sheet) => sheet.maxRows,
  insert: (sheet, before, count) => sheet.insertRows(before, count),
  remove: (sheet, start, count) => sheet.deleteRows(start, count),
};
const COLUMNS: SheetAxis = {
  singular: 'Column',
  plural: 'Columns',
  word: 'column',
  size: (sheet) => sheet.maxColumns,
  insert: (sheet, before, count) => sheet.insertColumns(before, count),
  remove: (sheet, start, count) => sheet.deleteColumns(start, count),
};

export type MenuEvent = {
  type: 'menu';
  name: string;
  items: MenuItem[];
  time: number;
  executionId: number;
};
export type HtmlUiEvent = {
  type: 'sidebar' | 'modalDialog' | 'modelessDialog';
  title: string;
  html: HtmlOutputRecord;
  time: number;
  executionId: number;
};
export type AlertEvent = {
  type: 'alert' | 'prompt';
  title: string;
  prompt: string;
  buttons: string;
  response: string;
  /** The text typed into a prompt ('' for alerts). */
  text: string;
  time: number;
  executionId: number;
};
export type ToastEvent = {
  type: 'toast';
  message: string;
  title: string;
  timeoutSeconds: number;
  time: number;
  executionId: number;
};
export type UiEvent = MenuEvent | HtmlUiEvent | AlertEvent | ToastEvent;

export type MenuItem =
  | { caption: string; functionName: string }
  | { separator: true }
  | { caption: string; items: MenuItem[] };

/** What an alert or prompt asks, before anyone answers it. */
export type UiQuestion = Pick<AlertEvent, 'type' | 'title' | 'prompt' | 'buttons'>;
export type UiAnswer = { button?: string; text?: string };

export interface UiHost {
  record(event: UiEvent): void;
  /**
   * The answer to an alert or prompt: the one a test queued, else the one the host's person gave
   * (the call waits for it, as in Sheets), else undefined (the default button).
   */
  nextResponse(question: UiQuestion): UiAnswer | undefined;
  htmlRecord(output: unknown): HtmlOutputRecord;
}

export interface SpreadsheetHost {
  workbook: Workbook;
  ui: UiHost;
  addonMenuName: string;
  /** Simulated cost of every Spreadsheet, Sheet and Range call: one round trip to Sheets. */
  sheetCallMs: number;
  /** Charges and counts the cells a range read or write moves, on top of its round trip. */
  cells(kind: 'read' | 'written', count: number): void;
  /** Charges and counts a flush, beyond its own call's round trip. */
  flush(): void;
}

const RANGE_WRITES = [
  'setValue',
  'setValues',
  'setFormula',
  'setFormulas',
  'setNumberFormat',
  'setNumberFormats',
  'clear',
  'clearContent',
  'clearFormat',
  'clearNote',
  'setNote',
  'setNotes',
  'sort',
  'insertCells',
  'deleteCells',
  'addDeveloperMetadata',
  'setBackground',
  'setFontWeight',
  'setFontColor',
  'setHorizontalAlignment',
  'setWrap',
  'setFontStyle',
  'setFontSize',
  'setBorder',
  'setDataValidation',
  'activate',
];
const SHEET_WRITES = [
  'setName',
  'appendRow',
  'insertRowBefore',
  'insertRowAfter',
  'insertRowsBefore',
  'insertRowsAfter',
  'insertRows',
  'deleteRow',
  'deleteRows',
  'insertColumnBefore',
  'insertColumnAfter',
  'insertColumnsBefore',
  'insertColumnsAfter',
  'insertColumns',
  'deleteColumn',
  'deleteColumns',
  'clear',
  'clearContents',
  'clearFormats',
  'setFrozenRows',
  'setFrozenColumns',
  'sort',
  'activate',
  'hideSheet',
  'showSheet',
  'hideRows',
  'showRows',
  'addDeveloperMetadata',
  'autoResizeColumns',
  'setColumnWidth',
  'insertChart',
  'updateChart',
  'removeChart',
];
const SPREADSHEET_WRITES = [
  'insertSheet',
  'deleteSheet',
  'setActiveSheet',
  'rename',
  'setSpreadsheetTimeZone',
  'appendRow',
  'addDeveloperMetadata',
  'toast',
];

function typeNames(args: unknown[]): string {
  return args
    .map((a) => {
      if (a === null || a === undefined) return 'null';
      if (Array.isArray(a)) return 'Object[]';
      if (typeof a === 'string') return 'String';
      if (typeof a === 'number') return 'number';
      if (typeof a === 'boolean') return 'Boolean';
      return 'Object';
    })
    .join(',');
}

function isInteger(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n);
}

export function createSpreadsheetApp(env: ExecutionEnv, host: SpreadsheetHost): unknown {
  const { realm } = env;
  const sheetCost = host.sheetCallMs;
  const wb = host.workbook;
  const signature = (method: string, args: unknown[]): never =>
    env.fail(
      `The parameters (${typeNames(args)}) don't match the method signature for SpreadsheetApp.${method}.`,
    );

  const realmValue = (cell: Cell | undefined): unknown => {
    if (!cell) return '';
    if (cell.formula !== undefined) return cell.value === '' ? FORMULA_VALUE : cell.value;
    return isDateValue(cell.value) ? realm.date(cell.value.date) : cell.value;
  };

  // ------------------------------------------------------------ developer metadata
  type MetadataOwner =
    | { type: 'SPREADSHEET' }
    | { type: 'SHEET'; sheet: SheetModel }
    | { type: 'ROW'; sheet: SheetModel; record: DeveloperMetadataRecord }
    | { type: 'COLUMN'; sheet: SheetModel; record: DeveloperMetadataRecord };

  const locateRow = (
    record: DeveloperMetadataRecord,
  ): { sheet: SheetModel; row: number } | undefined => {
    for (const sheet of wb.sheets) {
      const index = sheet.rows.findIndex((row) => row?.metadata?.includes(record));
      if (index >= 0) return { sheet, row: index + 1 };
    }
    return undefined;
  };

  const locateColumn = (record: DeveloperMetadataRecord, sheet: SheetModel): number | undefined => {
    const index = sheet.columnMetadata.findIndex((list) => list?.includes(record));
    return index >= 0 ? index + 1 : undefined;
  };

  const metadataObject = (record: DeveloperMetadataRecord, owner: MetadataOwner): unknown =>
    gated(
      env,
      'DeveloperMetadata',
      'SpreadsheetApp',
      sheetCost,
      {
        getId: () => record.id,
        getKey: () => record.key,
        getValue: () => record.value,
        getVisibility: () => record.visibility,
        setKey: (key: string) => {
          record.key = String(key);
          return metadataObject(record, owner);
        },
        setValue: (value: string) => {
          record.value = value === null ? null : String(value);
          return metadataObject(record, owner);
        },
        getLocation: () =>
          gated(env, 'DeveloperMetadataLocation', 'SpreadsheetApp', sheetCost, {
            getLocationType: () => owner.type,
            getSpreadsheet: () => spreadsheetObject(),
            getSheet: () => (owner.type === 'SHEET' ? sheetObject(owner.sheet) : null),
            getRow: () => {
              if (owner.type !== 'ROW') return null;
              const at = locateRow(record);
              return at ? rangeObject(at.sheet, at.row, 1, 1, at.sheet.maxColumns) : null;
            },
            getColumn: () => {
              if (owner.type !== 'COLUMN') return null;
              const at = locateColumn(record, owner.sheet);
              return at ? rangeObject(owner.sheet, 1, at, owner.sheet.maxRows, 1) : null;
            },
          }),
        remove: () => {
          const remove = (list: DeveloperMetadataRecord[] | undefined) => {
            const i = list?.indexOf(record) ?? -1;
            if (list && i >= 0) list.splice(i, 1);
          };
          if (owner.type === 'SPREADSHEET') remove(wb.metadata);
          else if (owner.type === 'SHEET') remove(owner.sheet.metadata);
          else if (owner.type === 'COLUMN')
            for (const list of owner.sheet.columnMetadata) remove(list);
          else for (const row of owner.sheet.rows) remove(row?.metadata);
        },
      },
      ['setKey', 'setValue', 'remove'],
    );

  const allMetadata = (
    scope?: SheetModel,
  ): Array<{ record: DeveloperMetadataRecord; owner: MetadataOwner }> => {
    const out: Array<{ record: DeveloperMetadataRecord; owner: MetadataOwner }> = [];
    if (!scope)
      for (const record of wb.metadata) out.push({ record, owner: { type: 'SPREADSHEET' } });
    for (const sheet of scope ? [scope] : wb.sheets) {
      for (const record of sheet.metadata) out.push({ record, owner: { type: 'SHEET', sheet } });
      for (const row of sheet.rows) {
        for (const record of row?.metadata ?? [])
          out.push({ record, owner: { type: 'ROW', sheet, record } });
      }
      for (const list of sheet.columnMetadata) {
        for (const record of list ?? [])
          out.push({ record, owner: { type: 'COLUMN', sheet, record } });
      }
    }
    return out;
  };

  const finder = (
    scope: SheetModel | undefined,
    filters: Array<(r: DeveloperMetadataRecord, o: MetadataOwner) => boolean>,
  ): unknown =>
    gated(env, 'DeveloperMetadataFinder', 'SpreadsheetApp', sheetCost, {
      withKey: (key: string) => finder(scope, [...filters, (r) => r.key === key]),
      withValue: (value: string) => finder(scope, [...filters, (r) => r.value === value]),
      withId: (id: number) => finder(scope, [...filters, (r) => r.id === id]),
      withLocationType: (type: string) =>
        finder(scope, [...filters, (_r, o) => o.type === String(type)]),
      withVisibility: (v: string) => finder(scope, [...filters, (r) => r.visibility === String(v)]),
      find: () =>
        realm.array(
          allMetadata(scope)
            .filter(({ record, owner }) => filters.every((f) => f(record, owner)))
            .map(({ record, owner }) => metadataObject(record, owner)),
        ),
    });

  const newMetadata = (
    key: unknown,
    value: unknown,
    visibility: unknown,
  ): DeveloperMetadataRecord => {
    if (typeof key !== 'string' || key === '')
      env.fail('Developer metadata key must be a non-empty string.');
    let vis: unknown = visibility;
    let val: unknown = value;
    if (visibility === undefined && (value === 'DOCUMENT' || value === 'PROJECT')) {
      vis = value;
      val = null;
    }
    return {
      id: newMetadataId(),
      key: key as string,
      value: val === undefined || val === null ? null : String(val),
      visibility: vis === 'DOCUMENT' ? 'DOCUMENT' : 'PROJECT',
    };
  };

  // ------------------------------------------------------------------- Range
  /** Where each Range object of this execution points (an embedded chart keeps its ranges). */
  const rangeCoords = new WeakMap<object, ChartRange>();
  const chartHost = (sheet: SheetModel): ChartHost => ({
    env,
    sheet,
    rangeOf: (range) =>
      typeof range === 'object' && range !== null ? rangeCoords.get(range) : undefined,
    rangeObject: (at) => rangeObject(at.sheet, at.row, at.column, at.numRows, at.numColumns),
    signature,
  });

  const rangeObject = (
    sheet: SheetModel,
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
  ): unknown => {
    const each = <T>(read: (cell: Cell | undefined, r: number, c: number) => T): T[][] => {
      const out: T[][] = [];
      for (let r = 0; r < numRows; r++) {
        const line: T[] = [];
        for (let c = 0; c < numColumns; c++)
          line.push(read(sheet.cell(row + r, column + c), row + r, column + c));
        out.push(line);
      }
      return out;
    };
    const cellCount = numRows * numColumns;
    const grid = <T>(read: (cell: Cell | undefined) => T) => {
      host.cells('read', cellCount);
      return realm.array(each(read).map((line) => realm.array(line)));
    };
    /** A one-cell getter: reads the range's top-left cell. */
    const first = <T>(read: (cell: Cell | undefined) => T): T => {
      host.cells('read', 1);
      return read(sheet.cell(row, column));
    };
    const checkGrid = (method: string, data: unknown): unknown[][] => {
      if (!Array.isArray(data) || data.some((line) => !Array.isArray(line)))
        signature(`Range.${method}`, [data]);
      const rows = data as unknown[][];
      if (rows.length !== numRows) {
        env.fail(
          `The number of rows in the data does not match the number of rows in the range. The data has ${rows.length} but the range has ${numRows}.`,
        );
      }
      for (const line of rows) {
        if (line.length !== numColumns) {
          env.fail(
            `The number of columns in the data does not match the number of columns in the range. The data has ${line.length} but the range has ${numColumns}.`,
          );
        }
      }
      return rows;
    };
    const updateCells = (
      update: (cell: Cell | undefined, r: number, c: number) => Cell | undefined,
    ) => {
      host.cells('written', cellCount);
      for (let r = 0; r < numRows; r++) {
        for (let c = 0; c < numColumns; c++) {
          sheet.setCell(row + r, column + c, update(sheet.cell(row + r, column + c), r, c));
        }
      }
    };
    const self = () => rangeObject(sheet, row, column, numRows, numColumns);
    const clearCells = (keepFormat: boolean, keepContent: boolean) =>
      updateCells((cell) => {
        if (!cell) return undefined;
        const next: Cell = { value: keepContent ? cell.value : '' };
        if (keepContent && cell.formula !== undefined) next.formula = cell.formula;
        if (keepFormat && cell.format !== undefined) next.format = cell.format;
        if (cell.note !== undefined) next.note = cell.note;
        return next.value === '' &&
          next.formula === undefined &&
          next.format === undefined &&
          next.note === undefined
          ? undefined
          : next;
      });
    const setFormulaAt = (cell: Cell | undefined, formula: unknown): Cell | undefined => {
      const text = String(formula ?? '');
      if (text === '') return cellFromInput('', cell, sheet.timeZone);
      const next: Cell = {
        value: FORMULA_VALUE,
        formula: text.startsWith('=') ? text : `=${text}`,
      };
      if (cell?.format !== undefined) next.format = cell.format;
      return next;
    };
    const chain = () => self();
    const isWholeRows = column === 1 && numColumns >= sheet.maxColumns;
    const isWholeColumns = row === 1 && numRows >= sheet.maxRows;

    const range = gated(
      env,
      'Range',
      'SpreadsheetApp',
      sheetCost,
      {
        getValues: () => grid(realmValue),
        getValue: () => first(realmValue),
        getDisplayValues: () => grid((cell) => displayValue(cell, sheet.timeZone)),
        getDisplayValue: () => first((cell) => displayValue(cell, sheet.timeZone)),
        getFormulas: () => grid((cell) => cell?.formula ?? ''),
        getFormula: () => first((cell) => cell?.formula ?? ''),
        getNumberFormats: () => grid((cell) => cell?.format ?? AUTOMATIC_FORMAT),
        getNumberFormat: () => first((cell) => cell?.format ?? AUTOMATIC_FORMAT),
        getNotes: () => grid((cell) => cell?.note ?? ''),
        getNote: () => first((cell) => cell?.note ?? ''),
        setValues: (data: unknown) => {
          const rows = checkGrid('setValues', data);
          updateCells((cell, r, c) => cellFromInput(rows[r]?.[c], cell, sheet.timeZone));
          return self();
        },
        setValue: (value: unknown) => {
          if (Array.isArray(value)) signature('Range.setValue', [value]);
          updateCells((cell) => cellFromInput(value, cell, sheet.timeZone));
          return self();
        },
        setFormulas: (data: unknown) => {
          const rows = checkGrid('setFormulas', data);
          updateCells((cell, r, c) => setFormulaAt(cell, rows[r]?.[c]));
          return self();
        },
        setFormula: (formula: unknown) => {
          updateCells((cell) => setFormulaAt(cell, formula));
          return self();
        },
        setNumberFormats: (data: unknown) => {
          const rows = checkGrid('setNumberFormats', data);
          updateCells((cell, r, c) => ({
            ...(cell ?? { value: '' }),
            format: String(rows[r]?.[c]),
          }));
          return self();
        },
        setNumberFormat: (format: unknown) => {
          if (typeof format !== 'string') signature('Range.setNumberFormat', [format]);
          updateCells((cell) => ({ ...(cell ?? { value: '' }), format: format as string }));
          return self();
        },
        setNote: (note: unknown) => {
          updateCells((cell) => {
            const next: Cell = { ...(cell ?? { value: '' }) };
            if (note === null || note === '') delete next.note;
            else next.note = String(note);
            return next;
          });
          return self();
        },
        setNotes: (data: unknown) => {
          const rows = checkGrid('setNotes', data);
          updateCells((cell, r, c) => ({
            ...(cell ?? { value: '' }),
            note: String(rows[r]?.[c] ?? ''),
          }));
          return self();
        },
        clear: (options?: { contentsOnly?: boolean; formatOnly?: boolean }) => {
          if (options?.contentsOnly) clearCells(true, false);
          else if (options?.formatOnly) clearCells(false, true);
          else clearCells(false, false);
          return self();
        },
        clearContent: () => {
          clearCells(true, false);
          return self();
        },
        clearFormat: () => {
          clearCells(false, true);
          return self();
        },
        clearNote: () => {
          updateCells((cell) => {
            if (!cell) return undefined;
            const next = { ...cell };
            delete next.note;
            return next;
          });
          return self();
        },
        isBlank: () => {
          host.cells('read', cellCount);
          return each((cell) => cell).every((line) =>
            line.every((cell) => !cell || (cell.value === '' && cell.formula === undefined)),
          );
        },
        getRow: () => row,
        getRowIndex: () => row,
        getColumn: () => column,
        getColumnIndex: () => column,
        getLastRow: () => row + numRows - 1,
        getLastColumn: () => column + numColumns - 1,
        getNumRows: () => numRows,
        getNumColumns: () => numColumns,
        getHeight: () => numRows,
        getWidth: () => numColumns,
        getA1Notation: () => toA1(row, column, numRows, numColumns),
        getSheet: () => sheetObject(sheet),
        getGridId: () => sheet.sheetId,
        getCell: (r: number, c: number) => {
          if (!isInteger(r) || !isInteger(c)) signature('Range.getCell', [r, c]);
          if (r < 1 || c < 1 || r > numRows || c > numColumns)
            env.fail('Cell reference out of range');
          return rangeObject(sheet, row + r - 1, column + c - 1, 1, 1);
        },
        offset: (dr: number, dc: number, nr?: number, nc?: number) => {
          const r2 = row + dr;
          const c2 = column + dc;
          if (r2 < 1) env.fail('The starting row of the range is too small.');
          if (c2 < 1) env.fail('The starting column of the range is too small.');
          return rangeObject(sheet, r2, c2, nr ?? numRows, nc ?? numColumns);
        },
        activate: () => {
          wb.activeSheetId = sheet.sheetId;
          return self();
        },
        sort: (spec: unknown) => {
          const specs = (Array.isArray(spec) ? spec : [spec]).map((s) =>
            typeof s === 'number'
              ? { column: s, ascending: true }
              : (s as { column: number; ascending?: boolean }),
          );
          for (const s of specs.reverse()) {
            if (!isInteger(s?.column) || s.column < column || s.column >= column + numColumns) {
              env.fail(
                `Sort column ${String(s?.column)} must be within the range ${toA1(row, column, numRows, numColumns)}.`,
              );
            }
            sheet.sortBlock(
              row,
              row + numRows - 1,
              column,
              column + numColumns - 1,
              s.column,
              s.ascending !== false,
            );
          }
          return self();
        },
        addDeveloperMetadata: (key: unknown, value?: unknown, visibility?: unknown) => {
          if (!(isWholeRows && numRows === 1) && isWholeColumns && numColumns === 1) {
            const list = sheet.columnMetadata[column - 1] ?? [];
            sheet.columnMetadata[column - 1] = [...list, newMetadata(key, value, visibility)];
            return self();
          }
          if (!isWholeRows || numRows !== 1) {
            env.fail(
              'Developer metadata can only be added to a single entire row or column here (e.g. sheet.getRange("5:5") or sheet.getRange("C:C")); cell metadata is not modelled.',
            );
          }
          const target = sheet.rows[row - 1] ?? { cells: [] };
          sheet.rows[row - 1] = target;
          target.metadata = [...(target.metadata ?? []), newMetadata(key, value, visibility)];
          return self();
        },
        getDeveloperMetadata: () => {
          const records = isWholeRows
            ? sheet.rows.slice(row - 1, row - 1 + numRows).flatMap((r) => r?.metadata ?? [])
            : [];
          const columns = isWholeColumns
            ? sheet.columnMetadata
                .slice(column - 1, column - 1 + numColumns)
                .flatMap((list) => list ?? [])
            : [];
          return realm.array([
            ...records.map((record) => metadataObject(record, { type: 'ROW', sheet, record })),
            ...columns.map((record) => metadataObject(record, { type: 'COLUMN', sheet, record })),
          ]);
        },
        setBackground: chain,
        setFontWeight: chain,
        setFontColor: chain,
        setHorizontalAlignment: chain,
        setWrap: chain,
        setFontStyle: chain,
        setFontSize: chain,
        setBorder: chain,
        setDataValidation: chain,
        toString: () => 'Range',
      },
      RANGE_WRITES,
    );
    rangeCoords.set(range, { sheet, row, column, numRows, numColumns });
    return range;
  };

  // ------------------------------------------------------------------- Sheet
  const resolveRange = (sheet: SheetModel, args: unknown[]): unknown => {
    const [a, b, c, d] = args;
    if (typeof a === 'string' && args.length === 1) {
      const ref = parseA1(a);
      if (!ref || (ref.sheetName !== undefined && ref.sheetName !== sheet.name))
        env.fail('Range not found');
      return rangeFromRef(sheet, ref as NonNullable<typeof ref>);
    }
    if (
      !isInteger(a) ||
      !isInteger(b) ||
      (c !== undefined && !isInteger(c)) ||
      (d !== undefined && !isInteger(d))
    ) {
      return signature('Sheet.getRange', args);
    }
    const numRows = (c as number | undefined) ?? 1;
    const numColumns = (d as number | undefined) ?? 1;
    if ((a as number) < 1) env.fail('The starting row of the range is too small.');
    if ((b as number) < 1) env.fail('The starting column of the range is too small.');
    if (numRows < 1) env.fail('The number of rows in the range must be at least 1.');
    if (numColumns < 1) env.fail('The number of columns in the range must be at least 1.');
    return rangeObject(sheet, a as number, b as number, numRows, numColumns);
  };

  const rangeFromRef = (
    sheet: SheetModel,
    ref: NonNullable<ReturnType<typeof parseA1>>,
  ): unknown => {
    const startRow = ref.startRow ?? 1;
    const startColumn = ref.startColumn ?? 1;
    const endRow = ref.endRow ?? sheet.maxRows;
    const endColumn = ref.endColumn ?? sheet.maxColumns;
    const [r1, r2] = startRow <= endRow ? [startRow, endRow] : [endRow, startRow];
    const [c1, c2] = startColumn <= endColumn ? [startColumn, endColumn] : [endColumn, startColumn];
    return rangeObject(sheet, r1, c1, r2 - r1 + 1, c2 - c1 + 1);
  };

  const checkSpan = (axis: SheetAxis, sheet: SheetModel, start: number, count: number) => {
    if (!isInteger(start) || !isInteger(count))
      signature(`Sheet.delete${axis.plural}`, [start, count]);
    if (start < 1 || count < 1 || start + count - 1 > axis.size(sheet))
      env.fail(`Those ${axis.word}s are out of bounds.`);
    if (count >= axis.size(sheet)) env.fail(`You can't delete all the ${axis.word}s on the sheet.`);
  };
  const checkPosition = (value: unknown, max: number, what: 'row' | 'column', method: string) => {
    if (!isInteger(value)) signature(`Sheet.${method}`, [value]);
    if ((value as number) < 1) env.fail(`The starting ${what} of the range is too small.`);
    if ((value as number) > max) env.fail(`The starting ${what} of the range is too large.`);
  };
  const checkCount = (value: unknown, method: string): number => {
    if (value === undefined) return 1;
    if (!isInteger(value) || value < 1)
      env.fail(
        `Sheet.${method}: the number to insert must be a whole number >= 1, got ${String(value)}.`,
      );
    return value as number;
  };

  /** Sheet.insert{Row,Rows}{Before,After}, insertRows, deleteRow(s), or the same for columns. */
  const axisMethods = (sheet: SheetModel, self: () => unknown, axis: SheetAxis) => {
    const { singular: one, plural: many, word } = axis;
    const max = () => axis.size(sheet);
    return {
      [`insert${one}Before`]: (before: number) => {
        checkPosition(before, max(), word, `insert${one}Before`);
        axis.insert(sheet, before, 1);
        return self();
      },
      [`insert${one}After`]: (after: number) => {
        checkPosition(after, max(), word, `insert${one}After`);
        axis.insert(sheet, after + 1, 1);
        return self();
      },
      [`insert${many}Before`]: (before: number, count: number) => {
        checkPosition(before, max(), word, `insert${many}Before`);
        axis.insert(sheet, before, checkCount(count, `insert${many}Before`));
        return self();
      },
      [`insert${many}After`]: (after: number, count: number) => {
        checkPosition(after, max(), word, `insert${many}After`);
        axis.insert(sheet, after + 1, checkCount(count, `insert${many}After`));
        return self();
      },
      [`insert${many}`]: (index: number, count?: number) => {
        checkPosition(index, max(), word, `insert${many}`);
        axis.insert(sheet, index, checkCount(count, `insert${many}`));
      },
      [`delete${one}`]: (position: number) => {
        checkSpan(axis, sheet, position, 1);
        axis.remove(sheet, position, 1);
        return self();
      },
      [`delete${many}`]: (position: number, count: number) => {
        checkSpan(axis, sheet, position, count);
        axis.remove(sheet, position, count);
      },
    };
  };

  /**
   * Sheet.createTextFinder, for what the add-on uses: replaceAllWith over formula text
   * (matchFormulaText) or values, plain or as a regular expression, case-blind by default
   * (https://developers.google.com/apps-script/reference/spreadsheet/text-finder). A formula
   * whose text changes is a new formula: the runtime computes it again, as Sheets does.
   */
  const textFinder = (sheet: SheetModel, text: string): unknown => {
    const options = { formulas: false, regex: false, matchCase: false };
    const finder: Record<string, unknown> = {
      matchFormulaText: (on: unknown) => {
        options.formulas = on !== false;
        return self();
      },
      useRegularExpression: (on: unknown) => {
        options.regex = on !== false;
        return self();
      },
      matchCase: (on: unknown) => {
        options.matchCase = on !== false;
        return self();
      },
      replaceAllWith: (replacement: unknown) => {
        const source = options.regex ? text : text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const pattern = new RegExp(source, options.matchCase ? 'g' : 'gi');
        let replaced = 0;
        for (let r = 1; r <= sheet.lastRow(); r++) {
          for (let c = 1; c <= sheet.lastColumn(); c++) {
            const cell = sheet.cell(r, c);
            if (!cell) continue;
            const current = options.formulas ? cell.formula : undefined;
            if (current === undefined) continue;
            pattern.lastIndex = 0;
            if (!pattern.test(current)) continue;
            const formula = current.replace(pattern, String(replacement));
            const next: typeof cell = { value: FORMULA_VALUE, formula };
            if (cell.format !== undefined) next.format = cell.format;
            sheet.setCell(r, c, next);
            replaced += 1;
          }
        }
        host.cells('written', replaced);
        return replaced;
      },
    };
    const self = (): unknown => gated(env, 'TextFinder', 'SpreadsheetApp', sheetCost, finder);
    return self();
  };

  /**
   * The person's selection on the active sheet (Workbook.select), A1 when none: Sheets always
   * has a current cell in an open document.
   */
  const activeRangeList = (): unknown => {
    const sheet = wb.activeSheet;
    const chosen = wb.selection?.sheetId === sheet.sheetId ? wb.selection.ranges : ['A1'];
    const ranges = chosen.map((a1) => {
      const ref = parseA1(a1);
      if (!ref) throw new Error(`Workbook.select: "${a1}" is not an A1 range.`);
      return rangeFromRef(sheet, ref);
    });
    return gated(env, 'RangeList', 'SpreadsheetApp', sheetCost, {
      getRanges: () => ranges,
    });
  };

  const sheetObject = (sheet: SheetModel): unknown => {
    const self = () => sheetObject(sheet);
    return gated(
      env,
      'Sheet',
      'SpreadsheetApp',
      sheetCost,
      {
        getName: () => sheet.name,
        setName: (name: unknown) => {
          if (typeof name !== 'string' || name.trim() === '')
            env.fail('Sheet name must be a non-empty string.');
          const clash = wb.findSheet(name as string);
          if (clash && clash !== sheet)
            env.fail(
              `A sheet with the name "${String(name)}" already exists. Please enter another name.`,
            );
          sheet.name = name as string;
          return self();
        },
        getSheetId: () => sheet.sheetId,
        getIndex: () => wb.sheets.indexOf(sheet) + 1,
        getParent: () => spreadsheetObject(),
        activate: () => {
          wb.activeSheetId = sheet.sheetId;
          return self();
        },
        isSheetHidden: () => sheet.hidden,
        hideRows: (row: number, count?: number) => {
          checkPosition(row, sheet.maxRows, 'row', 'hideRows');
          sheet.hideRows(row, checkCount(count ?? 1, 'hideRows'));
        },
        showRows: (row: number, count?: number) => {
          checkPosition(row, sheet.maxRows, 'row', 'showRows');
          sheet.hideRows(row, checkCount(count ?? 1, 'showRows'), false);
        },
        isRowHiddenByUser: (row: number) => sheet.isRowHiddenByUser(row),
        isRowHiddenByFilter: (row: number) => sheet.isRowHiddenByFilter(row),
        hideSheet: () => {
          sheet.hidden = true;
          return self();
        },
        showSheet: () => {
          sheet.hidden = false;
          return self();
        },
        getRange: (...args: unknown[]) => resolveRange(sheet, args),
        createTextFinder: (text: unknown) => textFinder(sheet, String(text)),
        getDataRange: () =>
          rangeObject(sheet, 1, 1, Math.max(1, sheet.lastRow()), Math.max(1, sheet.lastColumn())),
        getSheetValues: (r: number, c: number, nr: number, nc: number) => {
          const nRows = nr === -1 ? Math.max(1, sheet.lastRow() - r + 1) : nr;
          const nCols = nc === -1 ? Math.max(1, sheet.lastColumn() - c + 1) : nc;
          host.cells('read', nRows * nCols);
          const out: unknown[] = [];
          for (let i = 0; i < nRows; i++) {
            const line: unknown[] = [];
            for (let j = 0; j < nCols; j++) line.push(realmValue(sheet.cell(r + i, c + j)));
            out.push(realm.array(line));
          }
          return realm.array(out);
        },
        getLastRow: () => sheet.lastRow(),
        getLastColumn: () => sheet.lastColumn(),
        getMaxRows: () => sheet.maxRows,
        getMaxColumns: () => sheet.maxColumns,
        appendRow: (values: unknown) => {
          if (!Array.isArray(values)) signature('Sheet.appendRow', [values]);
          const target = sheet.lastRow() + 1;
          host.cells('written', (values as unknown[]).length);
          (values as unknown[]).forEach((value, c) => {
            sheet.enter(target, c + 1, value);
          });
          sheet.ensureSize(target, 1);
          return self();
        },
        ...axisMethods(sheet, self, ROWS),
        ...axisMethods(sheet, self, COLUMNS),
        clear: () => {
          host.cells('written', sheet.lastRow() * sheet.lastColumn());
          for (const row of sheet.rows) if (row) row.cells = [];
          return self();
        },
        clearContents: () => {
          host.cells('written', sheet.lastRow() * sheet.lastColumn());
          for (const row of sheet.rows) {
            if (!row) continue;
            row.cells = row.cells.map((cell) =>
              cell?.format !== undefined ? { value: '', format: cell.format } : undefined,
            );
          }
          return self();
        },
        clearFormats: () => {
          for (const row of sheet.rows) {
            if (!row) continue;
            row.cells = row.cells.map((cell) => {
              if (!cell) return undefined;
              const next = { ...cell };
              delete next.format;
              return next;
            });
          }
          return self();
        },
        getFrozenRows: () => sheet.frozenRows,
        setFrozenRows: (n: number) => {
          sheet.frozenRows = n;
        },
        getFrozenColumns: () => sheet.frozenColumns,
        setFrozenColumns: (n: number) => {
          sheet.frozenColumns = n;
        },
        sort: (columnPosition: number, ascending?: boolean) => {
          const last = sheet.lastRow();
          if (last > sheet.frozenRows) {
            sheet.sortBlock(
              sheet.frozenRows + 1,
              last,
              1,
              sheet.maxColumns,
              columnPosition,
              ascending !== false,
            );
          }
          return self();
        },
        addDeveloperMetadata: (key: unknown, value?: unknown, visibility?: unknown) => {
          sheet.metadata.push(newMetadata(key, value, visibility));
          return self();
        },
        getDeveloperMetadata: () =>
          realm.array(
            sheet.metadata.map((record) => metadataObject(record, { type: 'SHEET', sheet })),
          ),
        createDeveloperMetadataFinder: () => finder(sheet, []),
        autoResizeColumns: () => self(),
        setColumnWidth: () => self(),
        newChart: () => chartBuilder(chartHost(sheet), newChartModel()),
        insertChart: (chart: unknown) => insertChart(chartHost(sheet), chart),
        updateChart: (chart: unknown) => updateChart(chartHost(sheet), chart),
        removeChart: (chart: unknown) => removeChart(chartHost(sheet), chart),
        getCharts: () =>
          realm.array(sheet.charts.map((model) => chartObject(chartHost(sheet), model))),
        toString: () => 'Sheet',
      },
      SHEET_WRITES,
    );
  };

  // ------------------------------------------------------------- Spreadsheet
  const insertSheet = (args: unknown[]): unknown => {
    let [name, index] = args;
    if (typeof name === 'number') {
      index = name;
      name = undefined;
    }
    if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) {
      signature('Spreadsheet.insertSheet', args);
    }
    const sheetName = (name as string | undefined) ?? wb.nextUntitledSheetName();
    if (wb.findSheet(sheetName)) {
      env.fail(`A sheet with the name "${sheetName}" already exists. Please enter another name.`);
    }
    const sheet = wb.addSheet(sheetName, typeof index === 'number' ? index : undefined);
    wb.activeSheetId = sheet.sheetId; // insertSheet makes the new sheet active, as in Sheets
    return sheetObject(sheet);
  };

  const spreadsheetObject = (): unknown => {
    const active = () => sheetObject(wb.activeSheet);
    return gated(
      env,
      'Spreadsheet',
      'SpreadsheetApp',
      sheetCost,
      {
        getId: () => wb.id,
        getName: () => wb.name,
        rename: (name: string) => {
          wb.name = String(name);
        },
        getUrl: () => `https://docs.google.com/spreadsheets/d/${wb.id}/edit`,
        getSheets: () => realm.array(wb.sheets.map(sheetObject)),
        getNumSheets: () => wb.sheets.length,
        getSheetByName: (name: string) => {
          const sheet = wb.findSheet(String(name));
          return sheet ? sheetObject(sheet) : null;
        },
        getSheetById: (id: number) => {
          const sheet = wb.sheets.find((s) => s.sheetId === id);
          return sheet ? sheetObject(sheet) : null;
        },
        insertSheet: (...args: unknown[]) => insertSheet(args),
        deleteSheet: (sheetRef: { getName?: () => string }) => {
          const name = typeof sheetRef?.getName === 'function' ? sheetRef.getName() : undefined;
          const sheet = name === undefined ? undefined : wb.findSheet(name);
          if (!sheet) return signature('Spreadsheet.deleteSheet', [sheetRef]);
          try {
            wb.removeSheet(sheet);
          } catch (error) {
            env.fail((error as Error).message);
          }
        },
        getActiveSheet: active,
        setActiveSheet: (sheetRef: { getName?: () => string }) => {
          const sheet =
            typeof sheetRef?.getName === 'function' ? wb.findSheet(sheetRef.getName()) : undefined;
          if (!sheet) return signature('Spreadsheet.setActiveSheet', [sheetRef]);
          wb.activeSheetId = sheet.sheetId;
          return sheetObject(sheet);
        },
        getActiveRange: () => rangeObject(wb.activeSheet, 1, 1, 1, 1),
        getActiveRangeList: activeRangeList,
        getRange: (a1: string) => {
          const ref = typeof a1 === 'string' ? parseA1(a1) : undefined;
          if (!ref) return env.fail('Range not found');
          const sheet = ref.sheetName === undefined ? wb.activeSheet : wb.findSheet(ref.sheetName);
          if (!sheet) return env.fail('Range not found');
          return rangeFromRef(sheet, ref);
        },
        getSpreadsheetTimeZone: () => wb.timeZone,
        setSpreadsheetTimeZone: (tz: string) => {
          wb.timeZone = String(tz);
        },
        getSpreadsheetLocale: () => wb.locale,
        getLastRow: () => wb.activeSheet.lastRow(),
        getLastColumn: () => wb.activeSheet.lastColumn(),
        getDataRange: () => (active() as { getDataRange(): unknown }).getDataRange(),
        appendRow: (values: unknown[]) => {
          (active() as { appendRow(v: unknown[]): unknown }).appendRow(values);
          return spreadsheetObject();
        },
        toast: (message: unknown, title?: unknown, timeoutSeconds?: unknown) => {
          host.ui.record({
            type: 'toast',
            message: String(message ?? ''),
            title: title === undefined ? '' : String(title),
            timeoutSeconds: typeof timeoutSeconds === 'number' ? timeoutSeconds : 5,
            time: env.clock.now(),
            executionId: env.exec.id,
          });
        },
        addDeveloperMetadata: (key: unknown, value?: unknown, visibility?: unknown) => {
          wb.metadata.push(newMetadata(key, value, visibility));
          return spreadsheetObject();
        },
        getDeveloperMetadata: () =>
          realm.array(wb.metadata.map((record) => metadataObject(record, { type: 'SPREADSHEET' }))),
        createDeveloperMetadataFinder: () => finder(undefined, []),
        toString: () => 'Spreadsheet',
      },
      SPREADSHEET_WRITES,
    );
  };

  // ---------------------------------------------------------------------- Ui
  const BUTTON = { OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO', CLOSE: 'CLOSE' };
  const BUTTON_SET = {
    OK: 'OK',
    OK_CANCEL: 'OK_CANCEL',
    YES_NO: 'YES_NO',
    YES_NO_CANCEL: 'YES_NO_CANCEL',
  };
  const defaultButton = (set: string) => (set.startsWith('YES') ? 'YES' : 'OK');

  const menuObject = (name: string, items: MenuItem[]): unknown =>
    gated(env, 'Menu', 'SpreadsheetApp', 0, {
      addItem: (caption: string, functionName: string) => {
        if (typeof caption !== 'string' || typeof functionName !== 'string')
          signature('Menu.addItem', [caption, functionName]);
        items.push({ caption, functionName });
        return menuObject(name, items);
      },
      addSeparator: () => {
        items.push({ separator: true });
        return menuObject(name, items);
      },
      addSubMenu: (menu: { __items?: () => { name: string; items: MenuItem[] } }) => {
        const sub = menu?.__items?.();
        if (!sub) return signature('Menu.addSubMenu', [menu]);
        items.push({ caption: sub.name, items: sub.items });
        return menuObject(name, items);
      },
      addToUi: () => {
        host.ui.record({
          type: 'menu',
          name,
          items,
          time: env.clock.now(),
          executionId: env.exec.id,
        });
      },
      __items: () => ({ name, items }),
    });

  const showHtml =
    (type: 'sidebar' | 'modalDialog' | 'modelessDialog') => (output: unknown, title?: unknown) => {
      const html = host.ui.htmlRecord(output);
      host.ui.record({
        type,
        title: title === undefined ? html.title : String(title),
        html,
        time: env.clock.now(),
        executionId: env.exec.id,
      });
    };

  const uiObject = (): unknown =>
    gated(env, 'Ui', 'SpreadsheetApp', 0, {
      Button: BUTTON,
      ButtonSet: BUTTON_SET,
      createMenu: (caption: string) => menuObject(String(caption), []),
      createAddonMenu: () => menuObject(host.addonMenuName, []),
      showSidebar: showHtml('sidebar'),
      showModalDialog: showHtml('modalDialog'),
      showModelessDialog: showHtml('modelessDialog'),
      alert: (...args: unknown[]) => {
        const [title, prompt, buttons] =
          args.length >= 3
            ? args.map(String)
            : args.length === 2
              ? ['', String(args[0]), String(args[1])]
              : ['', String(args[0]), 'OK'];
        const response =
          host.ui.nextResponse({
            type: 'alert',
            title: title ?? '',
            prompt: prompt ?? '',
            buttons: buttons ?? 'OK',
          })?.button ?? defaultButton(buttons ?? 'OK');
        host.ui.record({
          type: 'alert',
          title: title ?? '',
          prompt: prompt ?? '',
          buttons: buttons ?? 'OK',
          response,
          text: '',
          time: env.clock.now(),
          executionId: env.exec.id,
        });
        return response;
      },
      prompt: (...args: unknown[]) => {
        const [title, prompt, buttons] =
          args.length >= 3
            ? args.map(String)
            : args.length === 2
              ? ['', String(args[0]), String(args[1])]
              : ['', String(args[0]), 'OK'];
        const scripted = host.ui.nextResponse({
          type: 'prompt',
          title: title ?? '',
          prompt: prompt ?? '',
          buttons: buttons ?? 'OK',
        });
        const response = scripted?.button ?? defaultButton(buttons ?? 'OK');
        const text = scripted?.text ?? '';
        host.ui.record({
          type: 'prompt',
          title: title ?? '',
          prompt: prompt ?? '',
          buttons: buttons ?? 'OK',
          response,
          text,
          time: env.clock.now(),
          executionId: env.exec.id,
        });
        return gated(env, 'PromptResponse', 'SpreadsheetApp', 0, {
          getResponseText: () => text,
          getSelectedButton: () => response,
        });
      },
    });

  // ----------------------------------------------------------- SpreadsheetApp
  return gated(env, 'SpreadsheetApp', 'SpreadsheetApp', sheetCost, {
    DeveloperMetadataVisibility: { DOCUMENT: 'DOCUMENT', PROJECT: 'PROJECT' },
    DeveloperMetadataLocationType: {
      SPREADSHEET: 'SPREADSHEET',
      SHEET: 'SHEET',
      ROW: 'ROW',
      COLUMN: 'COLUMN',
    },
    getActive: () => {
      env.requireScope('SpreadsheetApp.getActive', SHEETS_SCOPES);
      return spreadsheetObject();
    },
    getActiveSpreadsheet: () => {
      env.requireScope('SpreadsheetApp.getActiveSpreadsheet', SHEETS_SCOPES);
      return spreadsheetObject();
    },
    getActiveSheet: () => {
      env.requireScope('SpreadsheetApp.getActiveSheet', SHEETS_SCOPES);
      return sheetObject(wb.activeSheet);
    },
    getActiveRange: () => rangeObject(wb.activeSheet, 1, 1, 1, 1),
    getActiveRangeList: () => activeRangeList(),
    getUi: () => {
      if (env.exec.kind === 'customFunction' || env.exec.kind === 'trigger') {
        env.fail('Cannot call SpreadsheetApp.getUi() from this context.');
      }
      env.requireScope('SpreadsheetApp.getUi', [SCOPES.containerUi]);
      return uiObject();
    },
    flush: () => host.flush(),
    openById: (id: string) => {
      env.denyInCustomFunction('SpreadsheetApp.openById');
      // Whether spreadsheets.currentonly allows openById of the current file is untested
      // (APPS-SCRIPT-FACTS.md): either scope lets it through here.
      env.requireScope('SpreadsheetApp.openById', SHEETS_SCOPES);
      if (id !== wb.id)
        env.fail(
          `Unexpected error while getting the method or property openById on object SpreadsheetApp: no spreadsheet "${String(id)}" in this runtime.`,
        );
      return spreadsheetObject();
    },
    openByUrl: (url: string) => {
      env.denyInCustomFunction('SpreadsheetApp.openByUrl');
      env.requireScope('SpreadsheetApp.openByUrl', SHEETS_SCOPES);
      if (!String(url).includes(wb.id))
        env.fail(`No spreadsheet at "${String(url)}" in this runtime.`);
      return spreadsheetObject();
    },
  });
}
