/**
 * English: what a person reads when export options do not fit (a sidebar by the error's code, a
 * schedule's last result) and a job another version saved (issue 18.2).
 */
export const MESSAGES_EXPORT_EN = {
  'messages.jobOutdated':
    'This job was saved by another version of the add-on and cannot go on: start it again.',
  'ui.error.exportOptionsNotObject':
    'The export settings could not be read: choose them again in CRM → Export leads.',
  'ui.error.exportStaleNeedsFullPass':
    'Rows whose lead is gone can be marked or deleted only when every matching lead is read: remove the "updated since" filter.',
  'ui.error.exportStaleRowsValue':
    'Choose what to do with rows whose lead is gone: keep them, mark them GONE, or delete them.',
  'ui.error.exportStaleNeedsSync':
    'Rows whose lead is gone exist only in a sync: choose Sync, or keep those rows.',
  'ui.error.exportModeValue':
    'Choose how to export: replace the sheet, or sync its rows by lead id.',
  'ui.error.exportColumnsForm':
    'The columns to export must be a list of names, such as id, name, stage.',
  'ui.error.exportSyncNoIdColumn':
    'The sheet has rows but no {column} column, so a sync cannot tell which row is which lead. Add a column headed {column} with the lead ids, or choose Replace.',
  'ui.error.exportStartFailed':
    'Could not start the export: the CRM did not answer in time. Try again in a minute.',
} as const;
