import type { HELP_EN } from '../en/help';

/** Português: a barra de Ajuda. Os nomes em <code> são o contrato público e não se traduzem. */
export const HELP_PT: Readonly<Record<keyof typeof HELP_EN, string>> = {
  'help.intro': 'Liga esta planilha ao seu CRM Commercial-Automation.',
  'help.start.title': 'Primeiros passos',
  'help.start.text':
    'Abra <b>CRM → Configurações</b>, cole uma chave de API criada no CRM em Configurações → Chaves de API e salve. A chave fica guardada só para você, nunca é escrita na planilha e aparece mascarada.',
  'help.import.title': 'Importar leads',
  'help.import.text':
    'A linha 1 (ou a linha de cabeçalhos que você escolher) tem cabeçalhos como Nome, E-mail, Telefone, Empresa, Valor, Etiquetas, Funil, Etapa — em português ou inglês, com ou sem acentos e maiúsculas. Cada linha seguinte é um lead. Telefones, valores (R$ 1.234,56) e datas (21/11/2026) são ajustados antes do envio.',
  'help.import.statuses':
    'Os resultados vão para as colunas de status à direita: <b>CRM Import Status</b>, CRM Lead ID, CRM Import Detail, CRM Imported At. Linhas inválidas, duplicadas ou sem mudança não gastam requisição; o que cada status quer dizer está logo abaixo.',
  'help.export.title': 'Exportar leads',
  'help.export.text':
    'Traz para uma planilha os leads que atendem aos seus filtros (ela é criada se não existir). <i>Substituir</i> reescreve a planilha; <i>Sincronizar</i> busca só os leads alterados desde a última vez e atualiza as linhas deles no lugar; para linhas cujo lead foi apagado ou não atende mais aos filtros, pode mantê-las, marcá-las como <b>GONE</b> ou excluí-las. A exportação só escreve numa planilha nova ou vazia, ou numa que uma exportação escreveu: uma planilha digitada por você nunca é substituída. Texto vindo do CRM é sempre escrito como texto, nunca como fórmula.',
  'help.send.title': 'Enviar template',
  'help.send.text':
    'Envia um template aprovado, por um número da API oficial do WhatsApp, ao lead de cada linha, com seus <code>{{1}}</code>, <code>{{2}}</code>… tirados de colunas ou de um texto fixo. Linhas que seriam recusadas (variável vazia ou com quebra de linha, sem lead, link de arquivo que não é público) ficam <b>SKIPPED</b> com o motivo e não custam nada; a Prévia mostra essas linhas antes. Colunas de status: <b>CRM Send Status</b>, CRM Message ID, CRM Send Detail, CRM Sent At. Cada linha é enviada no máximo uma vez: linhas <b>SENT</b> nunca são reenviadas, e uma linha cujo envio pode ter saído ou não (a execução parou no meio) fica <b>UNCERTAIN</b> — confira a conversa no CRM e só limpe o status se a mensagem não chegou.',
  'help.jobs.title': 'Processos longos',
  'help.jobs.text':
    'O CRM permite 60 requisições por minuto, então planilhas grandes levam um tempo. Deixe a barra lateral aberta para ir mais rápido; se fechar, o processo continua sozinho. Pause, retome ou cancele na barra <b>Processos</b>; linhas já feitas mantêm o status, e nenhuma linha é enviada duas vezes.',
  'help.formulas.title': 'Funções personalizadas',
  'help.formulas.text':
    'Digite em qualquer célula; cada uma devolve uma tabela com uma linha de cabeçalho.',
  'help.formulas.queries':
    'As consultas aceitam os filtros do CRM, e nomes onde ele pede números: <code>pipeline=Vendas&amp;stage=Proposta</code>. Colunas e filtros também aceitam os nomes em português, como os cabeçalhos de importação: <code>funil=Vendas&amp;etapa=Proposta</code>, <code>nome,telefone,etapa</code>.',
  'help.scripts.title': 'Nos seus próprios scripts',
  'help.scripts.text':
    '<code>crmImportLeads</code>, <code>crmExportLeads</code>, <code>crmSendTemplate</code>, <code>crmGetJob</code>, <code>crmListJobs</code>, <code>crmCancelJob</code>, <code>crmResumeJob</code> e <code>crmConfigure</code> podem ser chamadas pelo Apps Script; opções erradas geram um erro que diz o que corrigir.',
  'help.scripts.schedules':
    'Execuções noturnas não precisam de código: em <b>Importar leads</b> ou <b>Exportar leads</b>, escolha as opções, a hora em <b>Toda noite</b> e clique em <b>Agendar</b>; <b>Processos</b> lista cada execução com a próxima vez que roda e o último resultado, e a para. Uma execução noturna usa a chave de API de quem a agendou, no fuso horário da planilha. Num script: <code>crmSchedule({kind: "export", sheet: "Leads", hour: 2})</code>, <code>crmListSchedules()</code>, <code>crmUnschedule("Leads")</code>.',
};
