import { describe, expect, it } from 'vitest';
import { EN } from '../../../../src/core/i18n/catalog/en';
import { PT } from '../../../../src/core/i18n/catalog/pt';
import {
  addDays,
  nextHourStart,
  nextRun,
  type Schedule,
} from '../../../../src/core/schedule/schedule';
import { describeSchedule } from '../../../../src/ui/shared/schedule-model';
import { wordsFor } from '../../../../src/ui/shared/words';
import { intlZone } from './intl-zone';

const base: Schedule = { kind: 'export', sheet: 'Leads', hour: 2, options: {} };

const SAO_PAULO = intlZone('America/Sao_Paulo');
/** São Paulo is UTC-3 all year (no daylight saving since 2019). */
const sp = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 3, minute);

describe('nextHourStart (issue 29.3: the first run is the next H:00 after the save)', () => {
  it('today when the hour is still to come, else tomorrow; never the hour already begun', () => {
    expect(nextHourStart(2, sp(25, 1, 30), SAO_PAULO)).toBe(sp(25, 2));
    expect(nextHourStart(2, sp(25, 11, 6), SAO_PAULO)).toBe(sp(26, 2));
    expect(nextHourStart(2, sp(25, 2, 10), SAO_PAULO)).toBe(sp(26, 2));
    expect(nextHourStart(0, sp(30, 23, 59), SAO_PAULO)).toBe(Date.UTC(2026, 11, 1, 3));
  });

  it('in the spreadsheet zone given, across a daylight-saving change', () => {
    const newYork = intlZone('America/New_York');
    // 2026-11-01 02:00 EDT falls back to 01:00 EST: 02:00 that day is 07:00 UTC.
    expect(nextHourStart(2, Date.UTC(2026, 10, 1, 4), newYork)).toBe(Date.UTC(2026, 10, 1, 7));
    // 2026-03-08 02:00 does not exist in New York (spring forward): the next 02:00 is the 9th.
    expect(nextHourStart(2, Date.UTC(2026, 2, 8, 5), newYork)).toBe(Date.UTC(2026, 2, 9, 6));
  });
});

describe('nextRun (issue 18.1: Jobs shows when a nightly run starts next)', () => {
  it('today at its hour while the hour is still to come', () => {
    expect(nextRun(base, sp(25, 1), SAO_PAULO)).toEqual({ day: '2026-11-25', hour: 2 });
  });
  it('within the hour when it is in its hour and has not run today', () => {
    expect(nextRun(base, sp(25, 2, 20), SAO_PAULO)).toEqual({
      day: '2026-11-25',
      hour: 2,
      withinHour: true,
    });
  });
  it('tomorrow once its hour has passed, run or not (issue 29.3: it said "within the hour")', () => {
    expect(nextRun(base, sp(25, 11, 6), SAO_PAULO)).toEqual({ day: '2026-11-26', hour: 2 });
  });
  it('not before the H:00 after it was saved', () => {
    const saved = { ...base, notBefore: sp(26, 2) };
    expect(nextRun(saved, sp(25, 2, 30), SAO_PAULO)).toEqual({ day: '2026-11-26', hour: 2 });
  });
  it('tomorrow at its hour once it ran today, across a month end', () => {
    expect(nextRun({ ...base, lastRunDay: '2026-11-30' }, sp(30, 2, 40), SAO_PAULO)).toEqual({
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
