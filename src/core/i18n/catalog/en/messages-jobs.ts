/**
 * English: what a person reads of the job machinery itself (issue 18.2): a job paused for its
 * API key or permissions, a sheet whose status columns or headers no longer fit, a stored job
 * that cannot be read, a start the CRM's rate limit put off. The thrown messages scripts see
 * stay precise English; job messages are said in the job's language (and each reader's, by
 * i18n/retranslate.ts, since each is one catalogue sentence).
 */
export const MESSAGES_JOBS_EN = {
  'jobs.pause.noApiKey':
    'No CRM API key is saved for the person running this job: open CRM → Settings, save a key, then resume the job.',
  'jobs.pause.keyRefused':
    'The CRM refused the API key ("{message}"): create a new key in the CRM under Settings → API keys, save it in CRM → Settings (or crmConfigure), then resume this job.',
  'jobs.pause.accountSuspended': `The CRM account is suspended ("{message}"): ask the CRM account's administrator to reactivate it, then resume this job.`,
  'jobs.pause.permission':
    'The API key lacks the "{permission}" permission ("{message}"): create a key with that permission in the CRM under Settings → API keys, save it in CRM → Settings, then resume this job.',
  'jobs.pause.forbidden': `The CRM refused this request ("{message}"): check the key's permissions in the CRM under Settings → API keys, then resume this job.`,
  'jobs.headersChanged':
    'The header row of "{sheet}" no longer fits {job}: {problem}. Fix the headers, then resume the job.',
  'jobs.name.import': 'this import',
  'jobs.name.send': 'this send',
  'jobs.statusColumnsNotCreated':
    'The status columns ({headers}) could not be added to the sheet: check that it is not protected and has room for more columns, then resume the job.',
  'jobs.row.noKey': 'The row has no key to find it by.',
  'jobs.row.gone':
    'Row “{key}” is no longer in the sheet (deleted or its key edited); it was skipped.',
  'jobs.row.keyTwice':
    'Key “{key}” is on more than one row; make each row’s key unique and run again.',
  'ui.error.jobOptionsTooLarge':
    'This job’s settings are too long to keep ({bytes} bytes; at most {max}): shorten the fixed texts or the column mapping, then start it again.',
  'ui.error.jobUnreadable':
    'This job was saved in a form this version of the add-on cannot read: cancel it in CRM → Jobs and start it again.',
  'ui.error.storedValueBroken':
    'Something the add-on keeps for this spreadsheet is damaged: start the job again; if it keeps happening, tell support.',
  'ui.error.crmRateLimitStart':
    'The CRM’s request limit is used up right now: try again in a minute.',
  'jobs.yield.retryLater':
    'The CRM failed and the next try does not fit in this run; it is tried again in the next one.',
  'jobs.yield.stopAsked': 'A pause or cancel was asked for; nothing more is sent.',
  'ui.error.sendTemplateGone':
    'The chosen template is no longer in the CRM: reopen CRM → Send template and pick another.',
  'ui.error.sendTemplateNotApproved':
    'The template “{template}” is {status} in the CRM, and only APPROVED templates can be sent: get it approved, or pick another.',
  'ui.error.sendPickNumber':
    'The template “{template}” belongs to no number: pick a number that sends templates (an official WhatsApp API number).',
  'ui.error.sendNumberGone':
    'The chosen number is no longer in the CRM: reopen CRM → Send template and pick another.',
  'ui.error.sendNumberNotCloud':
    'The number “{number}” is connected by QR code, and only official WhatsApp API numbers send templates: pick another number.',
  'ui.error.sendTemplateOtherNumber':
    'The template “{template}” belongs to another number: pick its own number, or a template of this one.',
  'ui.error.sendTemplateChanged':
    'The template “{template}” changed in the CRM since this form was filled: reopen CRM → Send template and check its variables and header.',
  'ui.error.sendColumnsGone':
    'A column chosen for the send is no longer in the header row of “{sheet}”: reopen CRM → Send template and pick the columns again.',
  'ui.error.sendPickTemplate': 'Pick an approved template.',
  'ui.error.sendNumberForm':
    'Pick a number that sends templates, or leave it to the template’s own number.',
  'ui.error.sendVariableSource':
    'Pick a column or type a fixed text for each variable of the template.',
  'ui.error.sendResendForm':
    'Send again is a yes or no: tick it to send to leads that got this template before.',
  'ui.error.sendLeadColumn':
    'Pick the column that holds each row’s lead id, or find the leads by e-mail or phone.',
  'send.columns.missing':
    '{what} names the column "{column}", which is not in the header row of "{sheet}"{hint}',
  'send.columns.urlHint': '; for the same value on every row write {value: {json}}',
  'send.columns.whatVariable': 'variables["{key}"] ({label})',
  'send.columns.whatMediaUrl': 'headerMediaUrl',
  'send.columns.whatMediaFilename': 'headerMediaFilename',
  'send.columns.headers': 'the headers are {headers}',
  'send.columns.leadIdMissing':
    'leadIdColumn "{column}" is not in the header row of "{sheet}" (import the sheet first to get a "CRM Lead ID" column, or use matchBy: "email_or_phone")',
  'send.columns.noMatchColumn': '{by}, but "{sheet}" has no {needs}; add one, or give leadIdColumn',
  'send.columns.by.email': `matchBy "email" finds each row's lead by email`,
  'send.columns.by.phone': `matchBy "phone" finds each row's lead by phone`,
  'send.columns.by.email_or_phone': `matchBy "email_or_phone" finds each row's lead by email or phone`,
  'send.columns.needs.email': 'e-mail column (E-mail, Email)',
  'send.columns.needs.phone': 'phone column (Telefone, Celular, WhatsApp, Phone)',
  'send.columns.needs.email_or_phone':
    'e-mail or a phone column (E-mail, Telefone, Celular, WhatsApp)',
  'jobs.yield.noSlot':
    'The rate limit leaves no request slot before this run must end; continuing later.',
  // Granular consent (src/gas/consent.ts): what to allow, named as Google's consent screen names it.
  'consent.scope.spreadsheets': 'See, edit, create and delete all your Google Sheets spreadsheets',
  'consent.scope.spreadsheets.currentonly':
    'See and edit the spreadsheets this add-on is installed in',
  'consent.scope.script.container.ui':
    'Display and run third-party web content in prompts and sidebars inside Google applications',
  'consent.scope.script.external_request': 'Connect to an external service',
  'consent.scope.script.scriptapp': 'Allow this application to run when you are not present',
  'consent.noLink': 'CRM Sheets again from the Extensions menu',
  'ui.error.consentMissing':
    'CRM Sheets needs permission you have not allowed: {permissions}. Open {url} and allow it, then try again. Nothing was sent.',
  'jobs.pause.consentMissing':
    'Paused: CRM Sheets needs permission you have not allowed: {permissions}. Open {url} and allow it; the job then goes on by itself.',
  // Jobs that make no progress (jobs/idle.ts, issue 30).
  'jobs.noProgress': 'This run made no progress on the rows; the job tries again in a minute.',
  'jobs.pause.noProgress':
    'Paused: for {minutes} minutes the job made no progress on the rows, though each try spent the CRM’s rate limit. Resume the job to try again; if it stops here again, tell the add-on’s support.',
} as const;
