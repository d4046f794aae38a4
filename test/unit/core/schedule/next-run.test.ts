import { describe, expect, it } from 'vitest';
import { EN } from '../../../../src/core/i18n/catalog/en';
import { PT } from '../../../../src/core/i18n/catalog/pt';
import { addDays, nextRun, type Schedule } from '../../../../src/core/schedule/schedule';
import { describeSchedule } from '../../../../src/ui/shared/schedule-model';
import { wordsFor } from '../../../../src/ui/shared/words';

const base: Schedule = { kind: 'export', sheet: 'Leads', hour: 2, options: {} };

describe('nextRun (issue 18.1: Jobs shows when a nightly run starts next)', () => {
  it('today at its hour while the hour is still to come', () => {
    expect(nextRun(base, { day: '2026-11-25', hour: 1 })).toEqual({ day: '2026-11-25', hour: 2 });
  });
  it('within the hour when its hour has come and it has not run today', () => {
    expect(nextRun(base, { day: '2026-11-25', hour: 9 })).toEqual({ day: '2026-11-25', hour: 9 });
  });
  it('tomorrow at its hour once it ran today, across a month end', () => {
    expect(nextRun({ ...base, lastRunDay: '2026-11-30' }, { day: '2026-11-30', hour: 3 })).toEqual({
      day: '2026-12-01',
      hour: 2,
    });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('a nightly run as the Jobs sidebar says it', () => {
  const boot = (lang: 'pt' | 'en') => ({
    lang,
    formatLocale: lang === 'pt' ? 'pt-BR' : 'en-US',
    timeZone: 'America/Sao_Paulo',
    strings: lang === 'pt' ? { ...PT } : { ...EN },
  });
  const view = {
    sheet: 'Leads',
    kind: 'import' as const,
    hour: 2,
    today: '2026-11-25',
    next: { day: '2026-11-26', hour: 2 },
    lastRunDay: '2026-11-25',
    last: {
      jobId: 'job-1',
      state: 'done' as const,
      message: '30 linhas importadas.',
      done: 30,
      total: 30,
    },
    mine: false,
    owner: 'ana@example.com',
    options: {},
  };

  it('in Portuguese, with 24-hour times and Brazilian dates', () => {
    expect(describeSchedule(view, wordsFor(boot('pt')))).toEqual({
      kind: 'Importação',
      every: 'Toda noite às 02:00',
      next: 'Próxima execução: amanhã às 02:00',
      last: 'Última execução (25/11/2026): Concluído. 30 linhas importadas.',
      lastFailed: false,
      who: 'Roda com a chave do CRM de ana@example.com.',
    });
  });

  it('in English, a failed start is an error line', () => {
    const failed = { ...view, last: undefined, lastError: 'The sheet is gone.', mine: true };
    const lines = describeSchedule(failed, wordsFor(boot('en')));
    expect(lines.every).toBe('Every night at 2:00 AM');
    expect(lines.last).toBe('The last run (11/25/26) could not start: The sheet is gone.');
    expect(lines.lastFailed).toBe(true);
    expect(lines.who).toBe('Runs with your CRM key.');
  });
});
