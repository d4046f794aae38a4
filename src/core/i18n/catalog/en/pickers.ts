/** English: short labels of the sidebars' drop-downs (they must fit a 300 px sidebar). */
export const PICKERS_EN = {
  'ui.pipeline.default': '{name} (default)',
  'ui.pipeline.first': '{name} (first)',
  'ui.pipeline.accountDefault': 'Account default',
  'ui.pipeline.firstStage': 'First stage',
  'ui.pipeline.hint':
    'Where new leads go when their row has no Funil / Etapa cell: shown is what happens. Existing leads keep theirs.',
  'ui.settings.countryPick':
    'For phone numbers written without + and country code. Brazil first; type a letter to jump.',
} as const;
