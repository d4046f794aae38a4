import { requireSheetNamed } from '../core/jobs/row-job';
import type { Mutex } from '../core/ports';
import { SEND_RECORD_HEADER, type SendRecordStore } from '../core/send/sent-record';
import { markedSheets, markSheet } from './ownership';

/** The name the record's hidden sheet is created with (never how it is found). */
export const SEND_RECORD_SHEET = 'CRM Send Record';

/**
 * The developer metadata key the record's sheet carries (PROJECT visibility: only this add-on
 * queries it; core/ownership.ts, src/gas/ownership.ts). The record is found by this mark only,
 * never by name: a person may rename it (found by name, a renamed record was taken for none, and
 * the next send started an empty one), and a sheet a person named "CRM Send Record" is theirs
 * (taken by name, it got the record's English rows and showed them as a normal tab).
 */
export const SEND_RECORD_TAG = 'crm.sendRecord';

/** How long an append waits for another execution's append (one row and a flush). */
const RECORD_LOCK_MS = 10_000;

/**
 * The send record (core/send/sent-record.ts) in a hidden sheet of the spreadsheet. Why a sheet:
 * - document properties hold 9 KB a value and 500 KB in all, shared with everything else the
 *   add-on keeps per document (https://developers.google.com/apps-script/guides/services/quotas),
 *   and getDocumentProperties() is null in a trigger that runs without an active document
 *   (https://developers.google.com/apps-script/reference/properties/properties-service#getDocumentProperties()),
 *   which is how a long send goes on;
 * - developer metadata is bounded per location (about 30,000 characters,
 *   https://developers.google.com/workspace/sheets/api/guides/metadata) and already holds the job
 *   board: a 10,000-lead campaign would not fit;
 * - user properties are the person's own: a second editor's job would not see the first's sends.
 * A sheet is shared by every editor, opened by id from a trigger, and unbounded for our needs
 * (10 million cells a spreadsheet): one row per batch of 10 sends, about 1,000 rows (9,000
 * cells) for a 10,000-row campaign. It is hidden, not secret: a person finds it under "hidden
 * sheets" (https://developers.google.com/apps-script/reference/spreadsheet/sheet#hideSheet()),
 * reads which lead got which template, and may delete rows to forget them.
 *
 * Two executions may append at once (two people's sends): whether appendRow is atomic is not
 * documented (https://developers.google.com/apps-script/reference/spreadsheet/sheet#appendRow(Object)),
 * and a fold must not lose a row appended between its read and its delete, so every append and
 * fold (with a batch's SENDING marks and their flush) holds `exclusion`: one per spreadsheet,
 * shared by every person's executions there (core/jobs/shared-lease.ts, built in
 * addon/context.ts). It was the script lock, which in a published add-on is one lock for every
 * user of the add-on in every spreadsheet
 * (https://developers.google.com/apps-script/reference/lock/lock-service#getScriptLock()): a
 * slow flush in one spreadsheet made sends everywhere else wait. A job that finds it busy
 * yields and comes back.
 */
