import type { UI_EN } from '../en/ui';

/** Português: as palavras das barras laterais e o que elas dizem para cada código de erro. */
export const UI_PT: Readonly<Record<keyof typeof UI_EN, string>> = {
  'ui.common.sheet': 'Planilha',

  'ui.error.unexpected':
    'Algo deu errado. Tente de novo; se continuar, envie isto ao suporte: ({detail})',
  'ui.error.noServer': 'Esta barra lateral está desatualizada: feche e abra de novo pelo menu CRM.',
  'ui.error.crmKeyRefused':
    'O CRM não aceitou a chave de API. Crie uma chave nova no CRM (Configurações → Chaves de API) e salve em CRM → Configurações.',
  'ui.error.crmAccountInactive':
    'A conta do CRM está suspensa. Peça ao administrador para reativá-la e tente de novo.',
  'ui.error.crmForbidden':
    'Esta chave de API não tem permissão para isso. Crie uma chave com essa permissão no CRM (Configurações → Chaves de API) e salve em CRM → Configurações.',
  'ui.error.crmBusy':
    'O CRM permite 60 requisições por minuto e elas acabaram. Tente de novo em {seconds} s.',
  'ui.error.crmUnreachable':
    'Não foi possível falar com o CRM. Confira o endereço do CRM em CRM → Configurações e tente de novo em um minuto.',
  'ui.error.crmNotFound': 'O CRM não encontrou o que foi pedido; talvez tenha sido excluído.',
  'ui.error.crmRefused': 'O CRM recusou. Confira os valores e tente de novo.',
  'ui.error.crmFailed': 'O CRM não respondeu direito. Tente de novo em um minuto.',
  'ui.error.apiKeyMissing':
    'Cole sua chave de API: crie uma no CRM em Configurações → Chaves de API.',
  'ui.error.apiKeyFormat':
    'Isto não é uma chave de API do CRM: as chaves começam com crm_ e não têm espaços. Copie de novo no CRM (Configurações → Chaves de API).',
  'ui.error.baseUrlHttps':
    'O endereço do CRM deve começar com https:// (http:// só para este computador).',
  'ui.error.baseUrlPath':
    'O endereço do CRM deve terminar em /api/v1, por exemplo https://crm.exemplo.com.br/api/v1.',
  'ui.error.countryCode': 'O país padrão deve ser um código de duas letras, como BR ou US.',
  'ui.error.noSettings':
    'Conecte o CRM primeiro: abra CRM → Configurações e salve sua chave de API.',
  'ui.error.settingsRateLimited':
    'Esta chave de API usou as 60 requisições do último minuto. Tente de novo em {seconds} s.',
  'ui.error.sheetMissing': 'Escolha ou digite o nome de uma planilha.',
  'ui.error.sheetNameTooLong':
    'O nome de uma planilha tem no máximo {max} caracteres. Escolha um mais curto.',
  'ui.error.sheetNotFound': 'Não existe mais uma planilha chamada “{sheet}”. Escolha outra.',
  'ui.error.sheetIsSendRecord':
    '“{sheet}” é a página CRM Send Record, onde o complemento guarda qual lead recebeu qual template. Escolha outra planilha.',
  'ui.error.headerRowEmpty':
    'A linha {row} de “{sheet}” está vazia. Coloque os cabeçalhos das colunas (Nome, E-mail, Telefone…) nessa linha, ou escolha a linha que os tem.',
  'ui.error.noLeadColumns':
    'Nenhuma coluna de “{sheet}” é um campo de lead. Dê às colunas nomes como Nome, E-mail, Telefone ou Empresa e veja a prévia de novo.',
  'ui.error.jobIdMissing': 'Este processo não está mais na lista. Atualize a lista.',
  'ui.error.jobNotFound': 'Este processo não está mais na lista. Atualize a lista.',
  'ui.error.jobNotResumable': 'Este processo já terminou e não pode ser retomado. Comece um novo.',
  'ui.error.jobBusy':
    'Outra execução está trabalhando neste processo agora. Clique em Pausar de novo em um minuto, ou cancele.',
  'ui.error.jobOnSheet':
    'Outro processo ainda está trabalhando em “{sheet}”. Espere terminar, ou pause ou cancele em CRM → Processos, e comece de novo.',
  'ui.error.notJobOwner':
    'Este processo foi iniciado por outra pessoa; só ela pode continuá-lo (ele segue sozinho).',

  'ui.progress.state.queued': 'Na fila',
  'ui.progress.state.running': 'Em andamento',
  'ui.progress.state.paused': 'Pausado',
  'ui.progress.state.done': 'Concluído',
  'ui.progress.state.failed': 'Falhou',
  'ui.progress.state.cancelled': 'Cancelado',
  'ui.progress.doneOfTotal': '{done} / {total} {total:linha|linhas}',
  'ui.progress.rows': '{done} linhas',
  'ui.progress.oneRow': '{done} linha',
  'ui.progress.eta': 'faltam {duration} a {rate} requisições por minuto',
  'ui.progress.underMinute': 'menos de um minuto',
  'ui.progress.minutes': 'cerca de {minutes} min',
  'ui.progress.hours': 'cerca de {hours} h {minutes} min',
  'ui.progress.pause': 'Pausar',
  'ui.progress.resume': 'Retomar',
  'ui.progress.cancel': 'Cancelar',
  'ui.progress.gaveUp':
    'Esta barra lateral parou de acompanhar o processo depois de erros seguidos; ele continua sozinho em segundo plano.',

  'ui.settings.title': 'Configurações do CRM',
  'ui.settings.intro':
    'Sua chave fica guardada só para você, nunca na planilha, e aparece mascarada.',
  'ui.settings.apiKey': 'Chave de API',
  'ui.settings.noKey': 'Nenhuma chave salva ainda.',
  'ui.settings.savedKey': 'Chave salva: {key}. Deixe o campo vazio para mantê-la.',
  'ui.settings.baseUrl': 'Endereço do CRM',
  'ui.settings.baseUrlHint': 'https://…/api/v1',
  'ui.settings.country': 'País padrão',
  'ui.settings.countryHint': 'Para telefones escritos sem +código do país, por exemplo BR ou US.',
  'ui.settings.save': 'Salvar',
  'ui.settings.checking': 'Conferindo a chave com o CRM…',
  'ui.settings.connected': 'Conectado a {account}.',
  'ui.settings.connectedPlan': 'Conectado a {account} · plano {plan}.',

  'ui.import.title': 'Importar leads',
  'ui.import.intro':
    'Cada linha abaixo dos cabeçalhos vira um lead (ligado ao que já existe). Os resultados vão para as colunas CRM Import à direita dos dados.',
  'ui.import.headerRow': 'Linha dos cabeçalhos',
  'ui.import.matchBy': 'Encontrar leads existentes por',
  'ui.import.matchEmailOrPhone': 'E-mail, senão telefone',
  'ui.import.matchEmail': 'Só e-mail',
  'ui.import.matchPhone': 'Só telefone',
  'ui.import.pipeline': 'Funil padrão',
  'ui.import.stage': 'Etapa padrão',
  'ui.import.pipelineHint':
    'Onde entram os leads novos cuja linha não tem Funil / Etapa; um nome ou um número. Leads existentes ficam onde estão.',
  'ui.import.mode': 'O que fazer',
  'ui.import.modeUpsert': 'Atualizar e criar',
  'ui.import.modeUpdate': 'Só atualizar existentes',
  'ui.import.modeCreate': 'Só criar novos',
  'ui.import.dryRun': 'Simulação — confere as linhas (VALID / INVALID / DUPLICATE), não envia nada',
  'ui.import.preview': 'Ver colunas',
  'ui.import.start': 'Importar',
  'ui.import.columns': 'Colunas',
  'ui.import.reading': 'Lendo a linha dos cabeçalhos…',
  'ui.import.starting': 'Iniciando a importação…',

  'ui.export.title': 'Exportar leads',
  'ui.export.intro':
    'Traz para uma planilha os leads do CRM que atendem aos filtros (ela é criada se não existir).',
  'ui.export.filters': 'Filtros',
  'ui.export.pipeline': 'Funil',
  'ui.export.stage': 'Etapa',
  'ui.export.owner': 'Responsável',
  'ui.export.ownerPlaceholder': 'nome ou e-mail',
  'ui.export.tags': 'Etiquetas',
  'ui.export.source': 'Origem',
  'ui.export.status': 'Situação',
  'ui.export.search': 'Busca',
  'ui.export.searchPlaceholder': 'nome, e-mail, telefone ou empresa',
  'ui.export.createdFrom': 'Criados desde',
  'ui.export.createdTo': 'Criados até',
  'ui.export.updatedSince': 'Alterados desde',
  'ui.export.columns': 'Colunas',
  'ui.export.columnsHint': 'Vazio para as colunas de sempre.',
  'ui.export.alsoFetch': 'Trazer também',
  'ui.export.include.owner': 'Responsável',
  'ui.export.include.products': 'Produtos',
  'ui.export.include.contacts': 'Contatos',
  'ui.export.include.notes': 'Anotações',
  'ui.export.include.sales': 'Vendas',
  'ui.export.include.tasks': 'Tarefas',
  'ui.export.include.sequences': 'Sequências',
  'ui.export.include.score': 'Pontuação',
  'ui.export.mode': 'Modo',
  'ui.export.modeReplace': 'Substituir — reescreve a planilha',
  'ui.export.modeSync': 'Sincronizar — só os leads alterados desde a última vez, no lugar',
  'ui.export.start': 'Exportar',
  'ui.export.starting': 'Iniciando a exportação…',

  'ui.send.title': 'Enviar template',
  'ui.send.intro':
    'Envia um template aprovado uma vez ao lead de cada linha. O resultado de cada linha vai para as colunas CRM Send à direita dos dados.',
  'ui.send.template': 'Template (aprovado)',
  'ui.send.loadingTemplates': 'Carregando templates…',
  'ui.send.number': 'Enviar pelo número',
  'ui.send.numberHint': 'Só números da API oficial do WhatsApp enviam templates.',
  'ui.send.numberQr': '{name} — QR: sem templates',
  'ui.send.variables': 'Variáveis',
  'ui.send.variablesHint':
    'Uma coluna envia a cada linha a sua célula; um texto fixo envia o mesmo para todas.',
  'ui.send.lead': 'Como achar o lead de cada linha',
  'ui.send.leadColumn': 'Nº do lead em {header}',
  'ui.send.leadEmailOrPhone': 'Procurar por e-mail, senão telefone',
  'ui.send.leadEmail': 'Procurar por e-mail',
  'ui.send.leadPhone': 'Procurar por telefone',
  'ui.send.warning':
    '<b>Uma mensagem enviada não pode ser desfeita.</b> Veja a prévia antes. Linhas já SENT nunca são reenviadas. Uma linha marcada <b>UNCERTAIN</b> pode ter saído ou não (a execução parou no meio do envio): confira a conversa do lead no CRM e só limpe o CRM Send Status se a mensagem não chegou.',
  'ui.send.preview': 'Prévia',
  'ui.send.send': 'Enviar…',
  'ui.send.previewTitle': 'Prévia',
  'ui.send.sendNow': 'Enviar agora',
  'ui.send.back': 'Voltar',
  'ui.send.none': '— nenhum —',
  'ui.send.pickColumn': '— escolha uma coluna —',
  'ui.send.column': 'Coluna: {header}',
  'ui.send.fixedText': 'Texto fixo…',
  'ui.send.fixedPlaceholder': 'o mesmo texto para todas as linhas',
  'ui.send.headerVariable': 'Cabeçalho {{1}}',
  'ui.send.headerFile': '[arquivo {format}]',
  'ui.send.mediaLegend': 'Arquivo do cabeçalho ({format})',
  'ui.send.mediaUrl': 'Link do arquivo (público: sem login, VPN ou lista de IPs)',
  'ui.send.mediaFilename': 'Nome do arquivo que o contato vê (opcional)',
  'ui.send.noTemplates': 'Nenhum template aprovado no CRM',
  'ui.send.pickTemplate': '— escolha um template —',
  'ui.send.sampleRow': 'A linha {row} receberia:',
  'ui.send.nothingToSend': 'Nenhuma linha seria enviada.',
  'ui.send.row': 'Linha {row}',
  'ui.send.rowWord': 'linha',
  'ui.send.rowsWord': 'linhas',
  'ui.send.oneRow': '{count} linha',
  'ui.send.rows': '{count} linhas',
  'ui.send.columnsAdded': 'As colunas CRM Send são adicionadas à direita dos dados.',
  'ui.send.checking': 'Conferindo o template e as linhas…',
  'ui.send.nothingQueued': 'Nenhuma linha seria enviada: veja a prévia.',
  'ui.send.starting': 'Iniciando o envio…',
  'ui.send.confirm': 'Enviar “{template}” para {rows} de “{sheet}”?',
  'ui.send.confirmSkipped': '{rows} {count:ficará|ficarão} como SKIPPED.',
  'ui.send.cannotRecall': 'Uma mensagem enviada não pode ser desfeita.',
  'ui.send.afterUncertainOne':
    '{count} linha está UNCERTAIN: a mensagem pode ter saído. Confira a conversa do lead no CRM; só limpe a célula CRM Send Status se não chegou, e envie de novo.',
  'ui.send.afterUncertain':
    '{count} linhas estão UNCERTAIN: a mensagem pode ter saído. Confira a conversa de cada lead no CRM; só limpe a célula CRM Send Status onde não chegou, e envie de novo.',
  'ui.send.afterSkippedOne':
    '{count} linha ficou SKIPPED: o CRM Send Detail diz por quê. Corrija essas células e envie de novo; linhas já SENT não são reenviadas.',
  'ui.send.afterSkipped':
    '{count} linhas ficaram SKIPPED: o CRM Send Detail diz por quê. Corrija essas células e envie de novo; linhas já SENT não são reenviadas.',
  'ui.send.problem.sheet': 'escolha uma planilha',
  'ui.send.problem.sheetAndTemplate': 'Escolha uma planilha e um template.',
  'ui.send.problem.template': 'Escolha um template aprovado.',
  'ui.send.problem.number':
    'escolha um número que envie templates (um número da API oficial do WhatsApp)',
  'ui.send.problem.variable': 'escolha uma coluna ou um texto fixo para {name}',
  'ui.send.problem.fixedText': 'digite o texto fixo de {name}, ou escolha uma coluna',
  'ui.send.problem.media':
    'indique o arquivo do cabeçalho {format}: uma coluna de links públicos ou um link https:// fixo',
  'ui.send.meaning.queued': '{count:seria enviada|seriam enviadas}',
  'ui.send.meaning.skipped':
    '{count:seria pulada|seriam puladas} sem requisição: uma regra do CRM {count:a|as} recusa (variável vazia ou com quebra de linha, sem lead, link de arquivo que não é público…); o envio escreve cada motivo em CRM Send Detail',
  'ui.send.meaning.sent': '{count:já enviada: nunca é reenviada|já enviadas: nunca são reenviadas}',
  'ui.send.meaning.uncertain':
    'UNCERTAIN: {count:pode ter sido enviada|podem ter sido enviadas} por uma execução que parou no meio; confira à mão, {count:ela não é reenviada|elas não são reenviadas}',
  'ui.send.meaning.sending':
    '{count:ficou|ficaram} no meio do envio por uma execução que parou: {count:vira|viram} UNCERTAIN, sem reenvio',
  'ui.send.meaning.failed':
    '{count:falhou num envio anterior: será tentada|falharam num envio anterior: serão tentadas} de novo',

  'ui.jobs.title': 'Processos',
  'ui.jobs.intro':
    'Importações, exportações e envios desta planilha, os mais novos primeiro. Com esta barra aberta, os processos pendentes andam mais rápido; fechada, eles continuam sozinhos.',
  'ui.jobs.refresh': 'Atualizar',
  'ui.jobs.none': 'Nenhum processo ainda. Comece um em Importar, Exportar ou Enviar.',
  'ui.jobs.kind.import': 'Importação',
  'ui.jobs.kind.export': 'Exportação',
  'ui.jobs.kind.send': 'Envio',
  'ui.jobs.openSheet': 'Ir para esta planilha',
  'ui.jobs.startedByAt': 'Iniciado por {who} · {when}',
  'ui.jobs.startedBy': 'Iniciado por {who}',
  'ui.jobs.startedAt': 'Iniciado em {when}',
  'ui.jobs.updatedAt': 'Última mudança {when}',
  'ui.jobs.listTitle': 'Processos recentes',
  'ui.jobs.previewsTitle': 'Prévias',
  'ui.jobs.previewsHint':
    'Verificações que não mudaram nada no CRM, guardadas para a execução que vem depois delas.',
  'ui.jobs.clearFinished': 'Limpar encerrados',
  'ui.jobs.clearFinishedHint':
    'Tira da sua lista os processos concluídos, com falha e cancelados; os em andamento e pausados ficam. Nada é apagado para os outros editores.',
  'ui.jobs.cleared': 'Processos encerrados retirados da sua lista.',
  'ui.jobs.lastFailure': 'Última falha: {failure}',
  'ui.progress.etaClosed':
    'Com este painel fechado, o restante leva {closed}; mantenha-o aberto para terminar em {open}.',
  'ui.send.confirmCampaign':
    '{rows} já {count:recebeu|receberam} “{template}” ({count:em|a última vez em} {date}): este envio é uma nova campanha para {count:ela|elas}.',
  'ui.send.confirmSentBefore':
    '{count} leads já receberam “{template}” por esta planilha (o último em {date}; a página CRM Send Record guarda isso): ficam como SKIPPED, a menos que você marque “Enviar de novo a quem já recebeu”.',
  'ui.send.confirmSentBeforeOne':
    '1 lead já recebeu “{template}” por esta planilha (em {date}; a página CRM Send Record guarda isso): fica como SKIPPED, a menos que você marque “Enviar de novo a quem já recebeu”.',
  'ui.send.resend': 'Enviar de novo a quem já recebeu',
  // Seletor de linhas e erros de `rows` (issue 29, item 1).
  'ui.rows.label': 'Linhas',
  'ui.rows.all': 'Todas as linhas ({count})',
  'ui.rows.visible': 'Linhas visíveis ({count})',
  'ui.rows.selected': 'Linhas selecionadas ({count})',
  'ui.error.rowsForm':
    'As linhas “{value}” não são uma lista que o complemento consiga ler. Escreva linhas da planilha como 5:9,12, ou escolha todas, as visíveis ou as selecionadas.',
  'ui.error.rowsOrder':
    'As linhas “{part}” terminam antes de começar. Escreva primeira:última, como 5:9.',
  'ui.error.rowsNone':
    'As linhas escolhidas ({rows}) não têm nenhum lead abaixo da linha de cabeçalho de “{sheet}”. Escolha linhas com dados.',
  'ui.error.rowsSelectionElsewhere':
    'As células selecionadas estão em “{active}”, não em “{sheet}”. Selecione as linhas em “{sheet}” e tente de novo.',
  // Opt-out (PRODUCT.md "Opt-out").
  'ui.error.optOutTagForm':
    'A tag de opt-out deve ser um nome de tag com até 100 caracteres, como optout.',
  // A sidebar run whose preview is gone (review: stale or reclaimed preview).
  'ui.error.previewGone':
    'A prévia mostrada não pode mais ser seguida pela execução (tem mais de 24 horas, ou uma prévia mais nova ou o armazenamento cheio a substituiu). Gere a prévia de novo e execute.',
};
