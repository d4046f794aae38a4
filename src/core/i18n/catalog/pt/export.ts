import type { EXPORT_EN } from '../en/export';

/** Português: mensagens da exportação e da sincronização (GONE é um status: não se traduz). */
export const EXPORT_PT: Readonly<Record<keyof typeof EXPORT_EN, string>> = {
  'export.queued': 'Exportação para "{sheet}" na fila.',
  'export.progress': 'Exportando para "{sheet}": {done} de {total} leads.',
  'export.exported.one': '1 lead exportado para "{sheet}".',
  'export.exported.other': '{count} leads exportados para "{sheet}".',
  'export.synced': '"{sheet}" sincronizada: {updated}, {added}, {unchanged}{stale}.',
  'export.synced.updated.one': '1 linha atualizada',
  'export.synced.updated.other': '{count} linhas atualizadas',
  'export.synced.added.one': '1 adicionada',
  'export.synced.added.other': '{count} adicionadas',
  'export.synced.unchanged.one': '1 sem mudança',
  'export.synced.unchanged.other': '{count} sem mudança',
  'export.synced.marked.one': ', 1 marcada GONE',
  'export.synced.marked.other': ', {count} marcadas GONE',
  'export.synced.deleted.one': ', 1 excluída (o lead foi apagado ou não atende mais aos filtros)',
  'export.synced.deleted.other':
    ', {count} excluídas (os leads foram apagados ou não atendem mais aos filtros)',
  'export.synced.kept.one':
    ' 1 linha cujo lead não foi lido foi mantida: o CRM mudou enquanto a sincronização o lia, então não dá para saber se o lead sumiu; sincronize de novo para marcá-la ou excluí-la.',
  'export.synced.kept.other':
    ' {count} linhas cujos leads não foram lidos foram mantidas: o CRM mudou enquanto a sincronização o lia, então não dá para saber se os leads sumiram; sincronize de novo para marcá-las ou excluí-las.',
  'ui.error.exportSheetTyped':
    'A planilha "{sheet}" tem dados que nenhuma exportação escreveu, então a exportação não mexe nela. Exporte para uma planilha nova ou vazia (digite outro nome) ou limpe "{sheet}" antes.',
  'ui.error.exportColumnsTyped':
    'A planilha "{sheet}" tem colunas digitadas por alguém onde esta exportação escreveria ({columns}), então a exportação não mexe nela. Mova essas colunas para a direita das colunas da exportação ou exporte para uma planilha nova ou vazia (digite outro nome).',
  'ui.export.staleRows': 'Linhas de leads que sumiram (sincronizar)',
  'ui.export.staleKeep': 'Manter',
  'ui.export.staleMark': 'Marcar como GONE',
  'ui.export.staleDelete': 'Excluir',
  'ui.export.staleHint':
    'Um lead sumiu quando foi apagado no CRM ou não atende mais aos filtros. Marcar e Excluir leem todos os leads do filtro, não só os atualizados desde a última sincronização.',
  'export.sheetDeleted':
    'A planilha "{sheet}" foi excluída durante a exportação; comece a exportação de novo.',
  'export.what.firstPage': 'a página 1 da lista de leads',
  'export.what.after': 'a lista de leads depois dos primeiros {count} leads',
  'export.error.rateLimited':
    'O limite de requisições do CRM foi atingido; a exportação continua quando forem permitidas de novo.',
  'export.error.keyRefused':
    'O CRM recusou a chave de API ({detail}). Abra CRM → Configurações, salve uma chave válida e retome a tarefa.',
  'export.error.accountSuspended':
    'A conta do CRM está suspensa ({detail}). Reative-a com o suporte do CRM e retome a tarefa.',
  'export.error.scope':
    'A chave de API não tem a permissão {scope} ({detail}). Crie uma chave com essa permissão nas configurações do CRM, salve-a em CRM → Configurações e retome a tarefa.',
  'export.error.refused': 'O CRM recusou {what}: {detail}',
  'export.error.readFailed': 'Não foi possível ler {what}: {detail}',
  'export.error.readFailedRetried': 'Não foi possível ler {what} depois de 3 tentativas: {detail}',
  'ui.error.exportSyncNeedsId':
    'Sincronizar encontra a linha de cada lead pelo id: inclua a coluna id em Colunas (ou escolha Substituir).',
  'export.syncNoIdColumn':
    'A planilha "{sheet}" tem linhas mas nenhuma coluna id, então a sincronização não sabe qual linha é de qual lead. Inclua uma coluna com o título id e os ids dos leads, ou exporte com Substituir.',
  // crmRefreshExport (issue 29.2)
  'ui.error.exportNothingRemembered':
    'A planilha “{sheet}” não foi escrita por uma exportação que guarda sua consulta. Exporte para ela uma vez (CRM → Exportar leads); depois, atualizar repete essa exportação.',
  'ui.export.any': '(qualquer)',
  // Issue 29.8: os exemplos do formulário de exportação, do catálogo.
  'ui.export.statusPlaceholder': 'open (em aberto), won (ganho) ou lost (perdido)',
  'ui.export.columnsPlaceholder': 'nomes do CRM: id, name (nome), email, phone (telefone)…',
  // Issue #28: a replace export refuses to overwrite cells a person changed and has not pushed.
  'ui.error.exportUnpushedEdits':
    'A planilha "{sheet}" tem {count} {count:célula alterada|células alteradas} por você e ainda não {count:enviada|enviadas} ao CRM, e substituí-la apagaria essas alterações, então nada foi exportado. Envie-as em CRM → Enviar alterações, ou atualize a exportação (uma sincronização, que as mantém); ou, para começar do zero, limpe ou exclua "{sheet}" antes.',
};
