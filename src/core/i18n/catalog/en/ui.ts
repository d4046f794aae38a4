/**
 * English: the sidebars' words (sent to a sidebar when it opens, core/i18n/sidebar-page.ts),
 * and what a sidebar says for an error code (`ui.error.<code>`, core/person-message.ts).
 */
export const UI_EN = {
  'ui.common.sheet': 'Sheet',

  'ui.error.unexpected':
    'Something went wrong. Try again; if it keeps happening, send this to support: ({detail})',
  'ui.error.noServer': 'This sidebar is out of date: close it and open it again from the CRM menu.',
  'ui.error.crmKeyRefused':
    'The CRM did not accept the API key. Create a new key in the CRM (Settings → API keys) and save it in CRM → Settings.',
  'ui.error.crmAccountInactive':
    'The CRM account is suspended. Ask its administrator to reactivate it, then try again.',
  'ui.error.crmForbidden':
    'This API key is not allowed to do this. Create a key with that permission in the CRM (Settings → API keys) and save it in CRM → Settings.',
  'ui.error.crmBusy':
    'The CRM allows 60 requests a minute and they are used up. Try again in {seconds} s.',
  'ui.error.crmUnreachable':
    'Could not reach the CRM. Check the CRM address in CRM → Settings and try again in a minute.',
  'ui.error.crmNotFound': 'The CRM could not find what was asked for; it may have been deleted.',
  'ui.error.crmRefused': 'The CRM refused this. Check the values and try again.',
  'ui.error.crmFailed': 'The CRM failed to answer. Try again in a minute.',
  'ui.error.apiKeyMissing': 'Paste your API key: create one in the CRM under Settings → API keys.',
  'ui.error.apiKeyFormat':
    'This is not a CRM API key: keys start with crm_ and have no spaces. Copy it again from the CRM (Settings → API keys).',
  'ui.error.baseUrlHttps':
    'The CRM address must start with https:// (plain http:// only for this computer).',
  'ui.error.baseUrlPath':
    'The CRM address must end in /api/v1, for example https://crm.example.com/api/v1.',
  'ui.error.countryCode':
    'The default country must be a two-letter country code, such as BR or US.',
  'ui.error.noSettings': 'Connect the CRM first: open CRM → Settings and save your API key.',
  'ui.error.settingsRateLimited':
    'This API key used its 60 requests of the last minute. Try again in {seconds} s.',
  'ui.error.sheetMissing': 'Pick or type the name of a sheet.',
  'ui.error.sheetNameTooLong': 'A sheet name has at most {max} characters. Pick a shorter one.',
  'ui.error.sheetNotFound': 'There is no sheet named “{sheet}” any more. Pick another one.',
  'ui.error.sheetIsSendRecord':
    '“{sheet}” is the CRM Send Record sheet, where the add-on keeps which lead got which template. Pick another sheet.',
  'ui.error.headerRowEmpty':
    'Row {row} of “{sheet}” is empty. Put the column headers (Nome, E-mail, Telefone…) in that row, or choose the row that has them.',
  'ui.error.noLeadColumns':
    'No column of “{sheet}” is a lead field. Name the columns like Nome, E-mail, Telefone or Empresa, then preview again.',
  'ui.error.jobIdMissing': 'This job is no longer listed. Refresh the list.',
  'ui.error.jobNotFound': 'This job is no longer listed. Refresh the list.',
  'ui.error.jobNotResumable': 'This job has ended and cannot be resumed. Start a new one.',
  'ui.error.jobBusy':
    'Another run is working on this job right now. Press Pause again in a minute, or Cancel it.',
  'ui.error.jobOnSheet':
    'Another job is still working on “{sheet}”. Let it finish, or pause or cancel it in CRM → Jobs, then start again.',
  'ui.error.notJobOwner':
    'This job was started by someone else; only they can continue it (it goes on by itself).',

  'ui.progress.state.queued': 'Waiting to run',
  'ui.progress.state.running': 'Running',
  'ui.progress.state.paused': 'Paused',
  'ui.progress.state.done': 'Done',
  'ui.progress.state.failed': 'Failed',
  'ui.progress.state.cancelled': 'Cancelled',
  'ui.progress.doneOfTotal': '{done} / {total} {total:row|rows}',
  'ui.progress.rows': '{done} rows',
  'ui.progress.oneRow': '{done} row',
  'ui.progress.eta': '{duration} left at {rate} requests per minute',
  'ui.progress.underMinute': 'under a minute',
  'ui.progress.minutes': 'about {minutes} min',
  'ui.progress.hours': 'about {hours} h {minutes} min',
  'ui.progress.pause': 'Pause',
  'ui.progress.resume': 'Resume',
  'ui.progress.cancel': 'Cancel',
  'ui.progress.gaveUp':
    'This sidebar stopped following the job after repeated errors; it goes on by itself in the background.',

  'ui.settings.title': 'CRM settings',
  'ui.settings.intro': 'Your key is kept for you only, never in the sheet, and shown masked.',
  'ui.settings.apiKey': 'API key',
  'ui.settings.noKey': 'No key saved yet.',
  'ui.settings.savedKey': 'Saved key: {key}. Leave the field empty to keep it.',
  'ui.settings.baseUrl': 'CRM address',
  'ui.settings.baseUrlHint': 'https://…/api/v1',
  'ui.settings.country': 'Default country',
  'ui.settings.countryHint': 'For phone numbers written without +country code, e.g. BR or US.',
  'ui.settings.save': 'Save',
  'ui.settings.checking': 'Checking the key with the CRM…',
  'ui.settings.connected': 'Connected to {account}.',
  'ui.settings.connectedPlan': 'Connected to {account} · plan {plan}.',

  'ui.import.title': 'Import leads',
  'ui.import.intro':
    'Each row under the headers becomes a lead (matched to existing ones). Results go to the CRM Import columns at the right of the data.',
  'ui.import.headerRow': 'Header row',
  'ui.import.matchBy': 'Match existing leads by',
  'ui.import.matchEmailOrPhone': 'E-mail, else phone',
  'ui.import.matchEmail': 'E-mail only',
  'ui.import.matchPhone': 'Phone only',
  'ui.import.pipeline': 'Default pipeline',
  'ui.import.stage': 'Default stage',
  'ui.import.pipelineHint':
    'Where new leads go when their row has no Funil / Etapa cell; a name or a number. Existing leads keep theirs.',
  'ui.import.mode': 'What to do',
  'ui.import.modeUpsert': 'Update and create',
  'ui.import.modeUpdate': 'Only update existing',
  'ui.import.modeCreate': 'Only create new',
  'ui.import.dryRun': 'Dry run — check rows (VALID / INVALID / DUPLICATE), send nothing',
  'ui.import.preview': 'Preview columns',
  'ui.import.start': 'Start import',
  'ui.import.columns': 'Columns',
  'ui.import.reading': 'Reading the header row…',
  'ui.import.starting': 'Starting the import…',

  'ui.export.title': 'Export leads',
  'ui.export.intro':
    "Pulls the CRM's leads that match the filters into a sheet (created when missing).",
  'ui.export.filters': 'Filters',
  'ui.export.pipeline': 'Pipeline',
  'ui.export.stage': 'Stage',
  'ui.export.owner': 'Owner',
  'ui.export.ownerPlaceholder': 'name or e-mail',
  'ui.export.tags': 'Tags',
  'ui.export.source': 'Source',
  'ui.export.status': 'Status',
  'ui.export.search': 'Search',
  'ui.export.searchPlaceholder': 'name, e-mail, phone or company',
  'ui.export.createdFrom': 'Created from',
  'ui.export.createdTo': 'Created to',
  'ui.export.updatedSince': 'Updated since',
  'ui.export.columns': 'Columns',
  'ui.export.columnsHint': 'Empty for the usual columns.',
  'ui.export.alsoFetch': 'Also fetch',
  'ui.export.include.owner': 'Owner',
  'ui.export.include.products': 'Products',
  'ui.export.include.contacts': 'Contacts',
  'ui.export.include.notes': 'Notes',
  'ui.export.include.sales': 'Sales',
  'ui.export.include.tasks': 'Tasks',
  'ui.export.include.sequences': 'Sequences',
  'ui.export.include.score': 'Score',
  'ui.export.mode': 'Mode',
  'ui.export.modeReplace': 'Replace — rewrite the sheet',
  'ui.export.modeSync': 'Sync — only leads updated since the last run, in place',
  'ui.export.start': 'Start export',
  'ui.export.starting': 'Starting the export…',

  'ui.send.title': 'Send template',
  'ui.send.intro':
    "Sends an approved template once to the lead of each row. Each row's result goes to the CRM Send columns at the right of the data.",
  'ui.send.template': 'Template (approved)',
  'ui.send.loadingTemplates': 'Loading templates…',
  'ui.send.number': 'Send from number',
  'ui.send.numberHint': 'Only official WhatsApp API numbers send templates.',
  'ui.send.numberQr': '{name} — QR: no templates',
  'ui.send.variables': 'Variables',
  'ui.send.variablesHint':
    'A column sends each row its own cell; fixed text sends the same to every row.',
  'ui.send.lead': "Find each row's lead",
  'ui.send.leadColumn': 'Lead number in {header}',
  'ui.send.leadEmailOrPhone': 'Look up by e-mail, else phone',
  'ui.send.leadEmail': 'Look up by e-mail',
  'ui.send.leadPhone': 'Look up by phone',
  'ui.send.warning':
    "<b>A sent message cannot be recalled.</b> Preview first. Rows already SENT are never sent again. A row marked <b>UNCERTAIN</b> may or may not have gone out (its run stopped mid-send): check the lead's conversation in the CRM, and clear its CRM Send Status only if the message did not arrive.",
  'ui.send.preview': 'Preview',
  'ui.send.send': 'Send…',
  'ui.send.previewTitle': 'Preview',
  'ui.send.sendNow': 'Send now',
  'ui.send.back': 'Back',
  'ui.send.none': '— none —',
  'ui.send.pickColumn': '— pick a column —',
  'ui.send.column': 'Column: {header}',
  'ui.send.fixedText': 'Fixed text…',
  'ui.send.fixedPlaceholder': 'the same text for every row',
  'ui.send.headerVariable': 'Header {{1}}',
  'ui.send.headerFile': '[{format} file]',
  'ui.send.mediaLegend': 'Header file ({format})',
  'ui.send.mediaUrl': 'File link (public: no login, VPN or IP allowlist)',
  'ui.send.mediaFilename': 'File name the contact sees (optional)',
  'ui.send.noTemplates': 'No approved template in the CRM',
  'ui.send.pickTemplate': '— pick a template —',
  'ui.send.sampleRow': 'Row {row} would get:',
  'ui.send.nothingToSend': 'No row would be sent.',
  'ui.send.row': 'Row {row}',
  'ui.send.rowWord': 'row',
  'ui.send.rowsWord': 'rows',
  'ui.send.oneRow': '{count} row',
  'ui.send.rows': '{count} rows',
  'ui.send.columnsAdded': 'The CRM Send columns are added at the right of the data.',
  'ui.send.checking': 'Checking the template and the rows…',
  'ui.send.nothingQueued': 'No row would be sent: see the preview.',
  'ui.send.starting': 'Starting the send…',
  'ui.send.confirm': 'Send “{template}” to {rows} of “{sheet}”?',
  'ui.send.confirmSkipped': '{rows} will be SKIPPED.',
  'ui.send.cannotRecall': 'A sent message cannot be recalled.',
  'ui.send.afterUncertainOne':
    "{count} row is UNCERTAIN: the message may have gone out. Check the lead's conversation in the CRM; clear the CRM Send Status cell only if it did not arrive, and send again.",
  'ui.send.afterUncertain':
    "{count} rows are UNCERTAIN: the message may have gone out. Check each lead's conversation in the CRM; clear the CRM Send Status cell only where it did not arrive, and send again.",
  'ui.send.afterSkippedOne':
    '{count} row was SKIPPED: CRM Send Detail says why. Fix those cells and send again; rows already SENT are not resent.',
  'ui.send.afterSkipped':
    '{count} rows were SKIPPED: CRM Send Detail says why. Fix those cells and send again; rows already SENT are not resent.',
  'ui.send.problem.sheet': 'pick a sheet',
  'ui.send.problem.sheetAndTemplate': 'Pick a sheet and a template.',
  'ui.send.problem.template': 'Pick an approved template.',
  'ui.send.problem.number': 'pick a number that sends templates (an official WhatsApp API number)',
  'ui.send.problem.variable': 'pick a column or fixed text for {name}',
  'ui.send.problem.fixedText': 'type the fixed text for {name}, or pick a column',
  'ui.send.problem.media':
    "give the {format} header's file: a column of public links or one fixed https:// link",
  'ui.send.meaning.queued': 'would be sent',
  'ui.send.meaning.skipped':
    'would be skipped without a request: a rule of the CRM refuses {count:it|them} (an empty or multi-line variable, no lead, a file link that is not public…); the send writes each reason in CRM Send Detail',
  'ui.send.meaning.sent': 'already sent: never sent again',
  'ui.send.meaning.uncertain':
    'UNCERTAIN: may have been sent by a run that stopped mid-send; check {count:it|them} by hand, {count:it is|they are} not sent again',
  'ui.send.meaning.sending':
    'left mid-send by a run that stopped: {count:it becomes|they become} UNCERTAIN, not resent',
  'ui.send.meaning.failed': 'failed in an earlier send: tried again',

  'ui.jobs.title': 'Jobs',
  'ui.jobs.intro':
    'Imports, exports and sends of this spreadsheet, newest first. While this sidebar is open it keeps pending jobs moving; when it is closed, they go on by themselves.',
  'ui.jobs.refresh': 'Refresh',
  'ui.jobs.none': 'No jobs yet. Start one from Import, Export or Send.',
  'ui.jobs.kind.import': 'Import',
  'ui.jobs.kind.export': 'Export',
  'ui.jobs.kind.send': 'Send',
  'ui.jobs.openSheet': 'Go to this sheet',
  'ui.jobs.startedByAt': 'Started by {who} · {when}',
  'ui.jobs.startedBy': 'Started by {who}',
  'ui.jobs.startedAt': 'Started {when}',
  'ui.jobs.updatedAt': 'Last change {when}',
  'ui.jobs.listTitle': 'Recent jobs',
  'ui.jobs.previewsTitle': 'Previews',
  'ui.jobs.previewsHint':
    'Checks that changed nothing in the CRM, kept for the run that follows them.',
  'ui.jobs.clearFinished': 'Clear finished',
  'ui.jobs.clearFinishedHint':
    'Takes done, failed and cancelled jobs off your list; running and paused ones stay. Nothing is deleted for other editors.',
  'ui.jobs.cleared': 'Finished jobs cleared from your list.',
  'ui.jobs.lastFailure': 'Last failure: {failure}',
  'ui.progress.etaClosed':
    'With this panel closed, the rest takes {closed}; keep it open to finish in {open}.',
  'ui.send.confirmCampaign':
    '{rows} already got “{template}” ({count:on|last on} {date}): this send is a new campaign for {count:it|them}.',
  'ui.send.confirmSentBefore':
    '{count} leads got “{template}” from this spreadsheet before (last on {date}; the CRM Send Record sheet keeps it): they are SKIPPED unless you tick “Send again to leads that got it before”.',
  'ui.send.confirmSentBeforeOne':
    '1 lead got “{template}” from this spreadsheet before (on {date}; the CRM Send Record sheet keeps it): it is SKIPPED unless you tick “Send again to leads that got it before”.',
  'ui.send.resend': 'Send again to leads that got it before',
  // Rows picker and `rows` errors (issue 29, item 1).
  'ui.rows.label': 'Rows',
  'ui.rows.all': 'All rows ({count})',
  'ui.rows.visible': 'Visible rows ({count})',
  'ui.rows.selected': 'Selected rows ({count})',
  'ui.error.rowsForm':
    'The rows “{value}” are not a list the add-on can read. Write sheet rows such as 5:9,12, or choose all, visible or selected rows.',
  'ui.error.rowsOrder':
    'The rows “{part}” end before they start. Write them first:last, such as 5:9.',
  'ui.error.rowsNone':
    'The rows chosen ({rows}) hold no lead below the header row of “{sheet}”. Choose rows with data.',
  'ui.error.rowsSelectionElsewhere':
    'The selected cells are on “{active}”, not on “{sheet}”. Select the rows on “{sheet}”, then try again.',
  // Opt-out (PRODUCT.md "Opt-out").
  'ui.error.optOutTagForm':
    'The opt-out tag must be a tag name of at most 100 characters, such as optout.',
  // A sidebar run whose preview is gone (review: stale or reclaimed preview).
  'ui.error.previewGone':
    'The preview on show is no longer the one a run can keep to (it is older than 24 hours, or a newer preview or a full storage replaced it). Preview again, then run.',
} as const;
