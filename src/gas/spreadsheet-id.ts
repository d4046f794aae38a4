const idMemo = new WeakMap<object, string>();

/**
 * A spreadsheet's id, asked once per execution and spreadsheet object: each ask is a Sheets call,
 * and a trigger execution names its spreadsheet in every trigger record and lateness key it
 * reads (triggers.ts), about a dozen asks before this memo (issue 30).
 */
export function spreadsheetIdOf(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string {
  let id = idMemo.get(spreadsheet);
  if (id === undefined) {
    id = spreadsheet.getId();
    idMemo.set(spreadsheet, id);
  }
  return id;
}
