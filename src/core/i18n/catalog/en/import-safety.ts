/** English: the import's guards against damaging a lead (conflicts, error cells, modes, places). */
export const IMPORT_SAFETY_EN = {
  'import.conflict.detail':
    'Not sent: its {key} belongs to lead {id} "{name}", another person (the lead\'s {other} is {leadValue}, the row\'s is {rowValue}, and the names share no word). Fix the row; if it is the same person, import again with "Update a lead even when the row seems another person" ticked (onConflict "update").',
  'import.conflict.several':
    'Not sent: its {key} belongs to several CRM leads ({ids}), and the CRM would update one of them. Keep the {key} on one lead in the CRM, or fix the row.',
  'import.stage.nowhere': 'no stage {stage} in any pipeline',
  'import.stage.existing': 'Stage for lead {id}: {error}',
  'import.loadingCell':
    'the cell in column {cell} shows {value}: its formula has not answered yet; import again once it shows a value',
  'import.errorCell':
    'the cell in column {cell} shows the error {value}, not a value; fix its formula or type the value',
  'import.dry.createDefault':
    "Dry run: would create a lead in {pipeline} / {stage}, the account's default pipeline and its first stage (the sheet has no Funil / Etapa column and no pipeline was chosen for new leads).",
  'ui.import.ignoreColumn': 'Ignore {column}',
  'ui.error.columnsShareField':
    'Columns {columns} all go to the field "{field}", which takes one value (a sheet an export wrote has owner_name and owner_email, say). Click Preview and choose "ignore" for all but one of them, then import again.',
  'import.value.notText': '{value} is not text',
  'import.value.empty': 'is empty',
  'import.value.notEmail': '{value} is not an email address',
  'import.value.badEmail': '{value} is not a valid email address',
  'import.value.notNumber': '{value} is not a number',
  'import.value.invalidDate': 'is an invalid date',
  'import.value.notDateCell': '{value} is not a date (format the cell as a date, or write {shape})',
  'import.value.notDate': '{value} is not a date (write {shape} or yyyy-mm-dd)',
  'import.value.unrealDate': '{value} is not a real date',
  'import.value.notTags': '{value} is not a tag list',
  'import.value.noTag': 'holds no tag',
  'import.value.notYesNo': '{value} is not a yes/no value (use TRUE/FALSE, sim/não or x)',
  'import.value.notOption': '{value} is not one of the options: {options}',
  'import.value.notList': '{value} is not a list',
  'import.value.notAnOption': '{values} is not an option; options: {options}',
  'import.value.notOptions': '{values} are not options; options: {options}',
  'import.value.noOption': 'holds no option',
  'import.place.noPipeline': 'no pipeline {value}; pipelines: {names}',
  'import.place.stageElsewhere': 'stage {id} belongs to pipeline "{pipeline}", not "{wanted}"',
  'import.place.noStageIn': 'no stage {value} in pipeline "{pipeline}"; stages: {names}',
  'import.place.stageAmbiguous':
    'stage {value} exists in pipelines {names}; add a pipeline column or choose a default pipeline',
  'import.place.noStage': 'no stage {value} in any pipeline',
  'import.place.usersNamed': '{count} users are named {value}; use an email ({emails})',
  'import.place.noUser': 'no user {value}; users: {names}',
  'import.update.createdUndone':
    'No CRM lead has this {key} any more (it was deleted while the import ran): mode "update" changes existing leads only, so the lead {id} the CRM made of this row was deleted again.',
  'import.update.createdKept':
    'No CRM lead had this {key} any more (it was deleted while the import ran), so the CRM made lead {id} of this row, and deleting it again failed: delete it in the CRM if it is not wanted.',
  'ui.import.onConflict':
    'Update a lead even when the row seems another person (CONFLICT: its e-mail or phone is a lead with another name)',
  'ui.error.importPlaceOption':
    'The place for new leads does not fit the CRM: {problem}. Fix "Default pipeline" / "Default stage" (or leave them empty), then import again.',
  // A number typed as text, read by the spreadsheet's locale (normalize.ts parseNumber).
  'import.value.badNumberComma':
    "{value} is not a number: this spreadsheet's locale writes decimals after a comma (e.g. 1234,56 or R$ 1.234,56)",
  'import.value.badNumberPoint':
    "{value} is not a number: this spreadsheet's locale writes decimals after a point (e.g. 1234.56 or $1,234.56)",
  // How the spreadsheet's locale writes a day typed as text (normalize.ts normalizeDate).
  'import.value.shapeDMY': 'dd/mm/yyyy',
  'import.value.shapeMDY': 'mm/dd/yyyy',
  // What the CRM refuses in a lead field, checked before any request (previews foresee it).
  'fieldcheck.negative': '{value} is negative; the CRM takes no deal value below 0',
  'fieldcheck.tooLong': '{length} characters; the CRM keeps at most {max}',
} as const;
