import type { QUERY_EN } from '../en/query';

/**
 * Português: erros nos argumentos de uma fórmula (CRM_LEADS, CRM_TASKS…) ou nos filtros de uma
 * exportação, como a célula e a barra lateral os dizem. Cada um diz o que escrever.
 */
export const QUERY_PT: Readonly<Record<keyof typeof QUERY_EN, string>> = {
  'ui.error.queryNoName':
    'A parte "{segment}" da consulta não tem nome antes do "=": escreva nome=valor.',
  'ui.error.queryBadEscape':
    'A parte "{segment}" da consulta tem um escape % quebrado: escreva um "%" como %25, ou digite o texto sem escapes.',
  'ui.error.queryFiltersNotObject':
    'Os filtros devem ser pares nome=valor como pipeline=Vendas&tags=vip (veio {got}).',
  'ui.error.queryFilterPage':
    'Tire "{filter}" da consulta: o complemento lê todas as páginas sozinho; limite as linhas com o argumento limit.',
  'ui.error.queryFilterPerPage':
    'Tire "{filter}" da consulta: o complemento sempre pede 200 leads por página; limite as linhas com o argumento limit.',
  'ui.error.queryUnknownFilter': 'Filtro "{filter}" desconhecido. Use um destes: {valid}.',
  'ui.error.queryNotId': '{field} deve ser um id, um número inteiro como 12 (veio {got}).',
  'ui.error.queryNotIdNameForm':
    '{field} deve ser um id, um número inteiro como 12 (veio {got}). Para usar o nome, escreva {form}=… .',
  'ui.error.queryNotText': '{field} deve ser um texto (veio {got}).',
  'ui.error.queryListItemNotText': 'Cada item de {field} deve ser um texto ({got} não é).',
  'ui.error.queryNotList':
    '{field} deve ser uma lista separada por vírgulas, como vip,quente (veio {got}).',
  'ui.error.queryIncludeSingleLead':
    'include "{token}" só funciona para um lead (CRM_LEAD), não para uma lista. Em listas, use: {valid}.',
  'ui.error.queryUnknownInclude': 'include "{token}" desconhecido. Em listas, use: {valid}.',
  'ui.error.queryBadDateCell':
    '{field}: a célula de data não tem uma data válida; escolha a data de novo.',
  'ui.error.queryBadDate':
    '{field} deve ser uma célula de data, 21/11/2026, 2026-11-21 ou data e hora como 2026-11-01T08:00:00-03:00 (veio {got}).',
  'ui.error.queryIdAndName':
    '{nameForm} aponta para o id {fromName}, mas {idForm} é {given}: deixe só um dos dois.',
  'ui.error.queryUnknownPipeline': 'Funil "{name}" desconhecido. Funis desta conta: {valid}.',
  'ui.error.queryPipelineSeveral':
    '{count} funis se chamam "{name}" (ids {ids}): escreva pipeline_id=… com o que você quer.',
  'ui.error.queryUnknownStageIn':
    'O funil "{pipeline}" não tem a etapa "{name}". Etapas dele: {valid}.',
  'ui.error.queryStageTwice':
    'O funil "{pipeline}" tem duas etapas chamadas "{name}": escreva stage_id=… com a que você quer.',
  'ui.error.queryStagePipelineId':
    'pipeline_id {id} não é um funil desta conta, então a etapa "{name}" não pode ser encontrada. Funis: {valid}.',
  'ui.error.queryUnknownStage': 'Etapa "{name}" desconhecida. Etapas desta conta: {valid}.',
  'ui.error.queryStageSeveral':
    'A etapa "{name}" existe em vários funis ({pipelines}): acrescente pipeline=… para dizer qual.',
  'ui.error.queryUnknownOwner':
    'Responsável "{name}" desconhecido. Escreva o nome, o e-mail ou o id de um usuário; usuários: {valid}.',
  'ui.error.queryOwnerSeveral':
    'O responsável "{name}" corresponde a vários usuários ({emails}): escreva o e-mail.',
  'ui.error.queryTaskReserved': 'Tire o filtro "{filter}": nenhum filtro de tarefas tem esse nome.',
  'ui.error.queryUnknownAutomationFilter':
    'Filtro de automação "{filter}" desconhecido. Use um destes: {valid}.',
  'ui.error.queryUnknownTriggerType':
    'trigger_type "{value}" desconhecido. Tipos de gatilho: {valid}.',
  'ui.error.queryUnknownTriggerTypeSuggest':
    'trigger_type "{value}" desconhecido. Você quis dizer {suggestions}? Tipos de gatilho: {valid}.',
  'ui.error.queryUnknownTemplateStatus': 'Status de template {got} desconhecido. Status: {valid}.',
  'ui.error.queryLanguageNotText': 'language deve ser um código de idioma como pt_BR (veio {got}).',
  'ui.error.queryPerPageMax': 'per_page pode ser no máximo {max} (veio {got}).',
  'ui.error.queryNotBoolean': '{field} deve ser VERDADEIRO ou FALSO (veio {got}).',
  'ui.error.queryLimitNotWhole':
    'limit é quantos leads mostrar: um número inteiro de 1 a {max}, ou vazio para {fallback} (veio {got}).',
  'ui.error.queryLimitMax':
    'limit pode ser no máximo {max} numa fórmula (veio {got}): para mais leads, use CRM → Exportar leads.',
  'ui.error.queryColumnsNotNames':
    'columns deve ter nomes de colunas, numa lista separada por vírgulas como id,nome,etapa ou num intervalo de nomes (veio {got}).',
  'ui.error.queryColumnTwice': 'A coluna "{column}" aparece duas vezes: deixe uma.',
  'ui.error.queryUnknownCustomField':
    'Campo personalizado "{field}" desconhecido na coluna "{column}". Campos personalizados: {valid}.',
  'ui.error.queryUnknownColumn': 'Coluna "{name}" desconhecida. Colunas: {valid}.',
  'ui.error.queryUnknownColumnSuggest':
    'Coluna "{name}" desconhecida. Colunas de nome parecido, como o CRM as escreve: {suggestions}.',
  'ui.error.queryArgumentNotText':
    '{name} deve ser um texto como "pipeline=Vendas&tags=vip" (veio {got}).',
} as const;
