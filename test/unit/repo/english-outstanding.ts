/**
 * English sentences the bundle's code can still hand a person (a Portuguese user included)
 * without the catalogue, as no-english-for-pt.test.ts finds them: [file, text] (a template
 * literal's ${…} parts read {x}). Each one translated comes off the list (the test says which;
 * `UPDATE_ENGLISH_LIST=1 npx vitest run test/unit/repo/no-english-for-pt.test.ts` rewrites it).
 * Most are the Apps Script API's developer messages (thrown Errors), which a sidebar shows in
 * parentheses after "something went wrong", a job as its message, and a formula as its error.
 */
export const OUTSTANDING_ENGLISH: ReadonlyArray<readonly [string, string]> = [
  ['src/addon/export-api.ts', 'Could not start the export: {x}'],
  [
    'src/addon/job-env.ts',
    'No CRM API key is set for the user running this job: open CRM → Settings, save a key, then resume the job.',
  ],
  [
    'src/addon/job-store-budget.ts',
    "The add-on's storage for your Google account is nearly full ({x} KB of 500 KB) with jobs that are still pending or paused: finish or cancel some of them (CRM → Jobs), then start this job again.",
  ],
  ['src/addon/notices.ts', '{x}. Update CRM Sheets when a new version is available.'],
  ['src/api/base-url.ts', 'baseUrl is missing: give the CRM API address, e.g. {x}.'],
  ['src/api/base-url.ts', 'baseUrl is not a URL{got}: write it like {x}.'],
  ['src/api/base-url.ts', 'baseUrl must start with https://{got}.'],
  [
    'src/api/base-url.ts',
    'baseUrl must not have a query string or #fragment{got}: end it at /api/v1.',
  ],
  [
    'src/api/base-url.ts',
    'baseUrl must use https:// so the API key is never sent in clear; plain http:// is allowed only for localhost or 127.0.0.1{got}.',
  ],
  ['src/api/client.ts', 'createCrmClient: transport must have a send(request) method.'],
  ['src/api/client.ts', 'client.all: a call made more than one request; make it on its own.'],
  ['src/api/http.ts', 'Could not reach the CRM ({x} {x}): {x}'],
  ['src/api/http.ts', 'The CRM answered {x} to {x} {x} with an unexpected shape: {x}'],
  ['src/api/issues.ts', 'expected one of {x}, got {x}'],
  ['src/api/issues.ts', 'must be at least {x}, got {x}'],
  ['src/api/issues.ts', 'must be at most {x}, got {x}'],
  ['src/api/issues.ts', 'does not match any accepted form (got {x})'],
  [
    'src/api/pager.ts',
    'The CRM answered page {x} when page {x} was asked for; stopping to avoid reading the same page forever.',
  ],
  ['src/api/query.ts', 'Query parameter {x} is {x}: give a finite number.'],
  [
    'src/api/resources/automations.ts',
    'automations.toggle: isActive must be true, false or left out.',
  ],
  ['src/api/resources/leads.ts', '{x} include must be a list of tokens such as ["owner"].'],
  [
    'src/api/resources/leads.ts',
    'include "{x}" is honoured only when reading one lead (leads.get), not on the list.',
  ],
  ['src/api/resources/leads.ts', 'include {x} is not a known token; use {x}.'],
  ['src/api/resources/paths.ts', '{x} must be a positive whole number, got {x}.'],
  ['src/api/resources/paths.ts', '{x} must be a non-empty text, got {x}.'],
  ['src/api/response-errors.ts', '{x} with an empty body.'],
  ['src/api/response-errors.ts', 'the server or a proxy in front of it failed'],
  ['src/api/response-errors.ts', 'check that baseUrl points at the CRM API and ends in /api/v1'],
  ['src/api/response-errors.ts', '{x} with an HTML page instead of JSON ({x}): "{x}"'],
  ['src/api/response-errors.ts', '{x} with a body that is not valid JSON (cut short?): "{x}"'],
  [
    'src/api/response-errors.ts',
    'The CRM redirected {x} {x} ({x}{x}); check that baseUrl is the API address, ending in /api/v1.',
  ],
  ['src/api/schemas/chatapp.ts', 'a template variable cannot be empty'],
  ['src/api/schemas/chatapp.ts', 'an image message needs media_url'],
  ['src/api/schemas/leads.ts', 'send an email or a phone: it is the match key of an upsert'],
  ['src/api/secrets.ts', 'apiKey is missing: create one in the CRM under Settings › API keys.'],
  [
    'src/api/secrets.ts',
    'apiKey does not look like a CRM key: keys start with crm_ (copy it from Settings › API keys).',
  ],
  [
    'src/core/actions/job.ts',
    'This job was started by another version of the add-on; start it again.',
  ],
  [
    'src/core/actions/options.ts',
    'crmLeadActions needs {sheet, action, params}: e.g. {sheet: "Leads", action: "stage", params: {stage: "Proposta"}}.',
  ],
  ['src/core/actions/options.ts', 'Pass sheet: the name of the sheet whose rows name the leads.'],
  ['src/core/actions/options.ts', 'action must be one of {x} (got {x}).'],
  ['src/core/actions/options.ts', 'matchBy must be one of {x}.'],
  ['src/core/actions/options.ts', 'headerRow must be a whole number, 1 or more.'],
  ['src/core/actions/options.ts', 'params must be an object, e.g. {stage: "Proposta"}.'],
  ['src/core/actions/options.ts', 'params.text must be the message text.'],
  [
    'src/core/actions/options.ts',
    'params.{x} takes column "{x}", which the header row does not have ({x}).',
  ],
  ['src/core/actions/options.ts', 'No {x} is named "{x}"; the {x}s are {x}.'],
  ['src/core/actions/rows.ts', 'No column is headed "{x}" (leadIdColumn).'],
  [
    'src/core/actions/rows.ts',
    'The sheet has no lead id column (CRM Lead ID, Lead ID, ID) and no e-mail or phone column to find leads by.',
  ],
  [
    'src/core/export/job-request.ts',
    'crmExportLeads takes one object such as {sheet: "Leads", filters: {pipeline: "Vendas"}}; got {x}.',
  ],
  [
    'src/core/export/job-request.ts',
    'staleRows "{x}" needs a full pass over every lead that matches the filters: remove updated_since from filters (a lead not updated since then is not stale).',
  ],
  [
    'src/core/export/job-request.ts',
    'staleRows must be "keep" (default), "mark" (write GONE in the "CRM Sync Status" column) or "delete" (delete the row), for rows whose lead was deleted or no longer matches the filters; got {x}.',
  ],
  [
    'src/core/export/job-request.ts',
    'staleRows applies to mode "sync": a "replace" export rewrites the whole sheet, so it never holds stale rows. Add mode: "sync" or remove staleRows.',
  ],
  [
    'src/core/export/job-request.ts',
    'mode must be "replace" (clear the sheet and write every lead) or "sync" (update rows by lead id, add new leads); got {x}.',
  ],
  [
    'src/core/export/job-request.ts',
    'columns must be a comma list ("id,name,stage") or a list of names (["id", "name"]); got {x}.',
  ],
  [
    'src/core/export/job.ts',
    'This export job was saved by another version of the add-on; start it again.',
  ],
  [
    'src/core/export/job.ts',
    'This export job was saved by another version of the add-on; start it again.',
  ],
  [
    'src/core/export/sync.ts',
    'Sync matches rows by lead id: add the column "{x}" to columns (or export with mode "replace").',
  ],
  [
    'src/core/export/sync.ts',
    'The sheet has data but no "{x}" column, so its rows cannot be matched to leads. Add a column headed "{x}" holding the lead ids, or export with mode "replace".',
  ],
  ['src/core/export/sync.ts', 'A lead without "{x}" cannot be synced.'],
  ['src/core/export/sync.ts', 'syncStartedAtMs must be a time in milliseconds; got {x}.'],
  [
    'src/core/import/headers.ts',
    'mapping for "{x}" names custom field "{x}", which does not exist; custom fields: {x}',
  ],
  [
    'src/core/import/headers.ts',
    'mapping for "{x}" names custom field "{x}", which is inactive in the CRM; activate it or map the column to \'\'',
  ],
  [
    'src/core/import/headers.ts',
    'mapping for "{x}" names an unknown target "{x}"; use one of {x}, or \'\' to ignore the column',
  ],
  [
    'src/core/import/headers.ts',
    'mapping names the header "{x}", which is not in the header row; headers: {x}',
  ],
  [
    'src/core/import/headers.ts',
    '"{x}" is a status column written by the import; remove it from mapping',
  ],
  ['src/core/import/job-options.ts', '{x} must be a {x} name or id, such as "{x}" or 3 (got {x}).'],
  ['src/core/import/job-options.ts', 'the sheet to import'],
  [
    'src/core/import/job-options.ts',
    'headerRow must be a whole number of 1 or more: the sheet row that holds the headers (got {x}).',
  ],
  [
    'src/core/import/job-options.ts',
    'mapping must be an object of sheet header → field, such as {"Celular": "phone", "Obs": ""} (got {x}).',
  ],
  [
    'src/core/import/job-options.ts',
    'mapping["{x}"] must be a field name such as "phone" or "custom_fields.cpf", or "" to ignore the column (got {x}).',
  ],
  ['src/core/import/job-options.ts', 'dryRun must be true or false (got {x}).'],
  [
    'src/core/import/job-options.ts',
    'mode must be one of {x}: "upsert" updates the matching lead or creates one, "update" changes existing leads only, "create" makes new leads only (got {x}).',
  ],
  [
    'src/core/import/job-options.ts',
    'onConflict must be "mark" (default: a row whose e-mail or phone belongs to another person\'s lead is CONFLICT and nothing is sent) or "update" (send it anyway) (got {x}).',
  ],
  ['src/core/import/job.ts', 'No rate-limit slot is free before this run ends.'],
  ['src/core/jobs/chunked-json.ts', 'maxBytes must be at least 4 (got {x}).'],
  [
    'src/core/jobs/chunked-json.ts',
    'Stored value "{x}" is not valid JSON; delete it and run again.',
  ],
  [
    'src/core/jobs/chunked-json.ts',
    'Stored value "{x}" has an unknown layout; delete it and run again.',
  ],
  [
    'src/core/jobs/chunked-json.ts',
    'Stored value "{x}" is missing chunk {x} of {x}; delete it and run again.',
  ],
  ['src/core/jobs/chunked-json.ts', 'Key "{x}" must not contain "{x}".'],
  ['src/core/jobs/chunked-json.ts', 'Value for "{x}" cannot be stored as JSON.'],
  [
    'src/core/jobs/engine.ts',
    'No job has the id "{x}"; call crmListJobs() to see this sheet\'s jobs.',
  ],
  ['src/core/jobs/engine.ts', 'budgetMs must be a positive number (got {x}).'],
  [
    'src/core/jobs/engine.ts',
    'Job {x} was started with another API key; only its owner can continue it (their trigger does).',
  ],
  [
    'src/core/jobs/engine.ts',
    'This version of the add-on cannot run "{x}" jobs; start the job again.',
  ],
  [
    'src/core/jobs/engine.ts',
    'The options of this {x} job take {x} bytes once stored; at most {x} fit. Shorten the fixed texts or the mapping, then start it again.',
  ],
  [
    'src/core/jobs/engine.ts',
    'Could not pick a free job id; check that the random source is not constant.',
  ],
  ['src/core/jobs/engine.ts', 'Job {x} is {x} and cannot be resumed; start a new job instead.'],
  ['src/core/jobs/options.ts', '{x} needs an options object such as {x}.'],
  ['src/core/jobs/options.ts', 'sheet must be the name of {x}, such as "Leads" (got {x}).'],
  ['src/core/jobs/options.ts', 'matchBy must be one of {x} (got {x}).'],
  ['src/core/jobs/pipeline-place.ts', 'The status columns ({x}) could not be created.'],
  ['src/core/jobs/pipeline.ts', 'The rate limit leaves no request slot before this run must end.'],
  [
    'src/core/jobs/requests.ts',
    'The CRM failed and the next retry does not fit in this run; retrying in the next one.',
  ],
  ['src/core/jobs/requests.ts', 'A pause or cancel was asked for; nothing more is sent.'],
  ['src/core/jobs/requests.ts', 'No rate-limit slot is free before this run ends.'],
  [
    'src/core/jobs/requests.ts',
    'The CRM failed and the next retry does not fit in this run; retrying in the next one.',
  ],
  [
    'src/core/jobs/requests.ts',
    'The CRM refused the API key ("{x}"): create a new key in the CRM under Settings → API keys, save it in CRM → Settings (or crmConfigure), then resume this job.',
  ],
  [
    'src/core/jobs/requests.ts',
    'The CRM account is suspended ("{x}"): ask the CRM account\'s administrator to reactivate it, then resume this job.',
  ],
  [
    'src/core/jobs/requests.ts',
    'The API key lacks the "{x}" permission ("{x}"): create a key with that permission in the CRM under Settings → API keys, save it in CRM → Settings, then resume this job.',
  ],
  [
    'src/core/jobs/requests.ts',
    'The CRM refused this request ("{x}"): check the key\'s permissions in the CRM under Settings → API keys, then resume this job.',
  ],
  ['src/core/jobs/requests.ts', 'Could not {x}: {x} Try again in a minute.'],
  [
    'src/core/jobs/row-job.ts',
    'The header row of "{x}" no longer fits this {x}: {x}. Fix the headers, then resume the job.',
  ],
  ['src/core/jobs/row-job.ts', '{x} could not be created.'],
  ['src/core/jobs/row-locator.ts', 'The row has no key to find it by.'],
  [
    'src/core/jobs/row-locator.ts',
    'Row "{x}" is no longer in the sheet (deleted or its key edited); it was skipped.',
  ],
  [
    'src/core/jobs/row-locator.ts',
    'Key "{x}" is on more than one row; make each row\'s key unique and run again.',
  ],
  [
    'src/core/jobs/store.ts',
    'Job {x} is stored in a shape this version cannot read; delete it from the Jobs sidebar.',
  ],
  ['src/core/jobs/store.ts', 'Job {x} cannot be saved: {x}'],
  ['src/core/pacing/pacer.ts', 'The pacer needs the API key it paces; set it in Settings.'],
  ['src/core/pacing/pacer.ts', 'limit must be a positive whole number (got {x}).'],
  ['src/core/pacing/pacer.ts', 'windowMs must be positive (got {x}).'],
  ['src/core/pacing/pacer.ts', 'safetyMarginMs must be 0 or more (got {x}).'],
  [
    'src/core/pacing/pacer.ts',
    'acquireUpTo needs a whole number of requests, at least 1 (got {x}).',
  ],
  [
    'src/core/pacing/retry.ts',
    'The rate limit leaves no request slot before this slice must end; continuing later.',
  ],
  ['src/core/pacing/retry.ts', 'maxAttempts must be a whole number of at least 1 (got {x}).'],
  ['src/core/pacing/retry.ts', 'attempts must be a whole number of at least 1 (got {x}).'],
  ['src/core/pacing/retry.ts', 'baseMs must be 0 or more (got {x}).'],
  [
    'src/core/phone/index.ts',
    'defaultCountry "{x}" is not a supported two-letter country code; use e.g. "BR" or "US"',
  ],
  [
    'src/core/reports/count.ts',
    'include adds fields to leads, which CRM_COUNT does not show: remove it from the query.',
  ],
  [
    'src/core/reports/options.ts',
    'Options must be an object such as {pipeline: "Vendas", sheet: "Funil"}; got {x}.',
  ],
  ['src/core/reports/options.ts', "pipeline must be a pipeline's name or id; got {x}."],
  ['src/core/reports/options.ts', 'sheet must be a sheet name; got {x}.'],
  ['src/core/reports/options.ts', 'sheet names have at most {x} characters; got {x}.'],
  ['src/core/send/columns.ts', '; for the same value on every row write {value: {x}}'],
  [
    'src/core/send/columns.ts',
    '{x} names the column "{x}", which is not in the header row of "{x}"{x}',
  ],
  ['src/core/send/columns.ts', 'the headers are {x}'],
  [
    'src/core/send/columns.ts',
    'leadIdColumn "{x}" is not in the header row of "{x}" (import the sheet first to get a "CRM Lead ID" column, or use matchBy: "email_or_phone")',
  ],
  ['src/core/send/columns.ts', 'an e-mail column (E-mail, Email)'],
  ['src/core/send/columns.ts', 'an e-mail or a phone column (E-mail, Telefone, Celular, WhatsApp)'],
  [
    'src/core/send/columns.ts',
    'matchBy "{x}" finds each row\'s lead by {x}, but "{x}" has no {x}; add one, or give leadIdColumn',
  ],
  [
    'src/core/send/job.ts',
    'The rate limit leaves no request slot before this run must end; continuing later.',
  ],
  [
    'src/core/send/options.ts',
    '{x} is an empty column name: give a column header such as "Nome", or fixed text as {value: "text"}.',
  ],
  [
    'src/core/send/options.ts',
    '{x} must be a column header such as "Nome", or fixed text as {value: "Black Friday"} (got {x}).',
  ],
  ['src/core/send/options.ts', 'the sheet whose rows get the template'],
  [
    'src/core/send/options.ts',
    'templateId must be the id of an APPROVED template, such as 1 (got {x}); CRM_TEMPLATES("APPROVED") lists them.',
  ],
  [
    'src/core/send/options.ts',
    "instanceId must be the id of a cloud_api number, such as 2, or left out to use the template's own number (got {x}); CRM_INSTANCES() lists them.",
  ],
  [
    'src/core/send/options.ts',
    'variables must be an object of {{N}} number → column header or {value: "text"}, such as {"1": "Nome", "2": {value: "Black Friday"}} (got {x}).',
  ],
  [
    'src/core/send/options.ts',
    'variables key {x} is not a template variable: use the body\'s {{N}} numbers ("1", "2"…) and "header_1" for a text header\'s variable.',
  ],
  [
    'src/core/send/options.ts',
    'leadIdColumn must be the header of the column holding lead ids, such as "CRM Lead ID" (got {x}).',
  ],
  [
    'src/core/send/options.ts',
    'Give leadIdColumn (rows carry the lead id) or matchBy (the lead is looked up by email or phone), not both.',
  ],
  [
    'src/core/send/setup.ts',
    'No template has the id {x} in this CRM account; the templates are {x}. Pass one of their ids as templateId.',
  ],
  [
    'src/core/send/setup.ts',
    'Template {x} "{x}" is {x}: only APPROVED templates can be sent. Get it approved in the CRM, or pick an approved one: {x}.',
  ],
  [
    'src/core/send/setup.ts',
    'Template "{x}" names no number: pass instanceId, the id of a cloud_api number ({x}).',
  ],
  [
    'src/core/send/setup.ts',
    "No number has the id {x} in this CRM account; the numbers are {x}. Pass one of them as instanceId, or leave it out to use the template's own number.",
  ],
  [
    'src/core/send/setup.ts',
    '{x} Number {x} "{x}" is connected by QR code ({x}), and only official-API (cloud_api) numbers send templates: pass instanceId of a cloud_api number ({x}) or leave instanceId out to use the template\'s own number.',
  ],
  [
    'src/core/send/setup.ts',
    'Template "{x}" belongs to number {x}, not to number {x}: leave instanceId out (or pass {x}), or pick a template of number {x}.',
  ],
  [
    'src/core/send/setup.ts',
    'variables has no mapping for {x} of template "{x}": map each to a column header or to {value: "text"}, e.g. {{x}}',
  ],
  [
    'src/core/send/setup.ts',
    'template "{x}" has no {x} (it takes {x}): remove {x} from variables (the provider refuses extra parameters)',
  ],
  [
    'src/core/send/setup.ts',
    'its header is {x}, which takes a file (headerMediaUrl), not header_1',
  ],
  [
    'src/core/send/setup.ts',
    'template "{x}" has a {x} header: give headerMediaUrl, a column of public file URLs or {value: "https://…"} (rule 3: a public URL)',
  ],
  [
    'src/core/send/setup.ts',
    'template "{x}" has {x}, and a file can only go with a DOCUMENT, IMAGE or VIDEO header: remove headerMediaUrl or pick a template with a media header',
  ],
  [
    'src/core/send/setup.ts',
    'headerMediaFilename is used for DOCUMENT headers only and the CRM ignores it for {x}: remove it',
  ],
  [
    'src/gas/triggers.ts',
    'Another execution is arranging this spreadsheet’s triggers; try again in a minute.',
  ],
];
