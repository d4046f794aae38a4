/**
 * English: what a person reads when import, lead-action or report options do not fit (a
 * sidebar or a schedule by the error's code, a formula cell), and waits and refusals of the
 * add-on itself (issue 18.2). The thrown messages stay precise English for scripts.
 */
export const MESSAGES_OPTIONS_EN = {
  'messages.rateLimitWait': 'Waiting for the CRM’s rate limit; the job goes on in its next run.',
  'ui.error.importPlaceForm':
    'The default pipeline and stage must be names or ids, such as Vendas or 3.',
  'ui.error.headerRowNumber': 'The header row must be a whole number, 1 or more.',
  'ui.error.importMappingForm':
    'The column mapping could not be read: choose the fields again in CRM → Import leads.',
  'ui.error.importMappingTarget':
    'The column “{header}” must go to a field, or be ignored. Choose it again.',
  'ui.error.importDryRun': 'Choose whether this is a trial run (nothing sent) or a real import.',
  'ui.error.importModeValue':
    'Choose what the import does: update or create, update existing leads only, or create new ones only.',
  'ui.error.importOnConflictValue':
    'Choose what to do when a row seems another person: mark it CONFLICT, or update the lead anyway.',
  'actions.keying.noIdColumn': 'No column is headed “{column}”, the column of lead ids.',
  'actions.keying.noKeyColumns':
    'The sheet has no lead id column (CRM Lead ID, Lead ID, ID) and no e-mail or phone column to find leads by.',
  'actions.unknownName': 'No {what} is named "{name}"; there are: {known}.',
  'ui.error.countInclude': 'CRM_COUNT only counts leads: remove include from the query.',
  'ui.error.reportOptionsNotObject':
    'The report settings could not be read: open CRM → Pipeline report again.',
  'ui.error.reportPipelineForm': 'Choose the pipeline by its name or id.',
  'ui.error.triggersBusy':
    'Another run is arranging this spreadsheet’s schedules right now: try again in a minute.',
  'ui.error.jobStoreFull':
    'The add-on’s storage in your Google account is nearly full ({kb} KB of 500 KB) with jobs still pending or paused: finish or cancel some (CRM → Jobs), then start this one again.',
  'import.mapping.noCustomField':
    'mapping for "{header}" names custom field "{name}", which does not exist; custom fields: {names}',
  'import.mapping.inactiveCustomField':
    'mapping for "{header}" names custom field "{name}", which is inactive in the CRM; activate it or map the column to \'\'',
  'import.mapping.unknownTarget':
    'mapping for "{header}" names an unknown target "{wanted}"; use one of {targets}, or \'\' to ignore the column',
  'import.mapping.statusTwice':
    'two columns are headed "{status}" ({first} and {second}); delete one',
  'import.mapping.noHeader':
    'mapping names the header "{key}", which is not in the header row; headers: {headers}',
  'import.mapping.statusColumn':
    '"{header}" is a status column written by the import; remove it from mapping',
  'import.mapping.shared': 'columns {columns} map to {field}; keep one, or ignore the others',
  'ui.error.importMappingProblems':
    'The columns cannot be imported as chosen: {problems}. Fix the mapping, then preview again.',
  'messages.deprecated':
    'The CRM marked {route} as deprecated. Update CRM Sheets when a new version is available.',
  'messages.deprecatedSunset':
    'The CRM marked {route} as deprecated; it stops working on {date}. Update CRM Sheets when a new version is available.',
  'messages.deprecatedLink': 'More: {link}',
} as const;
