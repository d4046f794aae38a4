/** English: the import's `CRM Import Detail` cells, dry-run reasons and job messages. */
export const IMPORT_EN = {
  'import.key.email': 'e-mail',
  'import.key.phone': 'phone',
  'import.cell': 'Column "{header}": {error}',
  'import.missing.noColumn': '{what}; {fix}',
  'import.missing.emptyOne': 'Column {columns} is empty: {what}',
  'import.missing.emptyMany': 'Columns {columns} are empty: {what}',
  'import.need.name': 'a new lead needs a name',
  'import.need.nameFix':
    'add a Name / Nome column (a row that updates an existing lead needs none)',
  'import.need.pipeline': 'a new lead needs a pipeline',
  'import.need.pipelineFix': 'add a Pipeline / Funil column or choose a pipeline for new leads',
  'import.need.stage': 'a new lead needs a stage',
  'import.need.stageFix': 'add a Stage / Etapa column or choose a stage for new leads',
  'import.need.defaultStage': 'stage for new leads: {error}',
  'import.need.email': 'matching by e-mail needs an e-mail',
  'import.need.emailFix': 'add an E-mail column',
  'import.need.phone': 'matching by phone needs a phone',
  'import.need.phoneFix': 'add a Phone / Telefone column',
  'import.need.either': 'matching by e-mail or phone needs one of them',
  'import.need.eitherFix': 'add an E-mail or a Phone / Telefone column',
  'import.cannotCreate': 'No CRM lead has this {key}, and it cannot be created: {reason}',
  'import.duplicate': 'Same {key} as row {row}',
  'import.duplicateGone':
    'Same {key} as the row this import sent to lead {id}, since deleted or pasted over: this row was not sent',
  'import.created': 'Created lead {id}.',
  'import.createdNotFound':
    'Created lead {id}: no CRM lead had this {key} any more (the lead of an earlier import was deleted, or the {key} changed), so the CRM made a new one in its default place.',
  'import.updated': 'Updated lead {id}, found by its {key}.',
  'import.unchanged': 'Unchanged since its last successful import; nothing was sent.',
  'import.notFound':
    'No CRM lead has this {key}: mode "update" changes existing leads only. Fix the {key}, or import with mode "upsert" to create it.',
  'import.exists':
    'Lead {id} already has this {key}: mode "create" makes new leads only. Import with mode "upsert" or "update" to change it.',
  'import.existsNoId':
    'A CRM lead already has this {key}: mode "create" makes new leads only. Import with mode "upsert" or "update" to change it.',
  'import.dry.create': 'Dry run: would create a lead in {pipeline} / {stage}.',
  'import.dry.update':
    'Dry run: would update lead {id} (found by its {key}), keeping its pipeline and stage{moved}.',
  'import.dry.updateNoId':
    'Dry run: would update the CRM lead with this {key}, keeping its pipeline and stage{moved}.',
  'import.dry.unchecked':
    'Dry run: valid; whether it would create or update a lead was not checked (the run ran out of time).',
  'import.dry.moved': ' unless the sheet says otherwise',
  'import.crmRefused': 'CRM refused the row: {detail}',
  'import.crmError': 'CRM error after retries: {detail}',
  'import.crmLimit': 'CRM: {detail}',
  'import.lookupUnclear':
    'Not sent: the CRM search for this {key} found more than {count} leads, so whether the lead exists cannot be told; retry later or import with mode "upsert" and a Funil / Etapa column.',
  'import.job.queued': 'Import of "{sheet}" queued.',
  'import.job.dryQueued': 'Dry run of "{sheet}" queued.',
  'import.job.progress': 'Importing: {done} of {total} rows done.',
  'import.job.finished': 'Import finished: {parts}.',
  'import.job.finishedEmpty': 'Import finished: the sheet has no data rows.',
  'import.job.dryFinished': 'Dry run finished: {parts}; nothing was sent.',
  'import.job.dryFinishedEmpty': 'Dry run finished: the sheet has no data rows.',
  'import.job.unplaced':
    ' {count} row statuses were not written: their rows were deleted or their e-mail / phone edited during the import.',
  'import.job.limit':
    'The CRM plan\'s lead limit is reached ("{message}"): upgrade the plan or delete leads in the CRM, then start the import again; rows already imported keep their status.',
  'import.job.sheetGone':
    'The sheet "{sheet}" no longer exists; the import stopped (rows already sent are in the CRM).',
  'import.job.oldVersion':
    'This import was started by another version of the add-on and cannot be continued; start it again.',
  'import.job.optionsChanged': '{problem}; fix it, then resume the job.',
  'import.input.type': 'expected {expected}, got {found}',
  'import.input.oneOf': 'expected one of {values}, got {found}',
  'import.input.fewItems': 'needs more items (at least {minimum})',
  'import.input.empty': 'cannot be empty',
  'import.input.min': 'must be at least {minimum}, got {found}',
  'import.input.max': 'must be at most {maximum}, got {found}',
  'import.input.format': 'not in an accepted form (got {found})',
  'import.input.matchKey': 'give an email or a phone: it is how the CRM finds the lead',
  'import.input.lineBreak': 'cannot contain a line break',
  'import.input.imageUrl': 'an image message needs a file URL',
  'import.input.textBody': 'a text message needs a text',
  'import.input.more': 'and {count} more',
  'import.input.found.nothing': 'nothing',
  'import.input.found.list': 'a list',
  'import.input.found.date': 'a date',
  'import.input.found.object': 'an object',
  'import.input.expected.string': 'a text',
  'import.input.expected.number': 'a number',
  'import.input.expected.int': 'a whole number',
  'import.input.expected.boolean': 'TRUE or FALSE',
  'import.input.expected.array': 'a list',
  'import.input.expected.object': 'an object',
  // A row naming by its ID a lead without e-mail or phone (import/row.ts namedLead).
  'import.keylessLead':
    '"{header}" names lead {id}, but this row has no e-mail or phone, and the CRM changes a lead only by its e-mail or phone: nothing was sent. To update it, fill in the e-mail or phone the lead has in the CRM; if it has none, change it in the CRM (Lead actions move its stage and tags). A new e-mail or phone here would create another lead.',
} as const;
