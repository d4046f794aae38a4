/** English: what CRM_* formulas say in a cell, and the Refresh formulas menu item. */
export const FORMULAS_EN = {
  'formulas.notAllowed':
    "CRM formulas are not allowed in this spreadsheet. They always use the spreadsheet owner's API key, whoever recalculates them: the owner must open CRM → Settings, save their key and allow formulas here.",
  'formulas.tooSlow':
    'The CRM is answering too slowly for a formula (Sheets stops them at 30 s): ask for fewer rows with the limit argument, or use CRM → Export leads.',
  'formulas.keyRefused':
    "The CRM refused the owner's API key ({detail}): the spreadsheet's owner must save a valid key in CRM → Settings and allow formulas again.",
  'formulas.accountSuspended': 'The CRM account is suspended ({detail}).',
  'formulas.scopeMissing':
    "The owner's API key lacks the scope {scope} ({detail}): the owner must save a key that has it in CRM → Settings.",
  'formulas.scopeNotNamed': '(not named)',
  'formulas.notFound': 'Not found in the CRM: {detail}',
  'formulas.queryRefused': 'The CRM refused the query: {detail}',
  'formulas.unavailable': 'The CRM could not answer ({detail}); try again in a minute.',
  'formulas.rateLimited':
    "The CRM's rate limit (60 requests a minute per API key) is reached and there is no earlier result to show. Try again in {seconds} s, then use CRM → Refresh formulas.",
  'formulas.menuRefresh': 'Refresh formulas',
  'formulas.refreshing': 'Recalculating {count} CRM {count:formula|formulas}.',
  'formulas.noneToRefresh': 'This spreadsheet has no CRM formulas to recalculate.',
  'formulas.sheetsNotRefreshed':
    'The CRM formulas of {sheets} could not be recalculated (a protected range, or a formula too long to change); they stay as written.',
} as const;
