import { optOutTagOf } from '../core/settings/opt-out';
import { spreadsheetOptOutTags } from '../core/settings/opt-out-tags';
import type { Settings } from '../core/settings/settings';
import { metadataStore } from '../gas/metadata-store';
import { personId, spreadsheetExclusion } from './context';

/**
 * Who asks for the tags: a preview or a start (refused while another person writes the list),
 * an execution of a job (goes on with the tags in force), or Settings saved (`save` runs under
 * the list's lock, before it is written).
 */
export type OptOutUse = 'preview' | 'job' | { save: () => void };

/**
 * The opt-out tags a send or message by this person skips in `spreadsheet`: their own and every
 * tag set by others of the spreadsheet (core/settings/opt-out-tags.ts), theirs put on the list
 * first. The list is in the spreadsheet's developer metadata: every editor reads and writes it,
 * and a trigger with no active document opens it by id (gas/metadata-store.ts), which document
 * properties would not allow. It is written under the spreadsheet's exclusion (the document lock,
 * as the send record is): two people saving at once each keep their tag.
 */
export function optOutTagsHere(
  settings: Settings,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  /** `preview` (or a start), `job` (an execution of a job) or Settings saved (see below). */
  use: OptOutUse = 'preview',
): string[] {
  return spreadsheetOptOutTags(
    metadataStore(spreadsheet),
    spreadsheetExclusion(spreadsheet, 'optOutTags'),
    personId(),
    optOutTagOf(settings),
    Date.now(),
    typeof use === 'object'
      ? { used: false, whileLocked: use.save }
      : { used: true, inJob: use === 'job' },
  );
}
