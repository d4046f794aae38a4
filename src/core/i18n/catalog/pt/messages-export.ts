import type { MESSAGES_EXPORT_EN } from '../en/messages-export';

/** Português: opções da exportação que não servem e tarefas salvas por outra versão. */
export const MESSAGES_EXPORT_PT: Readonly<Record<keyof typeof MESSAGES_EXPORT_EN, string>> = {
  'messages.jobOutdated':
    'Esta tarefa foi salva por outra versão do complemento e não pode continuar: comece de novo.',
  'ui.error.exportOptionsNotObject':
    'Não deu para ler as opções da exportação: escolha-as de novo em CRM → Exportar leads.',
  'ui.error.exportStaleNeedsFullPass':
    'Linhas de leads que sumiram só podem ser marcadas ou excluídas lendo todos os leads do filtro: tire o filtro "atualizado desde".',
  'ui.error.exportStaleRowsValue':
    'Escolha o que fazer com linhas de leads que sumiram: manter, marcar como GONE ou excluir.',
  'ui.error.exportStaleNeedsSync':
    'Linhas de leads que sumiram só existem na sincronização: escolha Sincronizar ou mantenha essas linhas.',
  'ui.error.exportModeValue':
    'Escolha como exportar: substituir a planilha ou sincronizar as linhas pelo id do lead.',
  'ui.error.exportColumnsForm':
    'As colunas a exportar devem ser uma lista de nomes, como id, name, stage.',
  'ui.error.exportSyncNoIdColumn':
    'A planilha tem linhas mas nenhuma coluna {column}, então a sincronização não sabe qual linha é qual lead. Adicione uma coluna com o título {column} e os ids dos leads, ou escolha Substituir.',
  'ui.error.exportStartFailed':
    'Não foi possível começar a exportação: o CRM não respondeu a tempo. Tente de novo em um minuto.',
};
