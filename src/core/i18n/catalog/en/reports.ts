/** English: the pipeline report (CRM → Pipeline report) and what CRM_COUNT says in a cell. */
export const REPORTS_EN = {
  'reports.menu': 'Pipeline report',
  'reports.sheetName': 'Report · {pipeline}',
  'reports.header.stage': 'Stage',
  'reports.header.leads': 'Leads',
  'reports.header.outcome': 'Outcome',
  'reports.header.owner': 'Owner',
  'reports.won': 'Won',
  'reports.lost': 'Lost',
  'reports.chartTitle': 'Leads per stage · {pipeline}',
  'reports.note':
    'Counts are CRM_COUNT formulas: Sheets keeps them for 5 minutes, and CRM → Refresh formulas asks the CRM again.',
  'reports.ownersNote':
    'By owner: leads of the whole pipeline per owner (one request each); leads with no owner are in no row.',
  'reports.ownersLeftOut':
    'By-owner counts left out: {owners} owners and {stages} stages would take more than {max} requests, more than the CRM answers in a minute.',
  'reports.promptTitle': 'Pipeline report',
  'reports.promptBody':
    'Which pipeline? Type its name, or leave empty for {default}. Pipelines: {names}.',
  'reports.written': 'Pipeline report of "{pipeline}" written to the sheet "{sheet}".',
  'ui.error.reportSheetTaken':
    'The sheet "{sheet}" holds data that a pipeline report did not write, so it was left as it was: choose another sheet name, or empty that sheet first.',
  'ui.error.reportNoPipelines':
    'This CRM account has no pipeline yet: create one in the CRM first.',
  'ui.error.reportUnknownPipeline':
    'There is no pipeline "{pipeline}" in this CRM account. Its pipelines: {names}.',
  'help.report.title': 'Pipeline report',
  'help.report.text':
    'CRM → Pipeline report writes a sheet with one row per stage of a pipeline, its lead count (a CRM_COUNT formula: one request each, a single number) and a bar chart beside it. Writing it again replaces it; Refresh formulas updates its counts.',
  'reports.failed': 'The pipeline report could not be written: {detail}',
  'reports.countMissing':
    'The CRM answered without saying how many leads match (its list had no meta.total), so there is no count to show.',
  'reports.noStages':
    'The pipeline "{pipeline}" has no stages yet: add them in the CRM, then write the report again.',
  'ui.error.countPaging':
    'CRM_COUNT counts every matching lead at once: remove "{filter}" from the query, it has no page to pick.',
} as const;
