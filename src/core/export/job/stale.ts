/**
 * The end of a sync with `staleRows`: the rows of leads no pass read are marked GONE or deleted
 * (stale.ts plans which), written only where they were read: a person may sort or insert rows
 * while a sync runs.
 */
import { type ExportSheet, WRITE_ATTEMPTS } from '../export-sheet';
import { planStale, type StaleRowAction } from '../stale';

/** Rows whose lead no pass read: those a sync kept because it could not be sure. */
export function staleCount(sheet: ExportSheet, seen: ReadonlySet<number>): number {
  const table = sheet.readTable();
  return planStale({ header: table.header, rows: table.rows, seen, action: 'delete' }).stale;
}

/** After a full sync pass: marks or deletes the rows whose lead the pass did not read; how many. */
export function removeStale(
  sheet: ExportSheet,
  action: Exclude<StaleRowAction, 'keep'>,
  seen: ReadonlySet<number>,
): number {
  if (action === 'delete') return deleteStale(sheet, seen);
  // Like a page's write: the marks go where their rows were read, unless a person moved them.
  for (let attempt = 1; ; attempt++) {
    const table = sheet.readTable();
    const plan = planStale({ header: table.header, rows: table.rows, seen, action });
    const column = table.header.findIndex(
      (cell) =>
        String(cell ?? '')
          .trim()
          .toLowerCase() === 'id',
    );
    const expected =
      attempt < WRITE_ATTEMPTS && column !== -1
        ? { column, ids: table.rows.map((row) => row[column]) }
        : undefined;
    const written =
      plan.writes.length === 0 ||
      sheet.apply(
        {
          clear: [],
          writes: plan.writes,
          header: [],
          updatedRows: 0,
          appendedRows: 0,
          unchangedRows: 0,
        },
        expected,
      ) !== false;
    if (written) return plan.stale;
  }
}

/** Plans of deletions a person's sorting may cut short before the sync stops deleting. */
const DELETE_ATTEMPTS = 3;

/**
 * Deletes the rows of leads no pass read. Rows are deleted a run at a time, each run checked
 * just before (ExportSheet.deleteRows): a person sorting or inserting rows while a sync deleted
 * scattered rows made it delete rows of live leads and keep rows of gone ones. After a moved
 * run the table is read and planned again; the rows deleted so far are counted.
 */
function deleteStale(sheet: ExportSheet, seen: ReadonlySet<number>): number {
  let deleted = 0;
  for (let attempt = 0; attempt < DELETE_ATTEMPTS; attempt++) {
    const table = sheet.readTable();
    const plan = planStale({ header: table.header, rows: table.rows, seen, action: 'delete' });
    if (plan.deleteRows.length === 0) break;
    const done = sheet.deleteRows(plan.deleteRows, plan.deleteIds);
    deleted += done;
    if (done === plan.deleteRows.length) break;
  }
  return deleted;
}
