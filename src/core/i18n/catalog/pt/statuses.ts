import type { STATUSES_EN } from '../en/statuses';

/** Português: o que cada status de linha quer dizer (os valores ficam como o contrato os nomeia). */
export const STATUSES_PT: Readonly<Record<keyof typeof STATUSES_EN, string>> = {
  'ui.status.title': 'O que os status querem dizer',
  'ui.status.importGroup': 'Importação (CRM Import Status)',
  'ui.status.sendGroup': 'Envio (CRM Send Status)',
  'ui.status.exportGroup': 'Sincronização da exportação (CRM Sync Status)',
  'ui.status.VALID': 'simulação: seria enviada',
  'ui.status.CREATED': 'lead novo criado',
  'ui.status.UPDATED': 'lead existente atualizado',
  'ui.status.UNCHANGED': 'igual à última importação: não enviada',
  'ui.status.DUPLICATE': 'mesmo e-mail ou telefone de uma linha anterior',
  'ui.status.INVALID': 'não pode ser enviada: o detalhe diz por quê',
  'ui.status.CONFLICT': 'bate com o lead de outra pessoa: não enviada',
  'ui.status.NOT_FOUND': 'nenhum lead do CRM tem este e-mail ou telefone',
  'ui.status.EXISTS': 'um lead já tem este e-mail ou telefone',
  'ui.status.FAILED': 'o CRM ou o provedor falhou: o detalhe diz por quê',
  'ui.status.QUEUED': 'esperando para ser enviada',
  'ui.status.SENDING': 'saindo agora',
  'ui.status.SENT': 'enviada; nunca é enviada de novo',
  'ui.status.SKIPPED': 'não enviada: o detalhe diz por quê',
  'ui.status.UNCERTAIN': 'pode ter sido enviada: confira e depois limpe o status',
  'ui.status.GONE': 'o lead foi excluído ou não atende mais aos filtros',
  'ui.status.DONE': 'feito',
  'ui.status.NO_CHANGE': 'já estava assim: nada a mudar',
  'ui.status.BLOCKED': 'bloqueada por tarefas pendentes',
  'ui.status.WILL_CHANGE': 'prévia: mudaria',
  'ui.status.WILL_FAIL': 'prévia: falharia',
  'ui.status.REVERTED': 'voltou a ser como era',
  'ui.status.CHANGED_SINCE': 'mudou depois: deixada como está',
  'ui.status.NOT_REVERSIBLE': 'não pode ser desfeita',
  // Issue 29.7: o que as contagens de uma exportação querem dizer (não as palavras da importação).
  'ui.status.export.WRITTEN': 'linha escrita por Substituir, como o lead está agora no CRM',
  'ui.status.export.UPDATED': 'linha reescrita com as mudanças do lead no CRM',
  'ui.status.export.ADDED': 'lead novo: linha acrescentada no fim',
  'ui.status.export.UNCHANGED':
    'o lead não mudou desde a última sincronização: a linha fica como está',
  'ui.status.export.GONE':
    '“Marcar como GONE”: o lead foi excluído ou não atende mais aos filtros; a linha fica, marcada',
  'ui.status.export.DELETED': 'linha excluída: o lead foi excluído ou não atende mais aos filtros',
};
