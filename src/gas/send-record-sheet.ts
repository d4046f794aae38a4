import { SEND_RECORD_HEADER, type SendRecordStore } from '../core/send/sent-record';

/** The hidden sheet that holds the send record (a fixed name, like the status columns). */
export const SEND_RECORD_SHEET = 'CRM Send Record';

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
 * so each append holds the document lock, which is per spreadsheet and across people; where
 * there is no document (a trigger without an active one, when getDocumentLock() is null,
 * https://developers.google.com/apps-script/reference/lock/lock-service#getDocumentLock()), the
 * script lock, held for that one row only.
 */
export function sendRecordSheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): SendRecordStore {
  let known: GoogleAppsScript.Spreadsheet.Sheet | null = null;
  const find = () => {
    known ??= spreadsheet.getSheetByName(SEND_RECORD_SHEET);
    return known;
  };
  const create = () => {
    const active = spreadsheet.getActiveSheet();
    // insertSheet makes the new sheet the active one: the person's view goes back where it was.
    const sheet = spreadsheet.insertSheet(SEND_RECORD_SHEET, spreadsheet.getNumSheets());
    sheet.appendRow([...SEND_RECORD_HEADER]);
    sheet.hideSheet();
    if (active) spreadsheet.setActiveSheet(active);
    known = sheet;
    return sheet;
  };
  return {
    read() {
      const sheet = find();
      if (!sheet) return [];
      return sheet.getDataRange().getValues().slice(1);
    },
    locked(work) {
      const lock = LockService.getDocumentLock() ?? LockService.getScriptLock();
      if (!lock.tryLock(RECORD_LOCK_MS)) return undefined;
      try {
        // `work` flushes what it appended (with the send's SENDING marks: one flush).
        return work();
      } finally {
        lock.releaseLock();
      }
    },
    append(row) {
      // Asked again under the lock when not known: two first appends create one sheet.
      const sheet = find() ?? create();
      sheet.appendRow(row);
    },
    replace(rows) {
      const sheet = find();
      if (!sheet) return;
      const last = sheet.getLastRow();
      if (last > 1) sheet.getRange(2, 1, last - 1, SEND_RECORD_HEADER.length).clearContent();
      if (rows.length > 0) {
        sheet.getRange(2, 1, rows.length, SEND_RECORD_HEADER.length).setValues(rows);
      }
    },
  };
}
