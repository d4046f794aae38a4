import type { KeyValueStore } from '../core/ports';

/**
 * A KeyValueStore over the spreadsheet's own developer metadata (spreadsheet level, visible to
 * this add-on's project only). Unlike document properties it is reachable from any execution
 * that can open the spreadsheet, including a trigger that runs with no active document
 * (SpreadsheetApp.openById), and every editor can read and write it: the job board, pause and
 * cancel requests and the nightly schedules live here.
 * https://developers.google.com/apps-script/reference/spreadsheet/developer-metadata
 * The Sheets API bounds metadata per spreadsheet (about 30,000 characters per location, see
 * https://developers.google.com/workspace/sheets/api/guides/metadata), so only small values go
 * here: never job options or cursors.
 */
export function metadataStore(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): KeyValueStore {
  // Every key is ours (`crm.` prefixed) and only ever put on the spreadsheet itself, so the
  // finder needs no location filter: each read is three Sheets calls, not four. (The send
  // record's sheet tag, SEND_RECORD_TAG, is on a sheet, and is never a key of this store.)
  const entries = (key: string): GoogleAppsScript.Spreadsheet.DeveloperMetadata[] =>
    spreadsheet.createDeveloperMetadataFinder().withKey(key).find();
  return {
    get: (key) => entries(key)[0]?.getValue() ?? null,
    set: (key, value) => {
      const [first, ...extra] = entries(key);
      if (first) first.setValue(value);
      else
        spreadsheet.addDeveloperMetadata(
          key,
          value,
          SpreadsheetApp.DeveloperMetadataVisibility.PROJECT,
        );
      // Two editors adding the same key at once leave two entries: keep the one just written.
      for (const duplicate of extra) duplicate.remove();
    },
    delete: (key) => {
      for (const entry of entries(key)) entry.remove();
    },
    keys: () => spreadsheet.getDeveloperMetadata().map((entry) => entry.getKey()),
    // One listing instead of a search per key (three Sheets calls each): values are read only
    // for the keys wanted, and the first entry of a key wins, as get() reads it.
    entries: (wanted) => {
      const out = new Map<string, string>();
      for (const entry of spreadsheet.getDeveloperMetadata()) {
        const key = entry.getKey();
        if (!out.has(key) && wanted(key)) out.set(key, entry.getValue() ?? '');
      }
      return out;
    },
  };
}
