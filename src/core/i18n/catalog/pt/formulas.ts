import type { FORMULAS_EN } from '../en/formulas';

/** Português: o que as fórmulas CRM_* dizem numa célula, e o item de menu Atualizar fórmulas. */
export const FORMULAS_PT: Readonly<Record<keyof typeof FORMULAS_EN, string>> = {
  'formulas.notAllowed':
    'As fórmulas do CRM não estão liberadas nesta planilha. Elas sempre usam a chave de API do proprietário da planilha, seja quem for que recalcule: o proprietário precisa abrir CRM → Configurações, salvar a chave e liberar as fórmulas aqui.',
  'formulas.tooSlow':
    'O CRM está respondendo devagar demais para uma fórmula (o Sheets as interrompe em 30 s): peça menos linhas com o argumento limit ou use CRM → Exportar leads.',
  'formulas.keyRefused':
    'O CRM recusou a chave de API do proprietário ({detail}): o proprietário da planilha precisa salvar uma chave válida em CRM → Configurações e liberar as fórmulas de novo.',
  'formulas.accountSuspended': 'A conta do CRM está suspensa ({detail}).',
  'formulas.scopeMissing':
    'A chave de API do proprietário não tem o escopo {scope} ({detail}): o proprietário precisa salvar uma chave que o tenha em CRM → Configurações.',
  'formulas.scopeNotNamed': '(não informado)',
  'formulas.notFound': 'Não encontrado no CRM: {detail}',
  'formulas.queryRefused': 'O CRM recusou a consulta: {detail}',
  'formulas.unavailable': 'O CRM não conseguiu responder ({detail}); tente de novo em um minuto.',
  'formulas.rateLimited':
    'O limite do CRM (60 requisições por minuto por chave de API) foi atingido e não há resultado anterior para mostrar. Tente de novo em {seconds} s e use CRM → Atualizar fórmulas.',
  'formulas.menuRefresh': 'Atualizar fórmulas',
  'formulas.refreshing': 'Recalculando {count} {count:fórmula|fórmulas} do CRM.',
  'formulas.noneToRefresh': 'Esta planilha não tem fórmulas do CRM para recalcular.',
  'formulas.sheetsNotRefreshed':
    'As fórmulas do CRM de {sheets} não puderam ser recalculadas (um intervalo protegido, ou uma fórmula longa demais para mudar); elas ficam como estavam.',
};
