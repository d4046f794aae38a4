import type { IMPORT_EN } from '../en/import';

/** Português: células `CRM Import Detail`, motivos da simulação e mensagens da importação. */
export const IMPORT_PT: Readonly<Record<keyof typeof IMPORT_EN, string>> = {
  'import.key.email': 'e-mail',
  'import.key.phone': 'telefone',
  'import.cell': 'Coluna "{header}": {error}',
  'import.missing.noColumn': '{what}; {fix}',
  'import.missing.emptyOne': 'A coluna {columns} está vazia: {what}',
  'import.missing.emptyMany': 'As colunas {columns} estão vazias: {what}',
  'import.need.name': 'um lead novo precisa de nome',
  'import.need.nameFix':
    'adicione uma coluna Nome (uma linha que atualiza um lead existente não precisa)',
  'import.need.pipeline': 'um lead novo precisa de um funil',
  'import.need.pipelineFix': 'adicione uma coluna Funil ou escolha um funil para leads novos',
  'import.need.stage': 'um lead novo precisa de uma etapa',
  'import.need.stageFix': 'adicione uma coluna Etapa ou escolha uma etapa para leads novos',
  'import.need.defaultStage': 'etapa para leads novos: {error}',
  'import.need.email': 'para buscar por e-mail é preciso um e-mail',
  'import.need.emailFix': 'adicione uma coluna E-mail',
  'import.need.phone': 'para buscar por telefone é preciso um telefone',
  'import.need.phoneFix': 'adicione uma coluna Telefone',
  'import.need.either': 'para buscar por e-mail ou telefone é preciso um dos dois',
  'import.need.eitherFix': 'adicione uma coluna E-mail ou Telefone',
  'import.cannotCreate': 'Nenhum lead do CRM tem este {key}, e ele não pode ser criado: {reason}',
  'import.duplicate': 'Mesmo {key} da linha {row}',
  'import.duplicateGone':
    'Mesmo {key} da linha que esta importação enviou ao lead {id}, depois excluída ou colada por cima: esta linha não foi enviada',
  'import.created': 'Lead {id} criado.',
  'import.createdNotFound':
    'Lead {id} criado: nenhum lead do CRM tinha mais este {key} (o lead de uma importação anterior foi excluído, ou o {key} mudou), então o CRM criou um novo no lugar padrão.',
  'import.updated': 'Lead {id} atualizado, encontrado pelo {key}.',
  'import.unchanged': 'Sem mudanças desde a última importação; nada foi enviado.',
  'import.notFound':
    'Nenhum lead do CRM tem este {key}: a importação escolhida só atualiza leads existentes. Corrija o {key}, ou importe com "Atualizar leads existentes e criar os novos" para criá-lo.',
  'import.exists':
    'O lead {id} já tem este {key}: a importação escolhida só cria leads novos. Para alterá-lo, importe com "Atualizar leads existentes e criar os novos" ou "Só atualizar leads existentes".',
  'import.existsNoId':
    'Um lead do CRM já tem este {key}: a importação escolhida só cria leads novos. Para alterá-lo, importe com "Atualizar leads existentes e criar os novos" ou "Só atualizar leads existentes".',
  'import.dry.create': 'Simulação: criaria um lead em {pipeline} / {stage}.',
  'import.dry.update':
    'Simulação: atualizaria o lead {id} (encontrado pelo {key}), mantendo funil e etapa{moved}.',
  'import.dry.updateNoId':
    'Simulação: atualizaria o lead do CRM com este {key}, mantendo funil e etapa{moved}.',
  'import.dry.unchecked':
    'Simulação: válida; não deu tempo de verificar se criaria ou atualizaria um lead.',
  'import.dry.moved': ', exceto o que a planilha disser',
  'import.crmRefused': 'O CRM recusou a linha: {detail}',
  'import.crmError': 'Erro do CRM depois de novas tentativas: {detail}',
  'import.crmLimit': 'CRM: {detail}',
  'import.lookupUnclear':
    'Não enviado: a busca do CRM por este {key} achou mais de {count} leads, então não dá para saber se o lead existe; tente mais tarde, ou importe com "Atualizar leads existentes e criar os novos" e colunas Funil e Etapa.',
  'import.job.queued': 'Importação de "{sheet}" na fila.',
  'import.job.dryQueued': 'Simulação de "{sheet}" na fila.',
  'import.job.progress': 'Importando: {done} de {total} linhas feitas.',
  'import.job.finished': 'Importação concluída: {parts}.',
  'import.job.finishedEmpty': 'Importação concluída: a planilha não tem linhas de dados.',
  'import.job.dryFinished': 'Simulação concluída: {parts}; nada foi enviado.',
  'import.job.dryFinishedEmpty': 'Simulação concluída: a planilha não tem linhas de dados.',
  'import.job.unplaced':
    ' {count} status não foram escritos: as linhas foram excluídas ou o e-mail / telefone foi editado durante a importação.',
  'import.job.limit':
    'O limite de leads do plano do CRM foi atingido ("{message}"): mude de plano ou exclua leads no CRM e comece a importação de novo; as linhas já importadas mantêm o status.',
  'import.job.sheetGone':
    'A planilha "{sheet}" não existe mais; a importação parou (as linhas já enviadas estão no CRM).',
  'import.job.oldVersion':
    'Esta importação foi iniciada por outra versão do complemento e não pode continuar; comece de novo.',
  'import.job.optionsChanged': '{problem}; corrija e retome a tarefa.',
  'import.input.type': 'esperava {expected}, veio {found}',
  'import.input.oneOf': 'esperava um destes: {values}; veio {found}',
  'import.input.fewItems': 'precisa de mais itens (no mínimo {minimum})',
  'import.input.empty': 'não pode ficar vazio',
  'import.input.min': 'deve ser no mínimo {minimum}; veio {found}',
  'import.input.max': 'deve ser no máximo {maximum}; veio {found}',
  'import.input.format': 'fora do formato aceito (veio {found})',
  'import.input.matchKey': 'informe um e-mail ou um telefone: é por eles que o CRM encontra o lead',
  'import.input.lineBreak': 'não pode conter quebra de linha',
  'import.input.imageUrl': 'uma mensagem de imagem precisa do URL do arquivo',
  'import.input.textBody': 'uma mensagem de texto precisa de um texto',
  'import.input.more': 'e mais {count}',
  'import.input.found.nothing': 'nada',
  'import.input.found.list': 'uma lista',
  'import.input.found.date': 'uma data',
  'import.input.found.object': 'um objeto',
  'import.input.expected.string': 'um texto',
  'import.input.expected.number': 'um número',
  'import.input.expected.int': 'um número inteiro',
  'import.input.expected.boolean': 'VERDADEIRO ou FALSO',
  'import.input.expected.array': 'uma lista',
  'import.input.expected.object': 'um objeto',
  // Linha que nomeia pelo ID um lead sem e-mail nem telefone (import/row.ts namedLead).
  'import.keylessLead':
    '"{header}" indica o lead {id}, mas esta linha não tem e-mail nem telefone, e o CRM altera um lead só pelo e-mail ou telefone dele: nada foi enviado. Para atualizá-lo, preencha o e-mail ou telefone que o lead tem no CRM; se não tiver nenhum, altere-o no CRM (Ações em leads mudam a etapa e as etiquetas). Um e-mail ou telefone novo aqui criaria outro lead.',
};
