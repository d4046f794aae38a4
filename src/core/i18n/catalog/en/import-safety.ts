/** English: the import's guards against damaging a lead (conflicts, error cells, modes, places). */
export const IMPORT_SAFETY_EN = {
  'import.conflict.detail':
    'Not sent: its {key} belongs to lead {id} "{name}", another person (the lead\'s {other} is {leadValue}, the row\'s is {rowValue}, and the names share no word). Fix the row, or import with onConflict "update" if it is the same person.',
  'import.stage.nowhere': 'no stage {stage} in any pipeline',
  'import.stage.existing': 'Stage for lead {id}: {error}',
  'import.errorCell':
    'the cell in column {cell} shows the error {value}, not a value; fix its formula or type the value',
  'import.dry.createDefault':
    "Dry run: would create a lead in {pipeline} / {stage}, the account's default pipeline and its first stage (the sheet has no Funil / Etapa column and no pipeline was chosen for new leads).",
  'ui.import.ignoreColumn': 'Ignore {column}',
  'ui.error.columnsShareField':
    'Columns {columns} all go to the field "{field}", which takes one value (a sheet an export wrote has owner_name and owner_email, say). Click Preview and choose "ignore" for all but one of them, then import again.',
} as const;