export function sendRecordSheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  /** The spreadsheet's exclusion, made on first use (it asks LockService which locks exist). */
  exclusion: () => Mutex,
): SendRecordStore {
  let lock: Mutex | undefined;
  let known: GoogleAppsScript.Spreadsheet.Sheet | null = null;
  let hidden = false;
  const find = () => {
    known ??= findSendRecordSheet(spreadsheet);
    return known;
  };
  const create = () => {
    const active = spreadsheet.getActiveSheet();
    // insertSheet makes the new sheet the active one: the person's view goes back where it was.
    const sheet = spreadsheet.insertSheet(freeName(spreadsheet), spreadsheet.getNumSheets());
    markSheet(sheet, SEND_RECORD_TAG);
    sheet.appendRow([...SEND_RECORD_HEADER]);
    sheet.hideSheet();
    if (active) spreadsheet.setActiveSheet(active);
    known = sheet;
    hidden = true;
    return sheet;
  };
  /** The add-on's working sheet stays hidden: a person who unhid it to read it gets it hidden again. */
  const hide = (sheet: GoogleAppsScript.Spreadsheet.Sheet) => {
    if (!hidden && !sheet.isSheetHidden()) sheet.hideSheet();
    hidden = true;
  };
  return {
    read() {
      const sheet = find();
      if (!sheet) return [];
      return sheet.getDataRange().getValues().slice(1);
    },
    count() {
      const sheet = find();
      return sheet ? Math.max(0, sheet.getLastRow() - 1) : 0;
    },
    locked(work) {
      lock ??= exclusion();
      if (!lock.tryLock(RECORD_LOCK_MS)) return undefined;
      try {
        // `work` flushes what it appended (with the send's SENDING marks: one flush).
        return work();
      } finally {
        lock.release();
      }
    },
    append(row) {
      // Asked again under the lock when not known: two first appends create one sheet.
      const sheet = find() ?? create();
      hide(sheet);
      sheet.appendRow(row);
    },
    replace(rows) {
      const sheet = find();
      if (sheet) foldInto(sheet, rows);
    },
  };
}

/**
 * The record's rows replaced by `rows` (the same record folded) so that no instant holds less
 * than either: the folded rows are written below the old ones and flushed, then the old rows go
 * in one deleteRows call. An execution killed (or a call failing) in between leaves the old rows
 * and the folded ones, which say the same of every lead in either order (sent-record.ts), and
 * the next job folds them again. Clearing first, as before, lost the whole record to a kill
 * between the clear and the write.
 */
function foldInto(sheet: GoogleAppsScript.Spreadsheet.Sheet, rows: unknown[][]): void {
  const old = sheet.getLastRow() - 1;
  if (rows.length > 0) {
    const first = old + 2;
    // A range past the sheet's last row is refused: the sheet grows first.
    // https://developers.google.com/apps-script/reference/spreadsheet/sheet#insertRowsAfter(Integer,Integer)
    const missing = first + rows.length - 1 - sheet.getMaxRows();
    if (missing > 0) sheet.insertRowsAfter(sheet.getMaxRows(), missing);
    sheet.getRange(first, 1, rows.length, SEND_RECORD_HEADER.length).setValues(rows);
    SpreadsheetApp.flush();
  }
  if (old > 0) sheet.deleteRows(2, old);
}

/**
 * The record's sheet: the one marked SEND_RECORD_TAG, whatever its name now; null when the
 * spreadsheet has none. Should a duplicate of the sheet carry the mark too (whether duplicating
 * copies developer metadata is not documented,
 * https://developers.google.com/apps-script/reference/spreadsheet/sheet#copyTo(Spreadsheet)),
 * the one with the record's own name wins, else the first in tab order.
 */
export function findSendRecordSheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): GoogleAppsScript.Spreadsheet.Sheet | null {
  const marked = markedSheets(spreadsheet, SEND_RECORD_TAG).map(({ sheet }) => sheet);
  return marked.find((sheet) => sheet.getName() === SEND_RECORD_SHEET) ?? marked[0] ?? null;
}

/** SEND_RECORD_SHEET, or with a number when a person's sheet already has that name. */
function freeName(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string {
  let name = SEND_RECORD_SHEET;
  for (let n = 2; spreadsheet.getSheetByName(name) !== null; n++) {
    name = `${SEND_RECORD_SHEET} (${n})`;
  }
  return name;
}

/**
 * The sheet a job (import, send, lead actions) is asked to work on: never the send record's,
 * whatever it is named now, which a job would overwrite with status columns.
 */
export function requireJobSheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
): GoogleAppsScript.Spreadsheet.Sheet {
  let record: number | null | undefined;
  const isRecord = (sheet: GoogleAppsScript.Spreadsheet.Sheet) => {
    record ??= findSendRecordSheet(spreadsheet)?.getSheetId() ?? null;
    return record !== null && sheet.getSheetId() === record;
  };
  return requireSheetNamed(spreadsheet, name, isRecord);
}
