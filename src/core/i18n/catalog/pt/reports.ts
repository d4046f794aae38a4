import type { REPORTS_EN } from '../en/reports';

/** Português: o relatório do funil (CRM → Relatório do funil) e o que CRM_COUNT diz numa célula. */
export const REPORTS_PT: Readonly<Record<keyof typeof REPORTS_EN, string>> = {
  'reports.menu': 'Relatório do funil',
  'reports.sheetName': 'Relatório · {pipeline}',
  'reports.header.stage': 'Etapa',
  'reports.header.leads': 'Leads',
  'reports.header.outcome': 'Resultado',
  'reports.header.owner': 'Responsável',
  'reports.won': 'Ganho',
  'reports.lost': 'Perdido',
  'reports.chartTitle': 'Leads por etapa · {pipeline}',
  'reports.note':
    'As contagens são fórmulas CRM_COUNT: o Sheets as guarda por 5 minutos, e CRM → Atualizar fórmulas pergunta de novo ao CRM.',
  'reports.ownersNote':
    'Por responsável: leads do funil inteiro de cada responsável (uma requisição cada); leads sem responsável não entram em nenhuma linha.',
  'reports.ownersLeftOut':
    'Contagens por responsável omitidas: {owners} responsáveis e {stages} etapas pediriam mais de {max} requisições, mais do que o CRM responde em um minuto.',
  'reports.promptTitle': 'Relatório do funil',
  'reports.promptBody': 'Qual funil? Digite o nome, ou deixe vazio para {default}. Funis: {names}.',
  'reports.written': 'Relatório do funil "{pipeline}" escrito na aba "{sheet}".',
  'ui.error.reportSheetTaken':
    'A aba "{sheet}" tem dados que não foram escritos por um relatório do funil, e ficou como estava: escolha outro nome de aba, ou esvazie essa aba antes.',
  'ui.error.reportNoPipelines': 'Esta conta do CRM ainda não tem funil: crie um no CRM antes.',
  'ui.error.reportUnknownPipeline':
    'Não há funil "{pipeline}" nesta conta do CRM. Os funis dela: {names}.',
  'help.report.title': 'Relatório do funil',
  'help.report.text':
    'CRM → Relatório do funil escreve uma aba com uma linha por etapa do funil, a contagem de leads (uma fórmula CRM_COUNT: uma requisição cada, um único número) e um gráfico de barras ao lado. Escrever de novo substitui o relatório; Atualizar fórmulas atualiza as contagens.',
  'reports.failed': 'Não foi possível escrever o relatório do funil: {detail}',
  'reports.countMissing':
    'O CRM respondeu sem dizer quantos leads correspondem (a lista veio sem meta.total), então não há contagem para mostrar.',
  'reports.noStages':
    'O funil "{pipeline}" ainda não tem etapas: crie-as no CRM e escreva o relatório de novo.',
  'ui.error.countPaging':
    'CRM_COUNT conta todos os leads que atendem à consulta de uma vez: tire "{filter}" da consulta, não há página a escolher.',
};
