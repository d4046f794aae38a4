import { describe, expect, it } from 'vitest';
import { createHarness } from './export-harness';

/**
 * Issue 18.1: what the sidebars show of a nightly run (uiListSchedules through uiCall, as the
 * Jobs sidebar calls it): its next start, and after a night its last result, in the person's
 * language; a sheet's run stopped from the sidebar.
 */
const HOUR = 3_600_000;

type View = {
  sheet: string;
  hour: number;
  today: string;
  next: { day: string; hour: number };
  lastRunDay?: string;
  last?: { state: string; message: string };
  lastError?: string;
  mine: boolean;
};

function runHours(harness: Awaited<ReturnType<typeof createHarness>>, hours: number): void {
  for (let i = 0; i < hours; i++) {
    harness.runtime.advance(HOUR);
    harness.runtime.runUntilIdle({ maxSimulatedMs: 0 });
  }
}

const views = (harness: Awaited<ReturnType<typeof createHarness>>) =>
  harness.runtime.runOrThrow('uiCall', 'uiListSchedules', []) as View[];

describe('nightly runs as the sidebars show them', () => {
  it('next start before the first night, then the last result of the night, in Portuguese', async () => {
    const harness = await createHarness({
      runtime: {
        workbook: { sheets: { Leads: [['Nome']] }, timeZone: 'America/Sao_Paulo', locale: 'pt_BR' },
      },
    });
    const scheduled = harness.runtime.runOrThrow('uiCall', 'uiSchedule', [
      { kind: 'export', sheet: 'Noturna', hour: 2, options: { mode: 'replace', filters: {} } },
    ]) as View[];
    expect(scheduled).toHaveLength(1);
    const [before] = scheduled;
    expect(before?.mine).toBe(true);
    expect(before?.lastRunDay).toBeUndefined();
    expect(before?.next.hour === 2 || before?.next.day === before?.today).toBe(true);

    runHours(harness, 24);
    const [after] = views(harness);
    expect(after?.lastRunDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after?.lastError).toBeUndefined();
    expect(after?.last?.state).toBe('done');
    expect(after?.last?.message).toMatch(/Noturna/);
    // It ran today: the next start is tomorrow at its hour.
    expect(after?.next).toEqual({ day: expect.any(String), hour: 2 });
    expect(after?.next.day > (after?.lastRunDay ?? '')).toBe(true);
  });

  it('a start that fails is told in words in the Jobs list (it was a bare English error before)', async () => {
    const harness = await createHarness({
      runtime: {
        workbook: { sheets: { Leads: [['Nome']] }, timeZone: 'America/Sao_Paulo', locale: 'pt_BR' },
      },
    });
    harness.runtime.runOrThrow('uiCall', 'uiSchedule', [
      { kind: 'import', sheet: 'Leads', hour: 2, options: {} },
    ]);
    // Someone deletes the sheet during the day: the night's start fails.
    harness.runtime.workbook.addSheet('Outra');
    harness.runtime.workbook.removeSheet(harness.runtime.workbook.sheet('Leads'));
    runHours(harness, 24);
    const [view] = views(harness);
    expect(view?.lastError).toBeDefined();
    expect(view?.lastError).toMatch(/Leads/);
    expect(view?.lastError).not.toMatch(/\b(the|is|must|rows?|No sheet)\b/);
  });

  it('a schedule mistake from the sidebar is told in the person language', async () => {
    const harness = await createHarness({
      runtime: { workbook: { sheets: { Leads: [['Nome']] }, locale: 'pt_BR' } },
    });
    const result = harness.runtime.run('uiCall', 'uiSchedule', [
      { kind: 'import', sheet: 'Inexistente', hour: 2, options: {} },
    ]);
    expect(result.error?.message).toBe(
      'Nenhuma planilha se chama "Inexistente": uma importação noturna lê uma planilha que existe. Escolha-a na lista.',
    );
    const stop = harness.runtime.run('uiCall', 'uiUnschedule', ['Leads']);
    expect(stop.error?.message).toBe('"Leads" não tem execução noturna (planilhas agendadas: —).');
  });
});
