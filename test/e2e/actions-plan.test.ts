/**
 * What a person confirmed is what happens (PRODUCT.md, issue 27 item 2): a delete deletes only
 * the leads its count showed, whatever rows are pasted while the job waits (behind another job
 * of the person's, or for the pacer's slots); a preview's NOT_FOUND row is neither counted nor
 * "already deleted"; a run after a preview acts only on the rows it showed changing, as they
 * were: a row edited or pasted since is NOT_PREVIEWED.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceCallEvent } from '../../tools/gas-runtime/index';
import {
  type ActionsWorld,
  createActionsWorld,
  leadRows,
  plainLeads,
  runJob,
  SHEET,
} from './actions-harness';

const exists = (world: ActionsWorld, id: number) =>
  world.sandbox.state.leads.some((l) => l.id === id);

/** A sheet of `count` leads, `extra` more leads kept out of it (to paste), and a sheet "Other". */
async function deleteWorld(count: number, extra: number, other = 0) {
  let ids: number[] = [];
  let spare: number[] = [];
  const world = await createActionsWorld({
    rows: (sandbox) => {
      const leads = plainLeads(sandbox, count + extra + other).map((l) => l.id);
      ids = leads.slice(0, count);
      spare = leads.slice(count, count + extra);
      return leadRows(sandbox, ids);
    },
    more: (sandbox) => ({
      Other: leadRows(
        sandbox,
        plainLeads(sandbox, count + extra + other)
          .map((l) => l.id)
          .slice(count + extra),
      ),
    }),
  });
  return { world, ids, spare };
}

function paste(world: ActionsWorld, ids: readonly number[]): void {
  const model = world.runtime.sheet(SHEET);
  model.setValues(model.lastRow() + 1, 1, leadRows(world.sandbox, ids));
}

describe('a delete deletes what was counted', () => {
  it('rows pasted while the delete waits behind another job are NOT_PREVIEWED, their leads kept', async () => {
    const { world, ids, spare } = await deleteWorld(3, 2, 30);
    // A stage job on Other holds the person's lease; the delete is started in the middle of it.
    const outer = world.runtime.execute({
      fn: 'crmLeadActions',
      args: [{ sheet: 'Other', action: 'addTags', params: { tags: 'outra' } }],
      interleave: {
        atServiceCall: (e: ServiceCallEvent) => e.name === 'UrlFetchApp.fetchAll' && e.index > 40,
        fn: 'crmLeadActions',
        args: [{ sheet: SHEET, action: 'delete', confirm: 3 }],
      },
    });
    const deleteJob = (outer.interleaved?.value as { jobId?: string } | undefined)?.jobId;
    expect(deleteJob).toBeDefined();
    expect(world.job(deleteJob as string).state).toBe('queued');
    paste(world, spare);
    world.finish();
    const run = world.job(deleteJob as string);
    expect(run.counts).toMatchObject({ DONE: 3, NOT_PREVIEWED: 2 });
    for (const id of ids) expect(exists(world, id)).toBe(false);
    for (const id of spare) expect(exists(world, id), `pasted lead ${id}`).toBe(true);
    expect(world.statuses().slice(3)).toEqual(['NOT_PREVIEWED', 'NOT_PREVIEWED']);
  });

  it('rows pasted while the start waits for rate slots are NOT_PREVIEWED, their leads kept', async () => {
    const { world, ids, spare } = await deleteWorld(3, 2);
    // The start's first CRM request (its pipelines, paced: where it waits for a slot) comes
    // after its read of the sheet: the rows are pasted then.
    let pasted = false;
    world.onServiceCall = (event) => {
      if (pasted || event.name !== 'UrlFetchApp.fetch') return;
      pasted = true;
      paste(world, spare);
    };
    const started = world.start('crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 3 });
    world.finish();
    world.onServiceCall = null;
    expect(pasted).toBe(true);
    const run = world.job(started.jobId);
    expect(run.counts).toMatchObject({ DONE: 3, NOT_PREVIEWED: 2 });
    for (const id of ids) expect(exists(world, id)).toBe(false);
    for (const id of spare) expect(exists(world, id), `pasted lead ${id}`).toBe(true);
  });

  it('a preview with a NOT_FOUND row: the count is the real leads, the run counts are the preview counts', async () => {
    const { world, ids } = await deleteWorld(2, 0);
    // A row whose id no lead ever had.
    world.runtime.sheet(SHEET).setValues(4, 1, [['Ninguém', '', 999_999, '', '']]);
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'delete',
      preview: true,
    });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 2, NOT_FOUND: 1 });
    const figures = world.runtime.runOrThrow('uiLeadActionsPreview', preview.jobId) as {
      deleteCount: number;
    };
    expect(figures.deleteCount).toBe(2);
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'delete',
      confirm: figures.deleteCount,
    });
    expect(run.counts).toMatchObject({ DONE: 2, NOT_FOUND: 1 });
    expect(world.details()[2]).not.toMatch(/already gone/i);
    for (const id of ids) expect(exists(world, id)).toBe(false);
  });
});

