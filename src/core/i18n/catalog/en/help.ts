/**
 * English: the Help sidebar. Entries read by `[[!key]]` are HTML (only <b>, <i> and <code>);
 * the names in <code> are the public contract and stay as they are in every language.
 */
export const HELP_EN = {
  'help.intro': 'Connects this spreadsheet to your Commercial-Automation CRM.',
  'help.start.title': 'Getting started',
  'help.start.text':
    'Open <b>CRM → Settings</b>, paste an API key created in the CRM under Settings → API keys, and save. The key is kept for you only, never written to the sheet, and shown masked.',
  'help.import.title': 'Import leads',
  'help.import.text':
    'Row 1 (or the header row you choose) holds headers such as Nome, E-mail, Telefone, Empresa, Valor, Etiquetas, Funil, Etapa — in Portuguese or English, any case or accents. Every later row is a lead. Phones, money (R$ 1.234,56) and dates (21/11/2026) are tidied up before sending.',
  'help.import.statuses':
    'Results go to the status columns at the right: <b>CRM Import Status</b>, CRM Lead ID, CRM Import Detail, CRM Imported At. Invalid, duplicate and unchanged rows cost no request; what each status means is listed below.',
  'help.export.title': 'Export leads',
  'help.export.text':
    'Pulls leads that match your filters into a sheet (created when missing). <i>Replace</i> rewrites the sheet; <i>Sync</i> fetches only leads updated since the last run and updates their rows in place; for rows whose lead was deleted or no longer matches it can keep them, mark them <b>GONE</b> or delete them. An export writes only into a new or empty sheet, or one an export wrote: a sheet you typed is never replaced. Text from the CRM is always written as text, never as a formula.',
  'help.send.title': 'Send template',
  'help.send.text':
    'Sends an approved template from an official WhatsApp API number to the lead of each row, with its <code>{{1}}</code>, <code>{{2}}</code>… taken from columns or fixed text. Rows that would be refused (an empty or multi-line variable, no lead, a file link that is not public) are <b>SKIPPED</b> with the reason and cost nothing; Preview lists them first. Status columns: <b>CRM Send Status</b>, CRM Message ID, CRM Send Detail, CRM Sent At. A row is sent at most once: <b>SENT</b> rows are never sent again, and a row whose send may or may not have gone out (its run stopped mid-send) is marked <b>UNCERTAIN</b> — check the conversation in the CRM and clear the status only if it did not arrive.',
  'help.jobs.title': 'Long jobs',
  'help.jobs.text':
    'The CRM allows 60 requests a minute, so large sheets take a while. Keep the sidebar open for the fastest run; if you close it, the job goes on by itself. Pause, resume or cancel from the <b>Jobs</b> sidebar; rows already done keep their status, and no row is sent twice.',
  'help.formulas.title': 'Custom functions',
  'help.formulas.text': 'Type them in any cell; each returns a table with a header row.',
  'help.formulas.queries':
    "Queries take the CRM's filters, and names where it wants numbers: <code>pipeline=Vendas&amp;stage=Proposta</code>. Columns and filters also take their Portuguese names, as import headers do: <code>funil=Vendas&amp;etapa=Proposta</code>, <code>nome,telefone,etapa</code>.",
  'help.scripts.title': 'From your own scripts',
  'help.scripts.text':
    '<code>crmImportLeads</code>, <code>crmExportLeads</code>, <code>crmSendTemplate</code>, <code>crmGetJob</code>, <code>crmListJobs</code>, <code>crmCancelJob</code>, <code>crmResumeJob</code> and <code>crmConfigure</code> can be called from Apps Script; bad options throw an error that says what to fix.',
  'help.scripts.schedules':
    'Nightly runs need no code: in <b>Import leads</b> or <b>Export leads</b>, set the options, pick the hour under <b>Every night</b> and click <b>Schedule</b>; <b>Jobs</b> lists each run with its next start and last result, and stops it. A nightly run uses the API key of the person who scheduled it, in the spreadsheet\'s time zone. From a script: <code>crmSchedule({kind: "export", sheet: "Leads", hour: 2})</code>, <code>crmListSchedules()</code>, <code>crmUnschedule("Leads")</code>.',
} as const;
