import type { SEND_EN } from '../en/send';

/** Português: as células `CRM Send Detail` e as mensagens do job de envio em massa. */
export const SEND_PT: Readonly<Record<keyof typeof SEND_EN, string>> = {
  'send.detail.queued': 'Na fila: o job {jobId} envia na sua vez.',
  'send.detail.sending': 'Enviando agora ao lead {leadId} (job {jobId}).',
  'send.detail.sent': 'Enviado "{template}" ao lead {leadId}.',
  'send.detail.sentInConversation':
    'Enviado "{template}" ao lead {leadId} (conversa {conversation}).',
  'send.detail.uncertain':
    'Incerto: {why}, então "{template}" ao lead {leadId} pode ter sido enviado. O envio confere a conversa do lead no CRM antes de terminar, e de novo quando for rodado outra vez; para enviar mesmo assim, apague este status e rode o envio outra vez.',
  'send.detail.queuedPlatform':
    'Na fila: o Apps Script recusou a requisição antes de sair ({error}); o job continua quando o limite permitir.',
  'send.why.platformBatch':
    'o Apps Script recusou um lote de {count} envios ({error}), e não está documentado se parte de um lote recusado saiu',
  'send.why.stopped': 'uma execução anterior parou no meio do envio',
  'send.why.noAnswer': 'o CRM não respondeu ({error})',
  'send.why.unreadable': 'o CRM respondeu {status} com um corpo ilegível',
  'send.why.crmFailed': 'o CRM falhou ao tratar o envio (HTTP {status}: {detail})',
  'send.why.unexpected': 'o envio terminou com um erro inesperado ({error})',
  'send.detail.failedUnreadable':
    'O CRM respondeu {status} com um corpo ilegível; nada indica que foi enviado.',
  'send.detail.failedProvider':
    'CRM: {detail}. Não é repetido automaticamente; corrija a causa e rode o envio de novo para tentar esta linha.',
  'send.detail.failedForLead': 'Não enviado: {reason} (código do provedor {code}). CRM: {detail}',
  'send.detail.failedAfterRetries':
    'Não enviado: {reason} (código do provedor {code}), mesmo após {retries} novas tentativas automáticas. CRM: {detail}. Rode o envio de novo para tentar esta linha.',
  'send.detail.failedRefused': 'O CRM recusou o envio: {detail}',
  'send.detail.skippedCrm': 'Não enviado: CRM: {message}',
  'send.detail.skippedNotFound': 'Não enviado: o lead {leadId} não está no CRM ({message}).',
  'send.detail.skippedNoPhone':
    'Não enviado: CRM: {message} Cadastre o telefone do lead no CRM e rode o envio de novo.',
  'send.detail.skippedInput': 'Não enviado: {message}',
  'send.detail.skippedSameLead':
    'Não enviado: o lead {leadId} já recebeu (ou pode ter recebido) este template por esta planilha (por outra linha, ou por esta antes de ser movida ou copiada).',
  'send.detail.skippedSameKey':
    'Não enviado: o lead de {key} pode já ter recebido este template deste job (uma execução parou durante o envio).',
  'send.detail.queuedRateLimit':
    'Na fila: o CRM pediu para esperar {seconds} s (limite de requisições, nada enviado); esta linha vai em seguida.',
  'send.detail.queuedRetry':
    'Na fila: {reason} (código do provedor {code}, nada enviado); nova tentativa automática ({attempt} de {max}).',
  'send.detail.queuedKey': 'Na fila: o CRM recusou a chave de API; nada foi enviado.',
  'send.detail.queuedSetup': 'Na fila: o CRM recusou o template ou o número; nada foi enviado.',
  'send.detail.queuedSystemic':
    'Na fila: {reason} (código do provedor {code}, nada enviado); enviado quando o job continuar.',
  'send.provider.generic': 'o provedor do WhatsApp falhou por um momento',
  'send.provider.unavailable': 'o provedor do WhatsApp estava indisponível',
  'send.provider.throughput': 'o limite de envios do provedor do WhatsApp foi atingido',
  'send.provider.pairRate': 'mensagens demais foram para este contato em pouco tempo',
  'send.provider.undeliverable':
    'o WhatsApp não consegue entregar neste número (sem WhatsApp, ou não recebe esta mensagem)',
  'send.provider.optedOut': 'o contato parou de receber mensagens de marketing desta empresa',
  'send.provider.notDelivered': 'o WhatsApp preferiu não entregar esta mensagem ao contato por ora',
  'send.provider.parameter': 'o provedor recusou os valores das variáveis desta linha',
  'send.provider.media':
    'o provedor não conseguiu baixar o arquivo do cabeçalho desta linha (a URL precisa ser pública)',
  'send.provider.templatePaused': 'o WhatsApp pausou o template (baixa qualidade)',
  'send.provider.templateDisabled': 'o WhatsApp desativou o template',
  'send.provider.templateMissing': 'o WhatsApp não tem mais este template neste idioma',
  'send.provider.templateChanged': 'as variáveis do template não batem mais com este envio',
  'send.provider.accountLocked': 'a conta do WhatsApp Business está bloqueada ou restrita',
  'send.provider.payment':
    'a conta do WhatsApp Business não consegue pagar as mensagens (forma de pagamento ou elegibilidade)',
  'send.provider.credentials': 'a conexão do CRM com o WhatsApp expirou',
  'send.provider.numberNotRegistered': 'o número de envio não está registrado no WhatsApp',
  'send.provider.permission': 'falta uma permissão à conexão do CRM com o WhatsApp',
  'send.fix.templatePaused':
    'espere o WhatsApp reativar o template (ou melhore a qualidade dele no WhatsApp Manager) e retome o job; ou cancele e envie outro template',
  'send.fix.templateDisabled':
    'cancele este job e comece um novo envio com outro template aprovado',
  'send.fix.templateMissing':
    'confira o template no CRM e no WhatsApp Manager e retome o job; ou cancele-o',
  'send.fix.templateChanged':
    'cancele este job e comece um novo envio, para mapear as variáveis ao template como ele está agora',
  'send.fix.accountLocked':
    'resolva a restrição no WhatsApp Manager (Qualidade da conta) e retome o job',
  'send.fix.payment':
    'cadastre uma forma de pagamento válida no WhatsApp Manager (ou resolva a pendência de elegibilidade indicada lá) e retome o job',
  'send.fix.credentials': 'reconecte o número do WhatsApp nas configurações do CRM e retome o job',
  'send.fix.numberNotRegistered':
    'registre o número no WhatsApp de novo pelo CRM (conexão do WhatsApp) e retome o job',
  'send.fix.permission':
    'reconecte o número do WhatsApp nas configurações do CRM com todas as permissões e retome o job',
  'send.pause.systemic':
    'Pausado depois de {count} envios seguidos recusados: {reason} (código do provedor {code}; CRM: {detail}). Para corrigir, {fix}. As linhas recusadas voltaram para QUEUED e são enviadas uma vez quando o job for retomado; linhas já SENT nunca são enviadas de novo.',
  'send.pause.templateNotApproved':
    'O CRM não aceita mais o template {templateId} "{template}" ("{crm}"): só templates APPROVED podem ser enviados. Aprove-o no CRM e retome o job (linhas já SENT nunca são enviadas de novo); ou cancele o job e envie outro template.',
  'send.pause.fieldRefused':
    'O CRM recusou o {what} deste envio ("{crm}"): confira o template {templateId} "{template}" e o número {instanceId} no CRM e retome o job (linhas já SENT nunca são enviadas de novo); ou cancele o job.',
  'send.pause.what.template': 'template',
  'send.pause.what.number': 'número',
  'send.pause.instance':
    'O CRM recusou o número {instanceId} para o template {templateId} "{template}" ("{crm}"): templates só saem de um número da API oficial (cloud_api) que seja dono do template. Corrija no CRM e retome o job (linhas já SENT nunca são enviadas de novo); ou cancele o job.',
  'send.message.queuedJob': 'Envio de "{template}" para as linhas de "{sheet}" na fila.',
  'send.message.progress': 'Enviando "{template}": {done} de {total} linhas prontas.',
  'send.message.finished': 'Envio concluído: {parts}.',
  'send.message.empty': 'Envio concluído: a planilha não tem linhas de dados.',
  'send.message.sent': 'enviadas por este envio: {count}',
  'send.message.sentBefore': 'já enviadas por um envio anterior (não enviadas de novo): {count}',
  'send.message.skipped': 'puladas: {count}',
  'send.message.failed': 'com falha: {count}',
  'send.message.uncertain': 'incertas: {count}',
  'send.message.uncertainHint':
    'Linhas UNCERTAIN podem ter sido enviadas: confira as conversas no CRM e apague o status das que devem ser enviadas de novo.',
  'send.message.unplaced':
    '{count} linhas movidas ou apagadas durante o envio não foram encontradas de novo, então o status delas não foi escrito: confira esses leads no CRM.',
  'send.message.otherVersion':
    'Este envio foi iniciado por outra versão do complemento e não pode continuar; comece de novo (linhas já SENT nunca são enviadas duas vezes).',
  'send.message.sheetGone':
    'A planilha "{sheet}" não existe mais; o envio parou (as mensagens já enviadas estão no CRM).',
  'send.detail.skippedSentRow':
    'Não enviado: o lead {leadId} já recebeu (ou pode ter recebido) este template por esta planilha (linha {row}); limpe o status daquela linha para enviar de novo.',
  'send.detail.confirmedSent':
    'Enviado "{template}" ao lead {leadId}: confirmado pela conversa do lead no CRM (uma mensagem no momento da tentativa ou depois).',
  'send.detail.notSentRequeued':
    'Na fila: a conversa do lead no CRM não mostra mensagem desde a tentativa, então nada saiu; enviado uma vez agora.',
  'send.why.unsettled': 'o CRM não pôde confirmar pela conversa do lead ({error})',
  'send.detail.cancelled':
    'Não enviado: o job {jobId} foi cancelado antes da vez desta linha. Rode o envio de novo para enviá-la.',
  'send.rule.empty': 'está vazio',
  'send.rule.errorCell': 'mostra {value}, que não é um valor (corrija a fórmula ou digite o valor)',
  'send.rule.lineBreak': 'tem uma quebra de linha (uma variável precisa ser de uma linha só)',
  'send.rule.tab': 'tem um caractere de tabulação (o provedor recusa tabulações)',
  'send.rule.spaces': 'tem mais de quatro espaços seguidos (o provedor recusa)',
  'send.rule.notUrl': '{value} não é uma URL http(s)',
  'send.rule.urlSpaces': '{value} tem espaços',
  'send.rule.credentials':
    'leva um login na URL; o provedor precisa de uma URL pública, sem credenciais',
  'send.rule.notPublic':
    'não é pública ({host}): o provedor baixa o arquivo ele mesmo, então use uma URL que qualquer pessoa abra sem login, VPN ou lista de IPs',
  'send.rule.noHost': 'sem host',
  'send.row.noLeadId':
    'Sem id de lead na coluna "{column}": importe a linha antes (CRM → Importar leads) ou digite o id do lead',
  'send.row.badLeadId':
    'A coluna "{column}" tem {value}, que não é um id de lead (um número inteiro como 42)',
  'send.row.columnProblem': 'coluna "{column}": {error}',
  'send.row.noLeadProblems': 'Nenhum lead para enviar: {problems}',
  'send.row.noPhoneCell':
    'o lead não tem telefone (a coluna "{column}" está vazia): preencha-a (e no CRM) para enviar',
  'send.row.noLeadEmpty': 'Nenhum lead para enviar: {columns} sem valor; preencha o {what} do lead',
  'send.row.what.emailOrPhone': 'e-mail ou telefone',
  'send.row.what.email': 'e-mail',
  'send.row.what.phone': 'telefone',
  'send.row.notSent': 'Não enviado: {problems}.',
  'send.row.fixedValue': 'valor fixo',
  'send.row.column': 'coluna "{column}"',
  'send.row.variable': '{variable} ({source}) {problem}',
  'send.row.headerFile': 'a URL do arquivo do cabeçalho ({source}) {problem}',
  'send.row.sameLead':
    'Não enviado: mesmo lead ({key}) da linha {row}; um envio por lead em cada job.',
  'send.row.sameLeadSent':
    'Não enviado: mesmo lead ({key}) da linha {row}, que já recebeu este template.',
  'send.row.gotTemplate':
    'Não enviado: o lead desta linha já recebeu "{template}" por esta planilha; apague o status desta linha para enviar de novo.',
  'send.variable.header': 'header_1 (o {{1}} do cabeçalho de texto)',
  'send.lookup.email': 'e-mail {value}',
  'send.lookup.phone': 'telefone {value}',
  'send.lookup.tooMany':
    'Não enviado: a busca do CRM pelo {label} achou mais de {count} leads, então não dá para saber qual é; ponha o id do lead numa coluna e passe-a como leadIdColumn.',
  'send.lookup.none':
    'Não enviado: nenhum lead do CRM tem o {label}. Importe a linha antes (CRM → Importar leads) ou corrija o {what}, depois rode o envio de novo.',
  'send.lookup.several':
    'Não enviado: {count} leads do CRM têm o {label} (ids {ids}); ponha o id do lead numa coluna e passe-a como leadIdColumn.',
  'send.lookup.noPhone':
    'Não enviado: o lead {leadId} não tem telefone no CRM (Lead sem telefone cadastrado.). Cadastre o telefone no CRM e rode o envio de novo.',
  'send.why.moved':
    'o status SENT de outro lead tinha ido para esta linha por uma ordenação ou inserção durante o envio, e voltou para a linha certa',
  'send.detail.skippedRecorded':
    'Não enviado: o lead {leadId} recebeu "{template}" pela página "{sheet}" desta planilha em {date} (a página CRM Send Record guarda isso, embora nenhuma linha daqui diga). Para enviar de novo de propósito, apague o status desta linha e marque "Enviar de novo a quem já recebeu" na barra lateral Enviar template (um script passa resend: true).',
  'send.detail.skippedRecordedMaybe':
    'Não enviado: o lead {leadId} pode ter recebido "{template}" pela página "{sheet}" desta planilha em {date} (um envio que foi interrompido; a conversa dele no CRM não permite saber). Para enviar de novo de propósito, apague o status desta linha e marque "Enviar de novo a quem já recebeu" na barra lateral Enviar template (um script passa resend: true).',
  'send.yield.recordBusy':
    'Outro envio desta planilha está gravando o CRM Send Record; este continua em instantes (nada foi enviado).',
  'send.detail.rowKey': 'Linha encontrada por {key}.',
  'send.detail.movedRequeued':
    'Na fila: o status SENT de outro lead tinha ido para esta linha por uma ordenação ou inserção durante o envio, e voltou para a linha certa; o lead desta linha é procurado de novo, e fica de fora se o CRM Send Record ou a conversa dele no CRM diz que já recebeu este template; só recebe uma vez se nada chegou a ele.',
  'send.detail.movedBack':
    'Na fila: o status de outro lead tinha ido para esta linha por uma ordenação ou inserção durante o envio, e voltou para a linha certa; esta linha é decidida de novo (o lead dela só recebe uma vez se nada chegou a ele).',
  // Issue 29.8: o rodapé da prévia do envio, nas palavras da pessoa.
  'send.preview.column': 'coluna {letter} "{header}"',
  'send.preview.fixed': 'texto fixo: {value}',
  'send.preview.leadColumn': 'número do lead na coluna "{column}"',
  'send.preview.leadBy.email': 'lead procurado pelo e-mail',
  'send.preview.leadBy.phone': 'lead procurado pelo telefone',
  'send.preview.leadBy.email_or_phone': 'lead procurado pelo e-mail ou telefone',
  // Opt-out (PRODUCT.md "Opt-out").
  'send.row.optedOut':
    'Não enviado: o lead pediu para não receber mensagens (tem a tag de opt-out "{tag}" definida nas Configurações)',
};
