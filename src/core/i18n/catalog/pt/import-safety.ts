import type { IMPORT_SAFETY_EN } from '../en/import-safety';

/** Português: as proteções da importação contra estragar um lead (conflitos, células com erro, modos, lugares). */
export const IMPORT_SAFETY_PT: Record<keyof typeof IMPORT_SAFETY_EN, string> = {
  'import.conflict.detail':
    'Não enviado: o {key} pertence ao lead {id} "{name}", outra pessoa (o {other} do lead é {leadValue}, o da linha é {rowValue}, e os nomes não têm nenhuma palavra em comum). Corrija a linha, ou importe com onConflict "update" se for a mesma pessoa.',
  'import.stage.nowhere': 'nenhum funil tem a etapa {stage}',
  'import.stage.existing': 'Etapa para o lead {id}: {error}',
  'import.errorCell':
    'a célula da coluna {cell} mostra o erro {value}, não um valor; corrija a fórmula ou digite o valor',
  'import.dry.createDefault':
    'Simulação: criaria um lead em {pipeline} / {stage}, o funil padrão da conta e sua primeira etapa (a planilha não tem coluna Funil / Etapa e nenhum funil foi escolhido para leads novos).',
  'ui.import.ignoreColumn': 'Ignorar {column}',
  'ui.error.columnsShareField':
    'As colunas {columns} vão todas para o campo "{field}", que aceita um só valor (uma planilha escrita por uma exportação tem owner_name e owner_email, por exemplo). Clique em Pré-visualizar e escolha "ignorar" para todas menos uma, depois importe de novo.',
};
