/**
 * A person renames the sheet's key column while a lead actions job runs (after it placed every
 * status, before its end check): the sheet can no longer be keyed, so the end check finds no
 * row of any key. It must leave the statuses the job placed, not take them all back as if
 * they stood on rows of no key (each lead was acted on; its row is the record of it).
 */
import { describe, expect, it } from 'vitest';
import {
  ACTION_HEADER,
  type ActionsWorld,
  createActionsWorld,
  leadRows,
  plainLeads,
  SHEET,
} from './actions-harness';

const HEADER = ['Nome', 'Contato', 'CRM Lead ID', 'Valor', 'Etapa'];

/** Renames `CRM Lead ID` once every row shows the job's run (all placed, the check to come). */
function renameWhenPlaced(world: ActionsWorld): () => boolean {
  const model = world.runtime.sheet(SHEET);
  let renamed = false;
  world.onServiceCall = () => {
    if (renamed) return;
    const [header = [], ...rows] = model.getValues();
    const run = header.indexOf('CRM Action Run');
    if (run < 0 || rows.some((row) => String(row[run] ?? '') === '')) return;
    model.setValues(1, 3, [['Referência interna']]);
    renamed = true;
  };
  return () => renamed;
}

describe('lead actions whose key column a person renames before the end check', () => {
  it('keeps every status the job placed', async () => {
    const world = await createActionsWorld({
      header: HEADER,
      rows: (sandbox) =>
        leadRows(
          sandbox,
          plainLeads(sandbox, 6).map((l) => l.id),
        ),
    });
    const renamed = renameWhenPlaced(world);
    const started = world.start('crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'revisado-em-27-11' },
    });
    world.finish();
    world.onServiceCall = null;
    expect(renamed()).toBe(true);
    expect(world.job(started.jobId).state).toBe('done');
    expect(world.statuses()).toEqual(Array(6).fill('DONE'));
  }, 60_000);

  it('keeps the DONE of each deleted lead when the rows are keyed by e-mail since', async () => {
    // The ID column renamed, the rows key by their E-mail: keys the delete's record never held.
    const world = await createActionsWorld({
      header: ACTION_HEADER,
      rows: (sandbox) =>
        leadRows(
          sandbox,
          plainLeads(sandbox, 40)
            .filter((l) => l.email)
            .slice(0, 3)
            .map((l) => l.id),
        ),
    });
    const renamed = renameWhenPlaced(world);
    const started = world.start('crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 3 });
    world.finish();
    world.onServiceCall = null;
    expect(renamed()).toBe(true);
    expect(world.job(started.jobId).state).toBe('done');
    expect(world.statuses()).toEqual(Array(3).fill('DONE'));
  }, 60_000);
});
