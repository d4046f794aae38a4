import type { SCHEDULES_EN } from '../en/schedules';

/**
 * Português: execuções noturnas, como as barras Importar e Exportar oferecem e Processos lista,
 * e os erros de crmSchedule / crmUnschedule.
 */
export const SCHEDULES_PT: Readonly<Record<keyof typeof SCHEDULES_EN, string>> = {
  'ui.schedule.legend': 'Toda noite',
  'ui.schedule.importLabel': 'Importar esta planilha de novo toda noite às',
  'ui.schedule.exportLabel': 'Exportar com estas opções toda noite às',
  'ui.schedule.hint':
    'Roda as opções acima com a sua chave do CRM, mesmo com a planilha fechada (no fuso horário da planilha, {zone}). Pare aqui ou em Processos.',
  'ui.schedule.save': 'Agendar',
  'ui.schedule.stop': 'Parar',
  'ui.schedule.current': 'Agendado: toda noite às {time}.',
  'ui.schedule.saved': 'Agendado: "{sheet}" toda noite às {time}. Processos mostra o agendamento.',
  'ui.schedule.stopped': 'A execução noturna de "{sheet}" foi parada.',
  'ui.schedules.title': 'Execuções noturnas',
  'ui.schedules.none': 'Nenhuma execução noturna. Agende uma em Importar leads ou Exportar leads.',
  'ui.schedules.every': 'Toda noite às {time}',
  'ui.schedules.nextNow': 'Próxima execução: dentro de uma hora',
  'ui.schedules.nextToday': 'Próxima execução: hoje às {time}',
  'ui.schedules.nextTomorrow': 'Próxima execução: amanhã às {time}',
  'ui.schedules.nextOn': 'Próxima execução: {day} às {time}',
  'ui.schedules.lastNever': 'Ainda não rodou.',
  'ui.schedules.lastRun': 'Última execução ({day}): {state}. {message}',
  'ui.schedules.lastRunGone': 'Última execução: {day}.',
  'ui.schedules.lastFailed': 'A última execução ({day}) não pôde começar: {error}',
  'ui.schedules.byYou': 'Roda com a sua chave do CRM.',
  'ui.schedules.by': 'Roda com a chave do CRM de {who}.',
  'ui.schedules.byOther': 'Roda com a chave do CRM do editor que agendou.',
  'ui.error.scheduleNotObject': 'Escolha a planilha e a hora da execução noturna.',
  'ui.error.scheduleKind': 'Uma execução noturna importa ou exporta (veio {got}).',
  'ui.error.scheduleSheetMissing': 'Escolha a planilha da execução noturna.',
  'ui.error.scheduleHour':
    'Escolha uma hora de 00:00 a 23:00 para a execução noturna (veio {got}).',
  'ui.error.scheduleNoSheet':
    'Nenhuma planilha se chama "{sheet}": uma importação noturna lê uma planilha que existe. Escolha-a na lista.',
  'ui.error.scheduleNone': '"{sheet}" não tem execução noturna (planilhas agendadas: {names}).',
  // Execução noturna retida por uma permissão não concedida (addon/schedule-api.ts).
  'schedule.heldForConsent':
    'Não iniciada: o CRM Sheets precisa de uma permissão que você não concedeu: {permissions}. Abra {url} e conceda-a; a execução começa na próxima verificação de hora em hora.',
};
