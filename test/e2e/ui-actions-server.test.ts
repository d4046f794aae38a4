import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS_HEADERS, ACTIONS_SHEET } from '../../scripts/playground/demo-workbook';
import { type Playground, startPlayground } from '../../scripts/playground/server';
import type { Columns, Setup } from '../../src/ui/actions/model';

/**
 * The Lead actions sidebar's read-only server calls, run in the real bundle against the sandbox:
 * the sheet's columns (its own status columns never offered, the default lead id column, the
 * run ids Revert takes) and the CRM's lists its pickers show.
 */
describe('uiLeadActionsColumns and uiLeadActionsSetup', () => {
  let playground: Playground;

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, uiPort: 0, build: 'never' });
  });
  afterAll(async () => {
    await playground?.close();
  });

  const columnsOf = (sheet: string) =>
    playground.runtime.runOrThrow('uiLeadActionsColumns', sheet) as Required<Columns>;

  it('names the sheet’s headers and its CRM Lead ID column; no run yet', () => {
    expect(columnsOf(ACTIONS_SHEET)).toEqual({
      headers: [...ACTIONS_HEADERS],
      leadIdColumn: 'CRM Lead ID',
      runIds: [],
    });
  });

  it('takes the first of CRM Lead ID, Lead ID, ID, id that the sheet has, else none', () => {
    const sheet = (name: string, headers: string[]) =>
      playground.runtime.workbook.addSheet(name).setValues(1, 1, [headers, headers.map(() => 'x')]);
    sheet('Ids', ['id', 'Nome', 'Lead ID']);
    sheet('Só ID', ['Nome', 'ID']);
    sheet('Sem id', ['Nome', 'E-mail']);
    expect(columnsOf('Ids').leadIdColumn).toBe('Lead ID');
    expect(columnsOf('Só ID').leadIdColumn).toBe('ID');
    expect(columnsOf('Sem id').leadIdColumn).toBeNull();
  });

  it('after a run: its status columns are never offered, and its run id is', () => {
    const summary = playground.runtime.runOrThrow('crmLeadActions', {
      sheet: ACTIONS_SHEET,
      action: 'addTags',
      params: { tags: 'evento-2026' },
    }) as { jobId: string; state: string };
    expect(summary.state).toBe('done');
    const header = playground.runtime.workbook.sheet(ACTIONS_SHEET).getDisplayValues()[0];
    expect(header).toContain('CRM Action Run');
    expect(columnsOf(ACTIONS_SHEET)).toEqual({
      headers: [...ACTIONS_HEADERS],
      leadIdColumn: 'CRM Lead ID',
      runIds: [summary.jobId],
    });
    expect(playground.runtime.runOrThrow('uiLastLeadActionsRun', ACTIONS_SHEET)).toEqual({
      runId: summary.jobId,
      action: 'addTags',
      state: 'done',
    });
  });

  it('a sheet that is gone is told in the person’s words', () => {
    const result = playground.runtime.run('uiCall', 'uiLeadActionsColumns', ['Sumiu']);
    expect(result.ok).toBe(false);
    // The playground's spreadsheet, and so its person, is Brazilian.
    expect(result.error?.message).toBe(
      'Não existe mais uma planilha chamada “Sumiu”. Escolha outra.',
    );
  });

  it('the CRM’s lists: stages with their won / lost flags, sequences with their state, numbers', () => {
    const setup = playground.runtime.runOrThrow('uiLeadActionsSetup') as Setup;
    const vendas = setup.pipelines.find((p) => p.name === 'Vendas');
    expect(vendas?.stages.filter((s) => s.isWon).map((s) => s.name)).toEqual(['Ganho']);
    expect(vendas?.stages.filter((s) => s.isLost).map((s) => s.name)).toEqual(['Perdido']);
    expect(setup.lostReasons.map((r) => r.name).length).toBeGreaterThan(0);
    expect(setup.sequences.some((s) => !s.isActive)).toBe(true);
    expect(setup.instances.map((i) => i.provider).sort()).toEqual(['cloud_api', 'unofficial']);
  });
});
