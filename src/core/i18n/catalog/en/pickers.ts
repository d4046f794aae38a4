/** English: short labels of the sidebars' drop-downs (they must fit a 300 px sidebar), and sidebar errors that had no words yet. */
export const PICKERS_EN = {
  'ui.pipeline.default': '{name} (default)',
  'ui.pipeline.first': '{name} (first)',
  'ui.pipeline.accountDefault': 'Account default',
  'ui.pipeline.firstStage': 'First stage',
  'ui.pipeline.hint':
    'Where new leads go when their row has no Funil / Etapa cell: shown is what happens. Existing leads keep theirs.',
  'ui.settings.countryPick':
    'For phone numbers written without + and country code. Brazil first; type a letter to jump.',
  'ui.error.sidebarOutdated':
    'This sidebar is from an older version of the add-on: close it and open it again from the CRM menu.',
  'ui.error.bug':
    'Something went wrong inside the add-on (a bug, not your data). Try again; if it happens again, tell support what you clicked.',
  'ui.error.noSpreadsheet':
    'No spreadsheet is open here: open the spreadsheet, then CRM → Settings from its menu.',
  'ui.error.startBusy': 'Another job is being started right now. Try again in a few seconds.',
} as const;
