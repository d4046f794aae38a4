import { markedSheets } from './ownership';
import { PUSH_MEMORY_TAG } from './push-memory-sheet';
import { SEND_RECORD_TAG } from './send-record-sheet';

/**
 * The ids of the add-on's own hidden working sheets (the send record, each export's push
 * memory), found by their marks whatever a person renamed them to. No picker offers them.
 */
export function workingSheetIds(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): Set<number> {
  const marked = [
    ...markedSheets(spreadsheet, SEND_RECORD_TAG),
    ...markedSheets(spreadsheet, PUSH_MEMORY_TAG),
  ];
  return new Set(marked.map(({ sheet }) => sheet.getSheetId()));
}
