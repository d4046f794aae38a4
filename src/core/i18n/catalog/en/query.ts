/**
 * English: mistakes in a formula's arguments (CRM_LEADS, CRM_TASKS…) or an export's filters,
 * as a formula cell and a sidebar say them (core/query/errors.ts). Each says what to write.
 */
export const QUERY_EN = {
  'ui.error.queryNoName':
    'The part "{segment}" of the query has no name before "=": write it as name=value.',
  'ui.error.queryBadEscape':
    'The part "{segment}" of the query has a broken %-escape: write a "%" as %25, or type the text without escapes.',
  'ui.error.queryFiltersNotObject':
    'The filters must be name=value pairs such as pipeline=Vendas&tags=vip (got {got}).',
  'ui.error.queryFilterPage':
    'Remove "{filter}" from the query: the add-on reads every page itself; cap the rows with the limit argument.',
  'ui.error.queryFilterPerPage':
    'Remove "{filter}" from the query: the add-on always asks for 200 leads a page; cap the rows with the limit argument.',
  'ui.error.queryUnknownFilter': 'Unknown filter "{filter}". Use one of: {valid}.',
  'ui.error.queryNotId': '{field} must be an id, a whole number such as 12 (got {got}).',
  'ui.error.queryNotIdNameForm':
    '{field} must be an id, a whole number such as 12 (got {got}). To give a name instead, write {form}=… .',
  'ui.error.queryNotText': '{field} must be text (got {got}).',
  'ui.error.queryListItemNotText': 'Every item of {field} must be text ({got} is not).',
  'ui.error.queryNotList': '{field} must be a comma list such as vip,hot (got {got}).',
  'ui.error.queryIncludeSingleLead':
    'include "{token}" works only for one lead (CRM_LEAD), not for a list. On lists use: {valid}.',
  'ui.error.queryUnknownInclude': 'Unknown include "{token}". On lists use: {valid}.',
  'ui.error.queryBadDateCell': '{field}: the date cell holds no valid date; pick the date again.',
  'ui.error.queryBadDate':
    '{field} must be a date cell, 2026-11-21, 21/11/2026 or a date-time such as 2026-11-01T08:00:00-03:00 (got {got}).',
  'ui.error.queryIdAndName':
    '{nameForm} points at id {fromName} but {idForm} is {given}: keep only one of them.',
  'ui.error.queryUnknownPipeline': 'Unknown pipeline "{name}". Pipelines of this account: {valid}.',
  'ui.error.queryPipelineSeveral':
    '{count} pipelines are named "{name}" (ids {ids}): write pipeline_id=… with the one you mean.',
  'ui.error.queryUnknownStageIn':
    'Pipeline "{pipeline}" has no stage "{name}". Its stages: {valid}.',
  'ui.error.queryStageTwice':
    'Pipeline "{pipeline}" has two stages named "{name}": write stage_id=… with the one you mean.',
  'ui.error.queryStagePipelineId':
    'pipeline_id {id} is no pipeline of this account, so stage "{name}" cannot be found. Pipelines: {valid}.',
  'ui.error.queryUnknownStage': 'Unknown stage "{name}". Stages of this account: {valid}.',
  'ui.error.queryStageSeveral':
    'Stage "{name}" is in several pipelines ({pipelines}): add pipeline=… to say which one.',
  'ui.error.queryUnknownOwner':
    'Unknown owner "{name}". Write a user\'s name, e-mail or id; users: {valid}.',
  'ui.error.queryOwnerSeveral':
    'Owner "{name}" matches several users ({emails}): write the e-mail instead.',
  'ui.error.queryTaskReserved': 'Remove the filter "{filter}": no task filter has that name.',
  'ui.error.queryUnknownAutomationFilter':
    'Unknown automation filter "{filter}". Use one of: {valid}.',
  'ui.error.queryUnknownTriggerType': 'Unknown trigger_type "{value}". Trigger types: {valid}.',
  'ui.error.queryUnknownTriggerTypeSuggest':
    'Unknown trigger_type "{value}". Did you mean {suggestions}? Trigger types: {valid}.',
  'ui.error.queryUnknownTemplateStatus': 'Unknown template status {got}. Statuses: {valid}.',
  'ui.error.queryLanguageNotText': 'language must be a language code such as pt_BR (got {got}).',
  'ui.error.queryPerPageMax': 'per_page can be at most {max} (got {got}).',
  'ui.error.queryNotBoolean': '{field} must be TRUE or FALSE (got {got}).',
  'ui.error.queryLimitNotWhole':
    'limit is how many leads to show: a whole number from 1 to {max}, or empty for {fallback} (got {got}).',
  'ui.error.queryLimitMax':
    'limit can be at most {max} in a formula (got {got}): for more leads use CRM → Export leads.',
  'ui.error.queryColumnsNotNames':
    'columns must be column names, as a comma list such as id,name,stage or a range of names (got {got}).',
  'ui.error.queryColumnTwice': 'Column "{column}" is listed twice: keep one.',
  'ui.error.queryUnknownCustomField':
    'Unknown custom field "{field}" in column "{column}". Custom fields: {valid}.',
  'ui.error.queryUnknownColumn': 'Unknown column "{name}". Columns: {valid}.',
  'ui.error.queryUnknownColumnSuggest': 'Unknown column "{name}". Did you mean {suggestions}?',
  'ui.error.queryArgumentNotText':
    '{name} must be text such as "pipeline=Vendas&tags=vip" (got {got}).',
} as const;
