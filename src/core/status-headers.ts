import { ACTION_STATUS_HEADERS } from './actions/types';
import { SYNC_STATUS_HEADER } from './export/stale';
import { IMPORT_STATUS_HEADERS } from './import/status-columns';
import { headerKey } from './import/text-key';
import { PUSH_STATUS_HEADERS } from './push/types';
import { SEND_STATUS_HEADERS } from './send/status-columns';

/** Every column the add-on writes its results in: an import's, a send's, an export's and lead actions'. */
const ADDON_STATUS_HEADERS: readonly string[] = [
  ...IMPORT_STATUS_HEADERS,
  ...SEND_STATUS_HEADERS,
  SYNC_STATUS_HEADER,
  ...ACTION_STATUS_HEADERS,
  ...PUSH_STATUS_HEADERS,
];

const ADDON_STATUS_KEYS = new Set(ADDON_STATUS_HEADERS.map(headerKey));

/**
 * Whether a header names one of the add-on's own status columns (blind to case, accents and
 * spaces, as headers are matched). Such a column is never data: no sidebar offers it for an
 * import mapping or a template variable, and an import never reports it as not recognised.
 */
export function isAddonStatusHeader(header: string): boolean {
  return ADDON_STATUS_KEYS.has(headerKey(header));
}
