/** Português: detalhes (CRM Action Detail), mensagens e erros do job de ações em leads. */
export const LEADJOB_PT = {
  'leadjob.detail.notFound': 'Nenhum lead do CRM tem este id, e-mail ou telefone.',
  'leadjob.detail.noId':
    'A linha não tem id de lead: preencha a coluna de id, ou remova a coluna para achar os leads por e-mail ou telefone.',
  'leadjob.detail.noMatchKey': 'A linha não tem e-mail nem telefone para achar o lead.',
  'leadjob.detail.ambiguous':
    'Vários leads do CRM ({ids}) têm este e-mail ou telefone: ponha o id do lead numa coluna e informe-a em leadIdColumn.',
  'leadjob.detail.searchTooBroad':
    'A busca do CRM por este e-mail ou telefone achou mais leads do que uma resposta traz, então não dá para saber qual é o lead; ponha o id do lead numa coluna e informe-a em leadIdColumn.',
  'leadjob.detail.alreadyGone': 'Já excluído: o CRM não tem lead com este id.',
  'leadjob.detail.goneNow': 'O lead foi excluído no CRM nesse meio-tempo.',
  'leadjob.detail.blocked':
    'Bloqueado: a etapa tem tarefas obrigatórias pendentes ({tasks}). Conclua-as no CRM e rode de novo. ({message})',
  'leadjob.detail.windowClosed':
    'Janela fechada: a janela de 24 horas da conversa acabou; envie um template (CRM → Enviar template).',
  'leadjob.detail.noAnswer': 'O CRM não respondeu ({message}).',
  'leadjob.detail.confirmed': '(confirmado lendo o lead de volta após uma resposta perdida)',
  'leadjob.detail.uncertain':
    'Incerto: o pedido pode ou não ter chegado ao CRM, e a leitura do lead não esclareceu ({reason}). Confira o lead no CRM antes de rodar de novo.',
  'leadjob.words.delete': 'excluir "{name}" (#{id})',
  'leadjob.words.alreadyIn': 'já está em {stage}',
  'leadjob.words.hasTags': 'já tem todas as etiquetas',
  'leadjob.words.lacksTags': 'não tem nenhuma das etiquetas',
  'leadjob.words.active': 'ativa',
  'leadjob.words.inactive': 'inativa',
  'leadjob.words.enrolled': 'já inscrito em {sequence}',
  'leadjob.words.notEnrolled': 'não está inscrito em {sequence}',
  'leadjob.fail.noPipeline': 'Nenhum funil se chama "{name}".',
  'leadjob.fail.noStageGiven': 'Nenhuma etapa informada para esta linha.',
  'leadjob.fail.noStage': 'Não há etapa "{name}" no funil {pipeline}.',
  'leadjob.fail.noWonStage':
    'O funil {pipeline} tem {count} etapas de ganho: informe a etapa (params.stage).',
  'leadjob.fail.noLostStage':
    'O funil {pipeline} tem {count} etapas de perda: informe a etapa (params.stage).',
  'leadjob.fail.notWonStage':
    '{stage} não é uma etapa de ganho (A etapa informada não é uma etapa de ganho.).',
  'leadjob.fail.notLostStage': '{stage} não é uma etapa de perda.',
  'leadjob.fail.badValue': 'O valor {reason}.',
  'leadjob.fail.noReason': 'Nenhum motivo de perda se chama "{name}".',
  'leadjob.fail.noTags': 'Nenhuma etiqueta informada para esta linha.',
  'leadjob.fail.noSequenceGiven': 'Nenhuma sequência informada para esta linha.',
  'leadjob.fail.noSequence': 'Nenhuma sequência se chama "{name}".',
  'leadjob.fail.inactiveSequence':
    'A sequência {sequence} está inativa: só sequências ativas recebem leads.',
  'leadjob.fail.errorCell':
    'A célula da coluna “{column}” mostra o erro {value}, não um valor: corrija a fórmula ou digite o valor.',
  'leadjob.fail.loadingCell':
    'A célula da coluna “{column}” mostra {value}: a fórmula ainda não respondeu; rode de novo quando ela mostrar um valor.',
  'leadjob.fail.emptyCell': 'A célula da coluna “{column}” está vazia.',
  'leadjob.fail.emptyPlaceholder':
    'A célula da coluna “{column}” está vazia: a mensagem sairia com um buraco.',
  'leadjob.fail.pendingTasks':
    'Bloqueado: a etapa {stage} tem tarefas obrigatórias pendentes ({tasks}). Conclua-as no CRM e rode de novo.',
  'leadjob.words.mayBlock':
    '(pode ser bloqueado por tarefas pendentes: {tasks}; não deu para ler as tarefas obrigatórias da etapa)',
  'leadjob.fail.emptyText': 'O texto da mensagem está vazio nesta linha.',
  'leadjob.fail.noPhone': 'O lead não tem telefone (Lead sem telefone cadastrado.).',
  'leadjob.revert.messageStays': 'Não dá para desfazer: a mensagem continua enviada.',
  'leadjob.revert.deleteStays':
    'Não dá para desfazer: o lead excluído está só na planilha de backup.',
  'leadjob.revert.unenrollStays': 'Não dá para desfazer: a inscrição continua como saída manual.',
  'leadjob.revert.intoWon':
    'Não dá para desfazer: devolver o lead à etapa {stage}, uma etapa de ganho, registraria uma nova venda no CRM.',
  'leadjob.revert.intoLost':
    'Não dá para desfazer: devolver o lead à etapa {stage}, uma etapa de perda, registraria uma nova perda no CRM.',
  'leadjob.revert.nothing': 'Já está como antes da execução.',
  'leadjob.revert.changed': 'Mudou depois da execução (agora: {now}); deixado como está.',
  'leadjob.revert.saleStays': '(o registro da venda continua no CRM)',
  'leadjob.revert.lossStays': '(o registro da perda continua no CRM)',
  'leadjob.revert.notEnrolledNow': 'não está mais inscrito',
  'leadjob.revert.unenroll': 'sai da sequência (a inscrição fica como saída manual)',
  'leadjob.message.sheetGone': 'A planilha "{sheet}" foi excluída; o job não pode continuar.',
  'leadjob.message.progress': 'Ações em leads ({action}): {done} de {total} linhas.',
  'leadjob.message.finished': 'Ações em leads ({action}) em "{sheet}" concluídas: {parts}.',
  'leadjob.message.previewed':
    'Prévia de ações em leads ({action}) em "{sheet}": {parts}. Nada foi alterado no CRM.',
  'leadjob.message.queued': 'Ações em leads ({action}) em "{sheet}" na fila.',
  'leadjob.message.revertProgress': 'Reversão de {runId}: {done} de {total} linhas.',
  'leadjob.message.reverted': 'Reversão de {runId} concluída: {parts}.',
  'leadjob.message.revertPreviewed':
    'Prévia da reversão de {runId}: {parts}. Nada foi alterado no CRM.',
  'leadjob.detail.sameLead':
    'Mesmo lead (#{id}) da linha de {key}: cada execução age uma vez em cada lead.',
  'leadjob.detail.cancelled':
    'Não feito: o job {jobId} foi cancelado antes da vez desta linha. Nada foi enviado para ela; rode a ação de novo para fazê-la.',
  'leadjob.detail.cancelledNotArrived':
    'Não feito: o job {jobId} foi cancelado, e a leitura do lead mostrou que a requisição nunca chegou. Nada foi enviado para ela; rode a ação de novo para fazê-la.',
  'leadjob.detail.cancelledPart':
    'Feito em parte: o job {jobId} foi cancelado antes de as outras mudanças desta linha serem enviadas. Rode a ação de novo para terminá-la.',
  'leadjob.detail.notPreviewedAdded':
    'Fora da prévia: esta linha entrou depois da prévia (ou da contagem da exclusão), então nada foi enviado para ela. Gere a prévia de novo para incluí-la.',
  'leadjob.detail.notPreviewedChanged':
    'Fora da prévia: a linha foi editada depois da prévia, então nada foi enviado para ela. Gere a prévia de novo para agir nela.',
  'leadjob.detail.notPreviewedLead':
    'Fora da prévia: a linha agora indica o lead #{id}, e não o #{planned} que a prévia mostrou, então nada foi enviado para ela.',
  'leadjob.detail.previewFailed':
    'Ignorada: a prévia viu que esta linha falharia (veja o detalhe dela), então nada foi enviado para ela. Gere a prévia de novo para incluí-la.',
  'leadjob.detail.notPreviewedStays':
    'Fora da prévia: a prévia não mostrou mudança nesta linha, e o lead mudou desde então ({change}), então nada foi enviado para ela. Gere a prévia de novo para incluí-la.',
  // Issue 29.8: a ação nomeada nas mensagens de um processo, em palavras (nunca `won`, `addTags`).
  'leadjob.action.stage': 'mover para uma etapa',
  'leadjob.action.won': 'marcar como ganho',
  'leadjob.action.lost': 'marcar como perdido',
  'leadjob.action.addTags': 'adicionar etiquetas',
  'leadjob.action.removeTags': 'remover etiquetas',
  'leadjob.action.enroll': 'inscrever em uma sequência',
  'leadjob.action.unenroll': 'tirar de uma sequência',
  'leadjob.action.message': 'enviar uma mensagem de texto',
  'leadjob.action.delete': 'excluir leads',
  // Opt-out (PRODUCT.md "Opt-out").
  'leadjob.fail.optedOut':
    'Sem mensagem: o lead pediu para não receber mensagens (tem a tag de opt-out "{tag}" definida nas Configurações).',
  // A row repeating another row's key and cells (a copy): kind.ts copyCells.
  'leadjob.detail.copyPreview':
    'Não será feito: esta linha repete a linha {row} (mesmo lead, mesmas células); cada execução age uma vez em cada lead, e a linha {row} diz o que acontece com ele.',
  'leadjob.detail.copyNotPreviewed':
    'Fora da prévia: esta linha repete a linha {row} (mesmo lead, mesmas células), que a prévia mostrou; nada foi enviado para esta linha, e a linha {row} diz o que aconteceu com o lead.',
  'leadjob.detail.copySkipped':
    'Ignorada: esta linha repete a linha {row} (mesmo lead, mesmas células); cada execução age uma vez em cada lead, e a linha {row} diz o que aconteceu com ele.',
} as const;
