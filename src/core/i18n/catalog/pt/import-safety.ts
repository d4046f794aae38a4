import type { IMPORT_SAFETY_EN } from '../en/import-safety';

/** Português: as proteções da importação contra estragar um lead (conflitos, células com erro, modos, lugares). */
export const IMPORT_SAFETY_PT: Record<keyof typeof IMPORT_SAFETY_EN, string> = {
  'import.conflict.detail':
    'Não enviado: o {key} pertence ao lead {id} "{name}", outra pessoa (o {other} do lead é {leadValue}, o da linha é {rowValue}, e os nomes não têm nenhuma palavra em comum). Corrija a linha; se for a mesma pessoa, importe de novo marcando "Atualizar o lead mesmo quando a linha parece outra pessoa".',
  'import.conflict.several':
    'Não enviado: o {key} pertence a vários leads do CRM ({ids}), e o CRM atualizaria um deles. Deixe o {key} em um só lead no CRM, ou corrija a linha.',
  'import.stage.nowhere': 'nenhum funil tem a etapa {stage}',
  'import.stage.existing': 'Etapa para o lead {id}: {error}',
  'import.loadingCell':
    'a célula da coluna {cell} mostra {value}: a fórmula ainda não respondeu; importe de novo quando ela mostrar um valor',
  'import.errorCell':
    'a célula da coluna {cell} mostra o erro {value}, não um valor; corrija a fórmula ou digite o valor',
  'import.dry.createDefault':
    'Simulação: criaria um lead em {pipeline} / {stage}, o funil padrão da conta e sua primeira etapa (a planilha não tem coluna Funil / Etapa e nenhum funil foi escolhido para leads novos).',
  'ui.import.ignoreColumn': 'Ignorar {column}',
  'ui.error.columnsShareField':
    'As colunas {columns} vão todas para o campo "{field}", que aceita um só valor (uma planilha escrita por uma exportação tem owner_name e owner_email, por exemplo). Clique em Pré-visualizar e escolha "ignorar" para todas menos uma, depois importe de novo.',
  'import.value.notText': '{value} não é texto',
  'import.value.empty': 'está vazia',
  'import.value.notEmail': '{value} não é um endereço de e-mail',
  'import.value.badEmail': '{value} não é um endereço de e-mail válido',
  'import.value.notNumber': '{value} não é um número',
  'import.value.invalidDate': 'é uma data inválida',
  'import.value.notDateCell':
    '{value} não é uma data (formate a célula como data, ou escreva {shape})',
  'import.value.notDate': '{value} não é uma data (escreva {shape} ou aaaa-mm-dd)',
  'import.value.unrealDate': '{value} não é uma data que existe',
  'import.value.notTags': '{value} não é uma lista de etiquetas',
  'import.value.noTag': 'não tem nenhuma etiqueta',
  'import.value.notYesNo': '{value} não é sim/não (use VERDADEIRO/FALSO, sim/não ou x)',
  'import.value.notOption': '{value} não é uma das opções: {options}',
  'import.value.notList': '{value} não é uma lista',
  'import.value.notAnOption': '{values} não é uma opção; opções: {options}',
  'import.value.notOptions': '{values} não são opções; opções: {options}',
  'import.value.noOption': 'não tem nenhuma opção',
  'import.place.noPipeline': 'não há funil {value}; funis: {names}',
  'import.place.stageElsewhere': 'a etapa {id} é do funil "{pipeline}", não de "{wanted}"',
  'import.place.noStageIn': 'não há etapa {value} no funil "{pipeline}"; etapas: {names}',
  'import.place.stageAmbiguous':
    'a etapa {value} existe nos funis {names}; adicione uma coluna Funil ou escolha um funil padrão',
  'import.place.noStage': 'nenhum funil tem a etapa {value}',
  'import.place.usersNamed': '{count} usuários se chamam {value}; use um e-mail ({emails})',
  'import.place.noUser': 'não há usuário {value}; usuários: {names}',
  'import.update.createdUndone':
    'Nenhum lead do CRM tem mais este {key} (foi excluído durante a importação): a importação escolhida só atualiza leads existentes, então o lead {id} que o CRM criou com esta linha foi excluído de novo.',
  'import.update.createdKept':
    'Nenhum lead do CRM tinha mais este {key} (foi excluído durante a importação), então o CRM criou o lead {id} com esta linha, e excluí-lo de novo falhou: exclua-o no CRM se ele não for desejado.',
  'ui.import.onConflict':
    'Atualizar o lead mesmo quando a linha parece outra pessoa (CONFLICT: o e-mail ou telefone é de um lead com outro nome)',
  'ui.error.importPlaceOption':
    'O lugar dos leads novos não confere com o CRM: {problem}. Corrija "Funil padrão" / "Etapa padrão" (ou deixe em branco) e importe de novo.',
  // A number typed as text, read by the spreadsheet's locale (normalize.ts parseNumber).
  'import.value.badNumberComma':
    '{value} não é um número: a localidade desta planilha escreve os decimais depois da vírgula (por exemplo, 1234,56 ou R$ 1.234,56)',
  'import.value.badNumberPoint':
    '{value} não é um número: a localidade desta planilha escreve os decimais depois do ponto (por exemplo, 1234.56 ou $1,234.56)',
  // How the spreadsheet's locale writes a day typed as text (normalize.ts normalizeDate).
  'import.value.shapeDMY': 'dd/mm/aaaa',
  'import.value.shapeMDY': 'mm/dd/aaaa',
  // What the CRM refuses in a lead field, checked before any request (previews foresee it).
  'fieldcheck.negative': '{value} é negativo; o CRM não aceita valor de negócio abaixo de 0',
  'fieldcheck.tooLong': '{length} caracteres; o CRM guarda no máximo {max}',
};
