import type { MESSAGES_CRM_EN } from '../en/messages-crm';

/** Português: falhas do CRM cujas palavras não são do próprio CRM (sem resposta, resposta ilegível, redirecionamento). */
export const MESSAGES_CRM_PT: Readonly<Record<keyof typeof MESSAGES_CRM_EN, string>> = {
  'crm.detail.unreachable': 'não foi possível falar com o CRM (nenhuma resposta chegou)',
  'crm.detail.emptyBody': 'o CRM respondeu {status} sem conteúdo',
  'crm.detail.htmlServer':
    'o CRM respondeu {status} com uma página da web em vez de dados: o servidor ou um proxy na frente dele falhou',
  'crm.detail.htmlAddress':
    'o CRM respondeu {status} com uma página da web em vez de dados: confira se o endereço do CRM nas Configurações é o da API, terminando em /api/v1',
  'crm.detail.notJson': 'o CRM respondeu {status} com dados que não puderam ser lidos (cortados?)',
  'crm.detail.unexpectedShape':
    'o CRM respondeu {status} com dados num formato que o complemento não conhece (em {where})',
  'crm.detail.redirect':
    'o CRM mandou o pedido para outro lugar ({status}): confira se o endereço do CRM nas Configurações é o da API, terminando em /api/v1',
  'crm.detail.noMessage': 'o CRM respondeu {status} sem dizer por quê',
  'crm.detail.missingScope': '{message} (falta à chave a permissão "{scope}")',
  'crm.detail.pendingTasks': '{message} (tarefas pendentes: {tasks})',
  'crm.detail.unexpectedAnswer': 'o CRM respondeu {status} com dados que o complemento não espera',
};
