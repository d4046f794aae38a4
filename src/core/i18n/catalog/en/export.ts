/**
 * English: export and sync job messages (issue 18.2). Counts take `.one` / `.other` forms
 * (core/export/messages.ts picks one); GONE is a status value, never translated.
 */
export const EXPORT_EN = {
  'export.queued': 'Export to "{sheet}" queued.',
  'export.progress': 'Exporting to "{sheet}": {done} of {total} leads.',
  'export.exported.one': 'Exported 1 lead to "{sheet}".',
  'export.exported.other': 'Exported {count} leads to "{sheet}".',
  'export.synced': 'Synced "{sheet}": {updated}, {added}, {unchanged}{stale}.',
  'export.synced.updated.one': '1 row updated',
  'export.synced.updated.other': '{count} rows updated',
  'export.synced.added.one': '1 added',
  'export.synced.added.other': '{count} added',
  'export.synced.unchanged.one': '1 unchanged',
  'export.synced.unchanged.other': '{count} unchanged',
  'export.synced.marked.one': ', 1 marked GONE',
  'export.synced.marked.other': ', {count} marked GONE',
  'export.synced.deleted.one': ', 1 deleted (its lead is gone or no longer matches)',
  'export.synced.deleted.other': ', {count} deleted (their leads are gone or no longer match)',
  'export.synced.kept.one':
    ' 1 row whose lead was not read was kept: the CRM changed while the sync read it, so it could not be told gone; sync again to mark or delete it.',
  'export.synced.kept.other':
    ' {count} rows whose leads were not read were kept: the CRM changed while the sync read it, so they could not be told gone; sync again to mark or delete them.',
  'ui.error.exportSheetTyped':
    'The sheet "{sheet}" holds data an export did not write, so the export leaves it as it is. Export into a new or empty sheet (type another name), or clear "{sheet}" first.',
  'ui.error.exportColumnsTyped':
    'The sheet "{sheet}" has columns a person typed where this export would write ({columns}), so the export leaves the sheet as it is. Move those columns to the right of the export columns, or export into a new or empty sheet (type another name).',
  'ui.export.staleRows': 'Rows whose lead is gone (sync)',
  'ui.export.staleKeep': 'Keep them',
  'ui.export.staleMark': 'Mark them GONE',
  'ui.export.staleDelete': 'Delete them',
  'ui.export.staleHint':
    'A lead is gone when it was deleted in the CRM or no longer matches the filters. Mark and Delete read every matching lead, not only those updated since the last sync.',
  'export.sheetDeleted':
    'The sheet "{sheet}" was deleted during the export; start the export again.',
  'export.what.firstPage': 'page 1 of the lead list',
  'export.what.after': 'the lead list after its first {count} leads',
  'export.error.rateLimited':
    'The CRM rate limit is reached; the export continues when requests are allowed again.',
  'export.error.keyRefused':
    'The CRM refused the API key ({detail}). Open CRM → Settings, save a valid key, then resume the job.',
  'export.error.accountSuspended':
    "The CRM account is suspended ({detail}). Reactivate it with the CRM's support, then resume the job.",
  'export.error.scope':
    "The API key lacks the scope {scope} ({detail}). Create a key with that scope in the CRM's settings, save it in CRM → Settings, then resume the job.",
  'export.error.refused': 'The CRM refused {what}: {detail}',
  'export.error.readFailed': 'Could not read {what}: {detail}',
  'export.error.readFailedRetried': 'Could not read {what} after 3 attempts: {detail}',
  'ui.error.exportSyncNeedsId':
    'Sync finds each lead’s row by its id: add the column id to Columns (or choose Replace).',
  'export.syncNoIdColumn':
    'The sheet "{sheet}" has rows but no id column, so a sync cannot tell which row is which lead. Add a column headed id with the lead ids, or export with Replace.',
  // crmRefreshExport (issue 29.2)
  'ui.error.exportNothingRemembered':
    'The sheet “{sheet}” was not written by an export that remembers its query. Export into it once (CRM → Export leads); then refreshing runs that export again.',
  'ui.export.any': '(any)',
  // Issue 29.8: the Export form's examples, from the catalogue.
  'ui.export.statusPlaceholder': 'open, won or lost',
  'ui.export.columnsPlaceholder': 'id, name, email, phone, company, value, stage, tags…',
  // Issue #28: a replace export refuses to overwrite cells a person changed and has not pushed.
  'ui.error.exportUnpushedEdits':
    'The sheet "{sheet}" has {count} {count:cell|cells} you changed and have not pushed to the CRM, and replacing it would overwrite them, so nothing was exported. Push them with CRM → Push changes, or refresh the export (a sync, which keeps them); or, to start over, clear or delete "{sheet}" first.',
} as const;
