import type { MESSAGES_JOBS_EN } from '../en/messages-jobs';

/** Português: tarefas pausadas pela chave ou permissões, colunas e títulos que não servem mais, tarefas salvas ilegíveis. */
export const MESSAGES_JOBS_PT: Readonly<Record<keyof typeof MESSAGES_JOBS_EN, string>> = {
  'jobs.pause.noApiKey':
    'Nenhuma chave de API do CRM está salva para quem executa esta tarefa: abra CRM → Configurações, salve uma chave e retome a tarefa.',
  'jobs.pause.keyRefused':
    'O CRM recusou a chave de API ("{message}"): crie uma nova chave no CRM em Configurações → Chaves de API, salve-a em CRM → Configurações e retome esta tarefa.',
  'jobs.pause.accountSuspended':
    'A conta do CRM está suspensa ("{message}"): peça ao administrador da conta do CRM para reativá-la e retome esta tarefa.',
  'jobs.pause.permission':
    'A chave de API não tem a permissão "{permission}" ("{message}"): crie uma chave com essa permissão no CRM em Configurações → Chaves de API, salve-a em CRM → Configurações e retome esta tarefa.',
  'jobs.pause.forbidden':
    'O CRM recusou este pedido ("{message}"): confira as permissões da chave no CRM em Configurações → Chaves de API e retome esta tarefa.',
  'jobs.headersChanged':
    'A linha de títulos de “{sheet}” não serve mais para {job}: {problem}. Corrija os títulos e retome a tarefa.',
  'jobs.name.import': 'esta importação',
  'jobs.name.send': 'este envio',
  'jobs.statusColumnsNotCreated':
    'Não foi possível acrescentar as colunas de status ({headers}) à planilha: confira se ela não está protegida e tem espaço para mais colunas, e retome a tarefa.',
  'jobs.row.noKey': 'A linha não tem uma chave para ser encontrada.',
  'jobs.row.gone':
    'A linha “{key}” não está mais na planilha (excluída ou com a chave editada); ela foi pulada.',
  'jobs.row.keyTwice':
    'A chave “{key}” está em mais de uma linha; deixe a chave de cada linha única e rode de novo.',
  'ui.error.jobOptionsTooLarge':
    'As configurações desta tarefa são longas demais para guardar ({bytes} bytes; no máximo {max}): encurte os textos fixos ou o mapeamento das colunas e comece de novo.',
  'ui.error.jobUnreadable':
    'Esta tarefa foi salva num formato que esta versão do complemento não lê: cancele-a em CRM → Processos e comece de novo.',
  'ui.error.storedValueBroken':
    'Algo que o complemento guarda para esta planilha está danificado: comece a tarefa de novo; se continuar acontecendo, avise o suporte.',
  'ui.error.crmRateLimitStart':
    'O limite de requisições do CRM está esgotado agora: tente de novo em um minuto.',
  'jobs.yield.retryLater':
    'O CRM falhou e a próxima tentativa não cabe nesta execução; ela é feita na próxima.',
  'jobs.yield.stopAsked': 'Foi pedida uma pausa ou um cancelamento; nada mais é enviado.',
  'ui.error.sendTemplateGone':
    'O template escolhido não está mais no CRM: abra CRM → Enviar template de novo e escolha outro.',
  'ui.error.sendTemplateNotApproved':
    'O template “{template}” está {status} no CRM, e só templates APPROVED podem ser enviados: peça a aprovação ou escolha outro.',
  'ui.error.sendPickNumber':
    'O template “{template}” não pertence a nenhum número: escolha um número que envie templates (um número da API oficial do WhatsApp).',
  'ui.error.sendNumberGone':
    'O número escolhido não está mais no CRM: abra CRM → Enviar template de novo e escolha outro.',
  'ui.error.sendNumberNotCloud':
    'O número “{number}” está conectado por QR code, e só números da API oficial do WhatsApp enviam templates: escolha outro número.',
  'ui.error.sendTemplateOtherNumber':
    'O template “{template}” pertence a outro número: escolha o número dele, ou um template deste número.',
  'ui.error.sendTemplateChanged':
    'O template “{template}” mudou no CRM depois que este formulário foi preenchido: abra CRM → Enviar template de novo e confira as variáveis e o cabeçalho.',
  'ui.error.sendColumnsGone':
    'Uma coluna escolhida para o envio não está mais na linha de títulos de “{sheet}”: abra CRM → Enviar template de novo e escolha as colunas.',
  'ui.error.sendPickTemplate': 'Escolha um template aprovado.',
  'ui.error.sendNumberForm':
    'Escolha um número que envie templates, ou deixe o número do próprio template.',
  'ui.error.sendVariableSource':
    'Escolha uma coluna ou digite um texto fixo para cada variável do template.',
  'ui.error.sendResendForm':
    'Enviar de novo é sim ou não: marque para enviar a quem já recebeu este template.',
  'ui.error.sendLeadColumn':
    'Escolha a coluna com o id do lead de cada linha, ou encontre os leads por e-mail ou telefone.',
  'send.columns.missing':
    '{what} usa a coluna "{column}", que não está na linha de títulos de "{sheet}"{hint}',
  'send.columns.urlHint': '; para o mesmo valor em todas as linhas, use o texto fixo {json}',
  'send.columns.whatVariable': 'a variável "{key}" ({label})',
  'send.columns.whatMediaUrl': 'o link do arquivo do cabeçalho',
  'send.columns.whatMediaFilename': 'o nome do arquivo do cabeçalho',
  'send.columns.headers': 'os títulos são {headers}',
  'send.columns.leadIdMissing':
    'a coluna de id do lead "{column}" não está na linha de títulos de "{sheet}" (importe a planilha antes para ter a coluna "CRM Lead ID", ou encontre os leads por e-mail ou telefone)',
  'send.columns.noMatchColumn':
    '{by}, mas "{sheet}" não tem {needs}; acrescente uma, ou escolha a coluna de id do lead',
  'send.columns.by.email': 'os leads são encontrados por e-mail',
  'send.columns.by.phone': 'os leads são encontrados por telefone',
  'send.columns.by.email_or_phone': 'os leads são encontrados por e-mail ou telefone',
  'send.columns.needs.email': 'coluna de e-mail (E-mail, Email)',
  'send.columns.needs.phone': 'coluna de telefone (Telefone, Celular, WhatsApp, Phone)',
  'send.columns.needs.email_or_phone':
    'coluna de e-mail nem de telefone (E-mail, Telefone, Celular, WhatsApp)',
  'jobs.yield.noSlot':
    'O limite de requisições não deixa vaga para um pedido antes do fim desta execução; continua depois.',
  // Consentimento granular (src/gas/consent.ts): o que permitir, nos termos da tela de consentimento do Google.
  'consent.scope.spreadsheets':
    'Ver, editar, criar e excluir todas as suas planilhas do Google Planilhas',
  'consent.scope.spreadsheets.currentonly':
    'Ver e editar as planilhas em que este complemento está instalado',
  'consent.scope.script.container.ui':
    'Exibir e executar conteúdo da Web de terceiros em solicitações e barras laterais dentro de aplicativos do Google',
  'consent.scope.script.external_request': 'Conectar a um serviço externo',
  'consent.scope.script.scriptapp':
    'Permitir que este aplicativo seja executado quando você não estiver presente',
  'consent.noLink': 'o CRM Sheets de novo pelo menu Extensões',
  'ui.error.consentMissing':
    'O CRM Sheets precisa de uma permissão que você não concedeu: {permissions}. Abra {url} e conceda-a; depois tente de novo. Nada foi enviado.',
  'jobs.pause.consentMissing':
    'Pausada: o CRM Sheets precisa de uma permissão que você não concedeu: {permissions}. Abra {url} e conceda-a; a tarefa então continua sozinha.',
  // Jobs that make no progress (jobs/idle.ts, issue 30).
  'jobs.noProgress': 'Esta execução não avançou nas linhas; a tarefa tenta de novo em um minuto.',
  'jobs.pause.noProgress':
    'Pausada: por {minutes} minutos a tarefa não avançou nas linhas, e cada tentativa gastou o limite de requisições do CRM. Retome a tarefa para tentar de novo; se ela parar aqui outra vez, avise o suporte do complemento.',
};
