import type { PUSH_EN } from '../en/push';

/** Português: detalhes (CRM Push Detail) e mensagens do envio de alterações (PRODUCT.md "Round trip"). */
export const PUSH_PT: Record<keyof typeof PUSH_EN, string> = {
  'push.words.empty': '(vazio)',
  'push.words.yes': 'sim',
  'push.words.no': 'não',
  'push.words.readOnly':
    '{column}: o CRM define esta coluna, um envio não pode alterá-la (ignorada)',
  'push.words.emptied':
    '{column}: esvaziada na planilha, mas o CRM não permite esvaziar um campo pela API; mantém {crm} (ignorada)',
  'push.words.conflict':
    '{column}: você escreveu {sheet}, mas o CRM mudou para {crm} desde a exportação (que tinha {before})',
  'push.words.conflictSent': 'enviado mesmo assim (onConflict "sheet"): {conflict}',
  'push.words.already': 'O CRM já tem estes valores: nada a enviar.',
  'push.words.emailAndPhone':
    'E-mail e telefone mudaram juntos: o CRM encontra o lead por um para mudar o outro. Envie primeiro o e-mail, depois o telefone.',
  'push.words.noKey':
    'O lead não tem e-mail nem telefone no CRM pelo qual enviar seus campos (um e-mail novo precisa do telefone do lead, um telefone novo do e-mail): nada foi enviado.',
  'push.words.keyUnknown':
    'Não foi possível confirmar que o e-mail ou telefone do lead identifica só este lead: nada foi enviado. Envie de novo.',
  'push.words.keyShared':
    'Outros leads do CRM ({ids}) também têm o {key} deste lead: os campos poderiam ir para o lead errado, então nada foi enviado.',
  'push.detail.notFound': 'O lead foi excluído no CRM depois da exportação: nada foi enviado.',
  'push.detail.otherLead':
    'O CRM aplicou a alteração ao lead #{id}, não ao lead desta linha: confira os dois leads no CRM.',
  'push.detail.noId':
    'A linha não tem ID de lead: não foi escrita pela exportação, então nada é enviado.',
  'push.detail.notExported':
    'O lead #{id} não foi escrito aqui pela exportação (nada está memorizado dele): exporte de novo para enviá-lo.',
  'push.detail.untouched': 'Sem alterações desde a exportação: nada a enviar.',
  'push.detail.cancelled':
    'Não enviado: o job {jobId} foi cancelado antes da vez desta linha. Nada foi enviado; envie de novo.',
  'push.detail.cancelledNotArrived':
    'Não enviado: o job {jobId} foi cancelado, e a leitura do lead mostrou que a requisição não chegou. Envie de novo.',
  'push.detail.cancelledPart':
    'Enviado em parte: o job {jobId} foi cancelado antes do resto das alterações desta linha. Envie de novo para concluir.',
  'push.detail.notPreviewedAdded':
    'Não pré-visualizada: esta linha surgiu depois da pré-visualização, então nada foi enviado. Pré-visualize de novo para incluí-la.',
  'push.detail.notPreviewedChanged':
    'Não pré-visualizada: a linha foi editada depois da pré-visualização, então nada foi enviado. Pré-visualize de novo.',
  'push.detail.notPreviewedStays':
    'Não pré-visualizada: a pré-visualização não mostrou mudança nesta linha, e o lead mudou desde então ({change}), então nada foi enviado. Pré-visualize de novo.',
  'push.revert.wasEmpty':
    '{column} estava vazio antes do envio, e o CRM não permite esvaziar um campo',
  'push.message.noMemory':
    'A planilha "{sheet}" não tem memória de exportação: exporte para ela (CRM → Exportar leads), edite e então envie.',
  'push.message.noIdColumn':
    'A planilha "{sheet}" não tem a coluna de ID do lead: o envio encontra o lead de cada linha por ela. Recoloque a coluna ID da exportação.',
  'push.message.progress': 'Enviando "{sheet}": {done} de {total} linhas.',
  'push.message.previewed': 'Pré-visualização do envio de "{sheet}": {parts}.',
  'push.message.finished': 'Enviado "{sheet}": {parts}.',
  'push.message.queued': 'Envio de "{sheet}" na fila.',
  'push.export.keptRow':
    'Sua alteração foi mantida, ainda não enviada: {columns}. A sincronização não escreveu o valor do CRM por cima; envie para mandar a sua.',
  'ui.jobs.kind.push': 'Envio de alterações',
  'ui.jobs.kind.pushRevert': 'Reversão de envio',
  'ui.error.badPushOptions':
    'O envio foi pedido com opções que ele não aceita. Abra CRM → Enviar alterações de novo e comece por lá.',
  'ui.error.pushNothingRemembered':
    '“{sheet}” não foi escrita por uma exportação, então nada diz o que mudou: exporte para ela (CRM → Exportar leads), edite e então envie.',
  'ui.error.pushNoIdColumn':
    '“{sheet}” não tem a coluna de ID do lead: o envio encontra o lead de cada linha por ela. Recoloque a coluna ID da exportação.',
  // Push: two rows naming one lead.
  'push.detail.twinRows':
    'As linhas {rows} indicam o mesmo lead #{id} com células diferentes (um ID digitado por cima de outro, ou uma linha copiada e editada): não dá para saber qual é a do lead, então nada delas é enviado. Deixe uma linha por lead e envie de novo.',
  // Push: a row whose ID was changed.
  'push.detail.idChanged':
    'Esta linha tem as células do lead #{other} exatamente como a exportação as escreveu, sob o ID {id}: o ID dela foi trocado (a coluna ID ordenada sozinha, ou um ID digitado por cima), então nada é enviado. Recoloque o ID da própria linha e envie de novo.',
};