describe('a run does what its preview showed', () => {
  it('a stage run after a preview: a row edited and a row pasted since are NOT_PREVIEWED, the rest DONE', async () => {
    const { world, ids, spare } = await deleteWorld(4, 1);
    const options = { sheet: SHEET, action: 'stage', params: { stage: 'Negociação' } };
    const preview = runJob(world, 'crmLeadActions', { ...options, preview: true });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 4 });
    const stageOf = (id: number) => world.sandbox.state.leads.find((l) => l.id === id)?.stage_id;
    const before = new Map([...ids, ...spare].map((id) => [id, stageOf(id)]));
    // Row 3 (the second lead) is renamed, a row is pasted, and the sheet is sorted by name.
    world.runtime.sheet(SHEET).setValues(3, 1, [['Outro nome']]);
    paste(world, spare);
    world.runtime.sheet(SHEET).sortRows(2, world.runtime.sheet(SHEET).lastRow(), 1, true);
    const run = runJob(world, 'crmLeadActions', options);
    expect(run.counts).toMatchObject({ DONE: 3, NOT_PREVIEWED: 2 });
    const edited = ids[1] as number;
    const spared = spare[0] as number;
    expect(stageOf(edited)).toBe(before.get(edited));
    expect(stageOf(spared)).toBe(before.get(spared));
    const values = world.runtime.sheet(SHEET).getValues();
    const at = (values[0] ?? []).indexOf('CRM Action Status');
    const statusOf = new Map(values.slice(1).map((r) => [Number(r[2]), String(r[at])]));
    expect(statusOf.get(edited)).toBe('NOT_PREVIEWED');
    expect(statusOf.get(spared)).toBe('NOT_PREVIEWED');
  });
});

describe('a run acts on the lead its preview named', () => {
  it('a row whose e-mail names another lead since the preview is NOT_PREVIEWED', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      header: ['Nome', 'E-mail', 'Valor'],
      rows: (sandbox) => {
        const unique = plainLeads(sandbox, 80).filter(
          (l) => l.email && sandbox.state.leads.filter((o) => o.email === l.email).length === 1,
        );
        ids = unique.slice(0, 3).map((l) => l.id);
        return unique.slice(0, 2).map((l) => [l.name, l.email, '']);
      },
    });
    const options = {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'plano' },
      matchBy: 'email',
    };
    const preview = runJob(world, 'crmLeadActions', { ...options, preview: true });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 2 });
    // In the CRM, the first row's e-mail moves from its lead to another one.
    const leads = world.sandbox.state.leads;
    const [named, other] = [leads.find((l) => l.id === ids[0]), leads.find((l) => l.id === ids[2])];
    if (!named || !other) throw new Error('no leads');
    other.email = named.email;
    named.email = 'antes@example.com';
    const run = runJob(world, 'crmLeadActions', options);
    expect(run.counts).toMatchObject({ DONE: 1, NOT_PREVIEWED: 1 });
    expect(other.tags).not.toContain('plano');
    expect(world.statuses()[0]).toBe('NOT_PREVIEWED');
    expect(world.details()[0]).toMatch(new RegExp(`#${other.id}.*#${named.id}`));
  });
});
