import { optOutTagOf } from '../core/settings/opt-out';
import { spreadsheetOptOutTags } from '../core/settings/opt-out-tags';
import type { Settings } from '../core/settings/settings';
import { metadataStore } from '../gas/metadata-store';
import { personId } from './context';

/**
 * The opt-out tags a send or message by this person skips in `spreadsheet`: their own and every
 * tag set by others of the spreadsheet (core/settings/opt-out-tags.ts), theirs put on the list
 * first. The list is in the spreadsheet's developer metadata: every editor reads and writes it,
 * and a trigger with no active document opens it by id (gas/metadata-store.ts), which document
 * properties would not allow.
 */
export function optOutTagsHere(
  settings: Settings,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  /** A preview or a start uses the tags now (false: Settings saved). */
  used = true,
): string[] {
  return spreadsheetOptOutTags(
    metadataStore(spreadsheet),
    personId(),
    optOutTagOf(settings),
    Date.now(),
    used,
  );
}
