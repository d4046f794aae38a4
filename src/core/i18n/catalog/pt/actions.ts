import type { ACTIONS_EN } from '../en/actions';

/**
 * Português: a barra lateral Ações em leads, seu item de menu e título, sua seção da Ajuda e
 * seus tipos de processo. Os status (WILL_CHANGE, DONE, REVERTED…) e os cabeçalhos das colunas
 * de status (CRM Action Status…) são o contrato público: nunca traduzidos.
 */
export const ACTIONS_PT: Readonly<Record<keyof typeof ACTIONS_EN, string>> = {
  'menu.actions': 'Ações em leads',
  'menu.title.actions': 'CRM · Ações em leads',

  'help.actions.title': 'Ações em leads',
  'help.actions.text':
    'Altera leads que já estão no CRM, uma ação para cada linha de uma planilha: mover de etapa, marcar como ganho ou perdido, adicionar ou remover etiquetas, inscrever em uma sequência ou tirar dela, enviar uma mensagem de texto, ou excluir. Cada linha indica seu lead pelo <b>CRM Lead ID</b> (ou e-mail / telefone). Os parâmetros são fixos ou vêm de uma coluna; uma mensagem aceita marcadores como <code>{{Nome}}</code>, preenchidos com a célula da linha.',
  'help.actions.preview':
    'A barra lateral sempre mostra a prévia antes e não altera nada: <b>WILL_CHANGE</b> (o detalhe diz antes → depois, por exemplo Qualificado → Proposta), <b>NO_CHANGE</b> (já está assim), <b>WILL_FAIL</b> (por quê) ou <b>NOT_FOUND</b>, com as requisições e o tempo que a execução vai levar a 60 por minuto.',
  'help.actions.statuses':
    'Os resultados vão para <b>CRM Action Status</b>, CRM Action Detail, CRM Action At e <b>CRM Action Run</b> (o id da execução). Status: <b>DONE</b>; <b>NO_CHANGE</b> (já estava assim: nenhuma requisição); <b>NOT_FOUND</b> (lead inexistente); <b>BLOCKED</b> (a etapa tem tarefas obrigatórias pendentes: o detalhe diz quais); <b>SKIPPED</b> (uma regra que o CRM recusaria, como sequência inativa, lead sem telefone ou janela de 24 horas da conversa fechada); <b>FAILED</b>; <b>UNCERTAIN</b> (o CRM não respondeu se foi feito: nunca é repetido às cegas, o processo relê o lead antes); <b>NOT_PREVIEWED</b> (a linha entrou ou foi editada depois da prévia, ou depois da contagem de uma exclusão: nada foi enviado para ela).',
  'help.actions.safety':
    'Marcar como ganho ou perdido, inscrever, enviar mensagem e excluir nunca acontecem duas vezes com um lead na mesma execução. Para excluir, você digita o número de leads, e antes uma planilha <b>CRM Backup …</b> guarda todos os campos de cada lead.',
  'help.actions.revert':
    '<b>Reverter</b> devolve cada linha DONE de uma execução ao que era: etapa e funil, etiquetas, inscrições. Status: <b>REVERTED</b>, <b>CHANGED_SINCE</b> (o lead mudou depois da execução: fica como está), <b>NOT_REVERSIBLE</b>. Algumas coisas não se desfazem: o registro de venda ou de perda fica, a mensagem continua enviada, a saída da sequência fica registrada como manual e o lead excluído só existe na planilha de backup.',

  'help.actions.scripts':
    'Nos seus próprios scripts: <code>crmLeadActions({sheet: "Leads", action: "stage", params: {stage: "Proposta"}, preview: true})</code> faz a prévia, o mesmo sem <code>preview</code> executa (excluir também pede <code>confirm</code>: o número de leads), e <code>crmRevertLeadActions(runId)</code> reverte uma execução; cada um devolve o resumo do seu processo.',

  'ui.jobs.kind.leadActions': 'Ações em leads',
  'ui.jobs.kind.leadActionsRevert': 'Reversão de ações em leads',

  'ui.actions.title': 'Ações em leads',
  'ui.actions.intro':
    'Altera leads que já estão no CRM, uma ação para cada linha da planilha. Nada muda antes de você ver a prévia. Os resultados vão para as colunas CRM Action à direita dos dados.',
  'ui.actions.loading': 'Carregando funis, sequências e números…',
  'ui.actions.lead': 'Como achar o lead de cada linha',
  'ui.actions.leadColumn': 'Nº do lead em {header}',
  'ui.actions.leadEmailOrPhone': 'Pelo e-mail, senão pelo telefone',
  'ui.actions.leadEmail': 'Pelo e-mail',
  'ui.actions.leadPhone': 'Pelo telefone',
  'ui.actions.action': 'Ação',
  'ui.actions.pickAction': '— escolha uma ação —',
  'ui.actions.action.stage': 'Mover para uma etapa',
  'ui.actions.action.won': 'Marcar como ganho',
  'ui.actions.action.lost': 'Marcar como perdido',
  'ui.actions.action.addTags': 'Adicionar etiquetas',
  'ui.actions.action.removeTags': 'Remover etiquetas',
  'ui.actions.action.enroll': 'Inscrever em uma sequência',
  'ui.actions.action.unenroll': 'Tirar de uma sequência',
  'ui.actions.action.message': 'Enviar uma mensagem de texto',
  'ui.actions.action.delete': 'Excluir os leads',
  'ui.actions.hint.stage':
    'Uma etapa com tarefas obrigatórias pendentes não deixa seus leads saírem: essas linhas ficam BLOCKED, com as tarefas nomeadas.',
  'ui.actions.hint.won':
    'Registra uma venda para cada lead, com o valor informado ou, sem ele, o valor do próprio lead. Um lead nunca é marcado como ganho duas vezes.',
  'ui.actions.hint.lost':
    'Registra uma perda para cada lead, com o motivo quando informado. Um lead nunca é marcado como perdido duas vezes.',
  'ui.actions.hint.addTags': 'Etiquetas que o lead já tem não custam requisição.',
  'ui.actions.hint.removeTags': 'Etiquetas que o lead não tem não custam requisição.',
  'ui.actions.hint.enroll':
    'Só uma sequência ativa aceita novos leads. Um lead nunca é inscrito duas vezes.',
  'ui.actions.hint.unenroll': 'O lead sai da sequência (saída manual): isso não se desfaz.',
  'ui.actions.hint.message':
    'Envia uma mensagem de texto para o WhatsApp de cada lead. Fora da janela de 24 horas o CRM recusa (SKIPPED: envie um template). Uma mensagem enviada não pode ser desfeita.',
  'ui.actions.hint.delete':
    'Exclui cada lead do CRM. Você vai digitar o número de leads para confirmar; antes, uma planilha CRM Backup guarda todos os campos de cada lead.',
  'ui.actions.param.pipeline': 'Funil',
  'ui.actions.param.stage': 'Etapa',
  'ui.actions.param.wonStage': 'Etapa de ganho',
  'ui.actions.param.lostStage': 'Etapa de perda',
  'ui.actions.param.value': 'Valor da venda',
  'ui.actions.param.reason': 'Motivo da perda',
  'ui.actions.param.tags': 'Etiquetas',
  'ui.actions.param.sequence': 'Sequência',
  'ui.actions.param.text': 'Mensagem',
  'ui.actions.param.instance': 'Enviar pelo número',
  'ui.actions.default.leadPipeline': 'O funil de cada lead',
  'ui.actions.default.wonStage': 'A etapa de ganho do funil de cada lead',
  'ui.actions.default.lostStage': 'A etapa de perda do funil de cada lead',
  'ui.actions.default.leadValue': 'O valor de cada lead',
  'ui.actions.default.noReason': '— sem motivo —',
  'ui.actions.default.primaryNumber': 'O número principal',
  'ui.actions.group.pipelines': 'Funis',
  'ui.actions.group.reasons': 'Motivos de perda',
  'ui.actions.group.sequences': 'Sequências',
  'ui.actions.group.instances': 'Números',
  'ui.actions.group.columns': 'De uma coluna, linha a linha',
  'ui.actions.inactiveSequence': '{name} (inativa)',
  'ui.actions.pick': '— escolha —',
  'ui.actions.typeIt': 'Digitar…',
  'ui.actions.column': 'Coluna: {header}',
  'ui.actions.placeholder.value': 'R$ 1.234,56',
  'ui.actions.placeholder.tags': 'vip; evento 2026',
  'ui.actions.placeholder.text': 'Olá {{Nome}}, …',
  'ui.actions.textHint':
    'Escreva o cabeçalho de uma coluna entre chaves duplas, como {{Nome}}, e cada linha recebe ali a sua célula. Clique em uma coluna para inseri-la:',
  'ui.actions.problem.sheet': 'Escolha uma planilha.',
  'ui.actions.problem.action': 'Escolha uma ação.',
  'ui.actions.problem.pick': 'escolha um valor para “{param}”',
  'ui.actions.problem.type': 'digite um valor para “{param}”, ou escolha uma coluna',
  'ui.actions.problem.text': 'escreva a mensagem',
  'ui.actions.problem.placeholder':
    'a mensagem cita {names}, mas a planilha não tem essa coluna: corrija o nome ou crie a coluna',
  'ui.actions.preview': 'Prévia',
  'ui.actions.previewing': 'Lendo cada lead no CRM. Nada é alterado…',
  'ui.actions.previewTitle': 'Prévia: nada mudou ainda',
  'ui.actions.previewEnded': 'A prévia não terminou ({state}). Faça a prévia de novo.',
  'ui.actions.previewPaused':
    'A prévia está pausada: retome-a abaixo para ver o que mudaria, ou faça a prévia de novo.',
  'ui.actions.changesTitle': 'Antes → depois',
  'ui.actions.problemsTitle': 'O que não vai mudar, e por quê',
  'ui.actions.row': 'Linha {row}',
  'ui.actions.moreRows': '… e mais {count} linhas: cada uma tem sua linha em CRM Action Detail.',
  'ui.actions.moreRowsOne': '… e mais {count} linha: ela tem sua linha em CRM Action Detail.',
  'ui.actions.cost': '{requests} requisições: {duration} a {rate} requisições por minuto',
  'ui.actions.costOne': '{requests} requisição: {duration} a {rate} requisições por minuto',
  'ui.actions.meaning.WILL_CHANGE': 'vão mudar',
  'ui.actions.meaning.NO_CHANGE': 'já estão assim: nenhuma requisição',
  'ui.actions.meaning.WILL_FAIL': 'vão falhar: os motivos estão abaixo',
  'ui.actions.meaning.NOT_FOUND': 'não têm lead no CRM',
  'ui.actions.meaning.CHANGED_SINCE': 'mudaram depois da execução: ficam como estão',
  'ui.actions.meaning.NOT_REVERSIBLE': 'não podem ser desfeitas',
  'ui.actions.meaning.revert.WILL_CHANGE': 'vão voltar ao que eram antes da execução',
  'ui.actions.meaning.revert.NO_CHANGE': 'já estão como eram: nenhuma requisição',
  'ui.actions.nothingToChange': 'Nenhuma linha mudaria: não há o que executar.',
  'ui.actions.run': 'Executar…',
  'ui.actions.runNow': 'Executar agora',
  'ui.actions.back': 'Voltar',
  'ui.actions.needPreview': 'Faça a prévia antes: Executar age sobre o que a prévia mostrou.',
  'ui.actions.oneLead': '{count} lead',
  'ui.actions.leads': '{count} leads',
  'ui.actions.confirm.stage': 'Mover {leads} de “{sheet}” para a nova etapa?',
  'ui.actions.confirm.won': 'Marcar {leads} de “{sheet}” como ganho?',
  'ui.actions.confirm.lost': 'Marcar {leads} de “{sheet}” como perdido?',
  'ui.actions.confirm.addTags': 'Adicionar as etiquetas a {leads} de “{sheet}”?',
  'ui.actions.confirm.removeTags': 'Remover as etiquetas de {leads} de “{sheet}”?',
  'ui.actions.confirm.enroll': 'Inscrever {leads} de “{sheet}” na sequência?',
  'ui.actions.confirm.unenroll': 'Tirar {leads} de “{sheet}” da sequência?',
  'ui.actions.confirm.message': 'Enviar a mensagem para {leads} de “{sheet}”?',
  'ui.actions.confirm.delete': 'Excluir do CRM {leads} de “{sheet}”?',
  'ui.actions.confirmFailing': '{count} linhas não vão mudar (veja a prévia).',
  'ui.actions.confirmFailingOne': '{count} linha não vai mudar (veja a prévia).',
  'ui.actions.undo.stage': 'Reverter pode devolver cada lead à sua etapa.',
  'ui.actions.undo.won':
    'Reverter pode devolver cada lead à sua etapa, mas o registro de venda fica no CRM.',
  'ui.actions.undo.lost':
    'Reverter pode devolver cada lead à sua etapa, mas o registro de perda fica no CRM.',
  'ui.actions.undo.tags': 'Reverter pode desfazer a mudança de etiquetas.',
  'ui.actions.undo.enroll':
    'Reverter tira os leads da sequência de novo (saída manual); passos já enviados continuam enviados.',
  'ui.actions.undo.unenroll': 'Isso não se desfaz: a inscrição continua como saída manual.',
  'ui.actions.undo.message': 'Isso não se desfaz: uma mensagem enviada não pode ser recolhida.',
  'ui.actions.undo.delete':
    'Isso não se desfaz: um lead excluído só fica na planilha CRM Backup, escrita antes da primeira exclusão.',
  'ui.actions.typeCount': 'Para excluir, digite o número de leads: {count}',
  'ui.actions.typeCountWrong': 'Digite exatamente {count}, o número de leads a excluir.',
  'ui.actions.starting': 'Iniciando…',
  'ui.actions.after.uncertainOne':
    '{count} linha está UNCERTAIN: o CRM não disse se foi feito. Ela nunca é repetida às cegas: execute de novo, e o processo relê o lead antes.',
  'ui.actions.after.uncertain':
    '{count} linhas estão UNCERTAIN: o CRM não disse se foram feitas. Elas nunca são repetidas às cegas: execute de novo, e o processo relê cada lead antes.',
  'ui.actions.after.blockedOne':
    '{count} linha está BLOCKED: a etapa tem tarefas obrigatórias pendentes (CRM Action Detail diz quais). Conclua-as no CRM e execute de novo.',
  'ui.actions.after.blocked':
    '{count} linhas estão BLOCKED: a etapa tem tarefas obrigatórias pendentes (CRM Action Detail diz quais). Conclua-as no CRM e execute de novo.',
  'ui.actions.after.skippedOne': '{count} linha ficou SKIPPED: CRM Action Detail diz por quê.',
  'ui.actions.after.skipped': '{count} linhas ficaram SKIPPED: CRM Action Detail diz por quê.',
  'ui.actions.after.failedOne':
    '{count} linha ficou FAILED: CRM Action Detail diz por quê. Execute de novo para tentar outra vez; linhas DONE não se repetem.',
  'ui.actions.after.failed':
    '{count} linhas ficaram FAILED: CRM Action Detail diz por quê. Execute de novo para tentar outra vez; linhas DONE não se repetem.',
  'ui.actions.after.notFoundOne': '{count} linha não tem lead no CRM (NOT_FOUND).',
  'ui.actions.after.notFound': '{count} linhas não têm lead no CRM (NOT_FOUND).',
  'ui.actions.after.changedOne':
    '{count} lead mudou depois da execução e ficou como está (CHANGED_SINCE).',
  'ui.actions.after.changed':
    '{count} leads mudaram depois da execução e ficaram como estão (CHANGED_SINCE).',
  'ui.actions.after.revert':
    'Para devolver esses leads ao que eram, abra “Reverter uma execução” acima: ela reverte a execução {runId}.',
  'ui.actions.after.notReversibleOne':
    '{count} linha não pôde ser devolvida (NOT_REVERSIBLE): CRM Action Detail diz por quê.',
  'ui.actions.after.notReversible':
    '{count} linhas não puderam ser devolvidas (NOT_REVERSIBLE): CRM Action Detail diz por quê.',
  'ui.actions.revert.title': 'Reverter uma execução',
  'ui.actions.revert.intro':
    'Devolve cada linha DONE de uma execução ao que era, a partir do que a execução registrou. Um lead que mudou depois fica como está.',
  'ui.actions.revert.noRun': 'Nenhuma execução nesta planilha ainda.',
  'ui.actions.revert.runId': 'Id da execução (coluna CRM Action Run)',
  'ui.actions.revert.preview': 'Prévia da reversão',
  'ui.actions.revert.go': 'Reverter…',
  'ui.actions.revert.now': 'Reverter agora',
  'ui.actions.revert.previewTitle': 'Prévia da reversão: nada mudou ainda',
  'ui.actions.revert.needRun': 'Digite ou cole o id da execução, da coluna CRM Action Run.',
  'ui.actions.revert.nothing': 'Nenhuma linha desta execução seria devolvida.',
  'ui.actions.lastRun': 'Última execução: {action} (execução {runId})',
  'ui.actions.revertConfirm': 'Devolver {leads} ao que eram antes da execução?',
  'ui.actions.revertChanged': '{count} leads mudaram depois e vão ficar como estão.',
  'ui.actions.revertChangedOne': '{count} lead mudou depois e vai ficar como está.',
  'ui.actions.revertLimit.stage': 'Tudo o que esta execução mudou pode ser devolvido.',
  'ui.actions.revertLimit.won':
    'Os registros de venda ficam no CRM: reverter move os leads de volta, não apaga uma venda.',
  'ui.actions.revertLimit.lost':
    'Os registros de perda ficam no CRM: reverter move os leads de volta, não apaga uma perda.',
  'ui.actions.revertLimit.tags': 'Tudo o que esta execução mudou pode ser devolvido.',
  'ui.actions.revertLimit.enroll':
    'Os leads saem da sequência (saída manual); passos já enviados continuam enviados.',
  'ui.actions.revertLimit.unenroll':
    'Nada: uma saída de sequência não se desfaz (continua como saída manual).',
  'ui.actions.revertLimit.message': 'Nada: uma mensagem enviada não pode ser recolhida.',
  'ui.actions.revertLimit.delete':
    'Nada: um lead excluído não volta; seus campos estão na planilha CRM Backup.',
  'ui.actions.revertLimit.unknown':
    'O registro de venda ou de perda fica, a mensagem continua enviada, a saída da sequência fica registrada como manual e o lead excluído só existe na planilha de backup.',
  'ui.error.badLeadActionsOptions':
    'As escolhas da ação não servem mais para esta planilha ou para o CRM (uma coluna ou um nome sumiu). Confira-as e faça a prévia de novo.',
  'ui.error.actionColumnMissing':
    'A linha de cabeçalho não tem mais a coluna “{column}”. Escolha outra coluna e faça a prévia de novo.',
  'ui.error.actionPipelineUnknown':
    'O CRM não tem mais um funil chamado “{name}”. Escolha um da lista e faça a prévia de novo.',
  'ui.error.actionStageUnknown':
    'O CRM não tem mais uma etapa chamada “{name}” ali. Escolha uma da lista e faça a prévia de novo.',
  'ui.error.actionSequenceUnknown':
    'O CRM não tem mais uma sequência chamada “{name}”. Escolha uma da lista e faça a prévia de novo.',
  'ui.error.actionReasonUnknown':
    'O CRM não tem mais um motivo de perda chamado “{name}”. Escolha um da lista e faça a prévia de novo.',
  'ui.error.confirmDelete':
    'Para excluir, digite exatamente {count}, o número de leads que as linhas indicam. Se a planilha mudou, faça a prévia de novo.',
  'ui.error.noSuchRun':
    'Nenhuma execução de Ações em leads tem este id. Copie-o da coluna CRM Action Run de uma execução que você iniciou.',
  'ui.error.previewRun':
    'Este id é de uma prévia, e uma prévia não mudou nada. Use o id de uma execução.',
  'ui.error.runPending':
    'Esta execução ainda está em andamento. Pause ou cancele, ou deixe terminar, e então reverta.',
  'ui.error.noLeadColumn':
    'Nenhuma coluna de “{sheet}” indica os leads: crie uma coluna CRM Lead ID, ou uma coluna E-mail ou Telefone para buscá-los.',
  'ui.error.runForgotten':
    'Esta execução não pode mais ser revertida: o registro do estado anterior dos leads não está no seu armazenamento (só quem a executou pode revertê-la, e os registros mais antigos dão lugar quando o armazenamento fica cheio).',
  'ui.error.runReverted':
    'Esta execução já foi revertida: revertê-la de novo desfaria mudanças feitas depois.',
  'ui.error.revertPending':
    'Uma reversão desta execução ainda não terminou: retome-a ou cancele-a em vez de começar outra.',
};
