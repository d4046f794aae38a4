import type { MESSAGES_OPTIONS_EN } from '../en/messages-options';

/** Português: opções de importação, ações e relatório que não servem, esperas e recusas do complemento. */
export const MESSAGES_OPTIONS_PT: Readonly<Record<keyof typeof MESSAGES_OPTIONS_EN, string>> = {
  'messages.rateLimitWait':
    'Aguardando o limite de requisições do CRM; a tarefa continua na próxima execução.',
  'ui.error.importPlaceForm': 'O funil e a etapa padrão devem ser nomes ou ids, como Vendas ou 3.',
  'ui.error.headerRowNumber': 'A linha de títulos deve ser um número inteiro, 1 ou mais.',
  'ui.error.importMappingForm':
    'Não deu para ler o mapeamento das colunas: escolha os campos de novo em CRM → Importar leads.',
  'ui.error.importMappingTarget':
    'A coluna “{header}” deve ir para um campo ou ser ignorada. Escolha de novo.',
  'ui.error.importDryRun': 'Escolha se é um teste (nada é enviado) ou uma importação de verdade.',
  'ui.error.importModeValue':
    'Escolha o que a importação faz: atualizar ou criar, só atualizar leads existentes ou só criar novos.',
  'ui.error.importOnConflictValue':
    'Escolha o que fazer quando a linha parece outra pessoa: marcar como CONFLICT ou atualizar o lead mesmo assim.',
  'actions.keying.noIdColumn':
    'Nenhuma coluna tem o título “{column}”, a coluna dos ids dos leads.',
  'actions.keying.noKeyColumns':
    'A planilha não tem coluna de id do lead (CRM Lead ID, Lead ID, ID) nem coluna de e-mail ou telefone para achar os leads.',
  'actions.unknownName': 'Nenhum item ({what}) se chama "{name}"; existem: {known}.',
  'ui.error.countInclude': 'CRM_COUNT só conta leads: tire o include da consulta.',
  'ui.error.reportOptionsNotObject':
    'Não deu para ler as opções do relatório: abra de novo CRM → Relatório do funil.',
  'ui.error.reportPipelineForm': 'Escolha o funil pelo nome ou pelo id.',
  'ui.error.triggersBusy':
    'Outra execução está ajustando os agendamentos desta planilha agora: tente de novo em um minuto.',
  'ui.error.jobStoreFull':
    'O espaço do complemento na sua conta Google está quase cheio ({kb} KB de 500 KB) com tarefas pendentes ou pausadas: conclua ou cancele algumas (CRM → Tarefas) e comece esta de novo.',
  'import.mapping.noCustomField':
    'a coluna "{header}" vai para o campo personalizado "{name}", que não existe; campos personalizados: {names}',
  'import.mapping.inactiveCustomField':
    'a coluna "{header}" vai para o campo personalizado "{name}", que está inativo no CRM; ative-o ou ignore a coluna',
  'import.mapping.unknownTarget':
    'a coluna "{header}" vai para "{wanted}", que não é um campo; use um destes: {targets}, ou ignore a coluna',
  'import.mapping.statusTwice':
    'duas colunas têm o título "{status}" ({first} e {second}); exclua uma',
  'import.mapping.noHeader':
    'o mapeamento cita a coluna "{key}", que não está na linha de títulos; títulos: {headers}',
  'import.mapping.statusColumn':
    '"{header}" é uma coluna de status escrita pela importação; tire-a do mapeamento',
  'import.mapping.shared':
    'as colunas {columns} vão para {field}; fique com uma ou ignore as outras',
  'ui.error.importMappingProblems':
    'As colunas não podem ser importadas assim: {problems}. Corrija o mapeamento e veja a prévia de novo.',
  'messages.deprecated':
    'O CRM marcou {route} como obsoleto. Atualize o CRM Sheets quando houver uma versão nova.',
  'messages.deprecatedSunset':
    'O CRM marcou {route} como obsoleto; deixa de funcionar em {date}. Atualize o CRM Sheets quando houver uma versão nova.',
  'messages.deprecatedLink': 'Mais: {link}',
};
