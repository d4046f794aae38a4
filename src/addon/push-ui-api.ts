import { codedError } from '../core/errors';
import { EXPORT_SHEET_KEY } from '../core/export/target';
import { leadFieldForKey } from '../core/import/lead-fields';
import { headerKey } from '../core/import/text-key';
import { readWalkCursor } from '../core/jobs/pipeline/ledger/cursor';
import { isPreviewJob, type JobRecord } from '../core/jobs/record';
import { markedSheets } from '../gas/ownership';
import { currentSpreadsheet, engineDeps } from './context';

/**
 * What the Push changes sidebar reads of the spreadsheet (PRODUCT.md "Round trip"): the sheets an
 * export wrote (a push reads nothing else), the runs a sheet's CRM Push Run column names (what
 * Revert takes), and what a finished preview wrote on its rows. Only the sheet and the job store
 * are read: the push itself (crmPushChanges, crmRevertPush) decides and writes every row.
 */

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The push's status columns, as PRODUCT.md names them (found by header text, never by place). */
const PUSH_STATUS = 'CRM Push Status';
const PUSH_DETAIL = 'CRM Push Detail';
const PUSH_RUN = 'CRM Push Run';

/** An export writes its headers in row 1. */
const HEADER_ROW = 1;

/** The rows of a preview the sidebar shows; the rest are in the sheet, each with its detail. */
const SAMPLE_ROWS = 50;

export interface PushSetup {
  /** The sheets an export wrote, in tab order: the only ones a push reads. */
  sheets: string[];
  /** The sheet the sidebar opens on: the active one when an export wrote it, else the first; '' when none. */
  sheet: string;
}

/** What the Push sidebar opens on (issue 29.2: the active sheet when it is an export). */
export function uiPushSetup(): PushSetup {
  const spreadsheet = currentSpreadsheet();
  const marked = new Set(
    markedSheets(spreadsheet, EXPORT_SHEET_KEY).map(({ sheet }) => sheet.getSheetId()),
  );
  const sheets = spreadsheet
    .getSheets()
    .filter((sheet) => marked.has(sheet.getSheetId()))
    .map((sheet) => sheet.getName());
  const active = spreadsheet.getActiveSheet().getName();
  return { sheets, sheet: sheets.includes(active) ? active : (sheets[0] ?? '') };
}

function sheetNamed(name: unknown): Sheet {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed === '')
    throw codedError('Pass the name of a sheet (see uiListSheets()).', 'sheetMissing');
  const found = currentSpreadsheet().getSheetByName(trimmed);
  if (found === null) {
    throw codedError(`No sheet is named "${trimmed}"; pick another one.`, 'sheetNotFound', {
      sheet: trimmed,
    });
  }
  return found;
}

/** The sheet's cells as shown, header row first; [] for an empty sheet. */
function shownCells(sheet: Sheet): string[][] {
  const rows = sheet.getLastRow();
  const columns = sheet.getLastColumn();
  if (rows < HEADER_ROW || columns === 0) return [];
  return sheet.getRange(HEADER_ROW, 1, rows - HEADER_ROW + 1, columns).getDisplayValues();
}

function columnOf(header: readonly string[], name: string): number {
  return header.findIndex((cell) => headerKey(cell) === headerKey(name));
}

export interface PushRuns {
  /** The push runs the sheet's CRM Push Run column names, newest first: what Revert takes. */
  runIds: string[];
  /** The newest of them; null when no push has run on the sheet. */
  lastRunId: string | null;
}

/**
 * The runs a Revert may take on `sheet`: the ids in its CRM Push Run column that are not
 * previews (a preview writes its own id there too, and changed nothing), newest first. An id
 * the job store no longer knows stays offered: crmRevertPush says what became of it.
 */
export function uiPushRuns(sheet: string): PushRuns {
  const [header = [], ...rows] = shownCells(sheetNamed(sheet));
  const column = columnOf(header, PUSH_RUN);
  if (column < 0) return { runIds: [], lastRunId: null };
  const store = engineDeps().store;
  const seen = new Map<string, JobRecord | null>();
  for (const row of rows) {
    const id = (row[column] ?? '').trim();
    if (id !== '' && !seen.has(id)) seen.set(id, store.get(id));
  }
  const runs = [...seen]
    .filter(([, job]) => job === null || !isPreviewJob(job))
    .sort(([, a], [, b]) => (b?.createdAt ?? 0) - (a?.createdAt ?? 0))
    .map(([id]) => id);
  return { runIds: runs, lastRunId: runs[0] ?? null };
}

/** One row of a preview as the sidebar lists it. */
export interface PushSampleRow {
  /** The 1-based sheet row. */
  row: number;
  status: string;
  /** CRM Push Detail: each field before → after, or why not, in the person's words. */
  detail: string;
  /** The row's name cell, when the sheet has one. */
  name?: string;
}

/** What a finished push preview (or revert preview) found, for the sidebar. */
export interface PushPreview {
  jobId: string;
  counts: Record<string, number>;
  /** Rows the preview decided. */
  rows: number;
  /** Rows it wrote a status on that the sidebar lists (every one but NO_CHANGE), up to 50. */
  sample: PushSampleRow[];
  /** Rows of the sheet that carry this preview's status (NO_CHANGE included). */
  marked: number;
  /**
   * The CRM reads the preview made (pages of leads, or one lead each): its run reads them
   * again, to find a colleague's change since. Absent when the job does not count them.
   */
  readRequests?: number;
}

/**
 * What a finished push preview wrote on its sheet: the counts of its job, and its rows with
 * their status and detail (those its id is on in CRM Push Run), every one but NO_CHANGE, in
 * sheet order. The detail is the push's own words (each field before → after in the
 * spreadsheet's formats, both values of a conflict).
 */
export function uiPushPreview(jobId: string): PushPreview {
  const job = engineDeps().store.get(String(jobId));
  if (!job || !isPreviewJob(job)) {
    throw codedError(`No push preview has the id "${String(jobId)}".`, 'noSuchRun');
  }
  const sheet = currentSpreadsheet()
    .getSheets()
    .find((s) => s.getSheetId() === job.sheetId);
  const [header = [], ...rows] = sheet ? shownCells(sheet) : [];
  const status = columnOf(header, PUSH_STATUS);
  const detail = columnOf(header, PUSH_DETAIL);
  const run = columnOf(header, PUSH_RUN);
  const name = header.findIndex((cell) => leadFieldForKey(headerKey(cell)) === 'name');
  const sample: PushSampleRow[] = [];
  let marked = 0;
  rows.forEach((cells, index) => {
    const value = status < 0 ? '' : (cells[status] ?? '').trim();
    // A row another job wrote (or none) is not this preview's.
    if (value === '' || (run >= 0 && (cells[run] ?? '').trim() !== job.jobId)) return;
    marked += 1;
    if (value === 'NO_CHANGE' || sample.length >= SAMPLE_ROWS) return;
    const who = name < 0 ? '' : (cells[name] ?? '').trim();
    sample.push({
      row: HEADER_ROW + 1 + index,
      status: value,
      detail: detail < 0 ? '' : (cells[detail] ?? ''),
      ...(who === '' ? {} : { name: who }),
    });
  });
  const reads = readWalkCursor(job.cursor).reads;
  return {
    jobId: job.jobId,
    counts: { ...job.counts },
    rows: job.total,
    sample,
    marked,
    ...(reads === undefined ? {} : { readRequests: reads }),
  };
}
