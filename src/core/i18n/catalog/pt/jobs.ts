import type { JOBS_EN } from '../en/jobs';

/** Português: mensagens de tarefas e motivos de pausa. */
export const JOBS_PT: Readonly<Record<keyof typeof JOBS_EN, string>> = {
  'jobs.waitDailyQuota':
    'Aguardando: a cota diária do Apps Script desta conta Google acabou ("{reason}"). A tarefa continua sozinha depois de {time}; as linhas ainda não enviadas mantêm o status.',
  'jobs.waitBurstQuota':
    'Aguardando um minuto: o Apps Script recusou mais chamadas por enquanto ("{reason}"). A tarefa continua sozinha; nenhuma linha foi marcada por isso.',
  'jobs.waitStorageFull':
    'Aguardando: o armazenamento do complemento nesta conta Google está cheio ("{reason}"). Tarefas antigas já concluídas estão sendo removidas; a tarefa continua sozinha.',
  'jobs.pausedAllowlist':
    'Pausada: o Apps Script recusou chamar o endereço do CRM ("{reason}"). A lista de URLs permitidas do complemento precisa incluir a URL base do CRM: fale com quem publicou o complemento (ou com o admin do Google Workspace) e depois retome a tarefa.',
  'jobs.pausedFromSidebar': 'Pausada pela barra lateral.',
  'jobs.pausedByOther': 'Pausada por {who}.',
  'jobs.resumed': 'Retomada.',
  'jobs.otherAccountKey':
    'Pausada: a chave do CRM salva agora é de outra conta do CRM, não da conta com que a tarefa começou. Salve uma chave dessa conta em CRM → Configurações e retome a tarefa.',
  'jobs.noKey':
    'Pausada: quem iniciou esta tarefa não tem chave de API do CRM salva. Essa pessoa abre CRM → Configurações, salva uma chave e retoma a tarefa.',
  'jobs.backgroundFailure': 'A execução em segundo plano falhou: {reason}',
  'jobs.storeMadeRoom':
    'Para liberar espaço, {count} {count:tarefa antiga já concluída saiu|tarefas antigas já concluídas saíram} da lista.',
  'jobs.you': 'você',
  'jobs.anotherEditor': 'outro editor',
  'jobs.cancelled': 'Cancelado; as linhas já processadas mantêm o status.',
} as const;
