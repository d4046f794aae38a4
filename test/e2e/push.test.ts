/**
 * Issue 28 "Round trip" (PRODUCT.md): export 60 leads, edit them in the sheet, a colleague edits
 * some in the CRM meanwhile, one is deleted; the push preview sends nothing and says exactly what
 * each row will do; the run sends only the changed fields, keeps the colleague's changes, records
 * one sale for the row moved into the won stage; a second push sends nothing; a revert puts back.
 * The real bundle against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { buildBundle } from './export-harness';
import { createPushWorld, type PushWorld } from './push-harness';

beforeAll(async () => {
  await buildBundle();
});

describe('a push of an edited export', () => {
  let w: PushWorld;
  let id: Record<string, number>;
  let salesBefore: number;
  let runId = '';
  const before: Record<number, Record<string, unknown>> = {};

  beforeAll(async () => {
    w = await createPushWorld(60);
    const [
      name,
      value,
      stage,
      won,
      tagAdd,
      tagRemove,
      emptied,
      owner,
      conflictName,
      conflictCompany,
      colleagueOther,
      deleted,
      badPhone,
      newEmail,
    ] = w.ids;
    id = {
      name,
      value,
      stage,
      won,
      tagAdd,
      tagRemove,
      emptied,
      owner,
      conflictName,
      conflictCompany,
      colleagueOther,
      deleted,
      badPhone,
      newEmail,
    } as Record<string, number>;
    for (const lead of w.ids) before[lead] = structuredClone(w.lead(lead));
    salesBefore = w.sandbox.state.sales.length;
    // The person's edits.
    w.set(id.name as number, 'Nome', 'Maria Editada');
    w.set(id.value as number, 'Valor', 'R$ 9.500,50');
    w.set(id.stage as number, 'Etapa', 'Proposta');
    w.set(id.won as number, 'Etapa', 'Ganho');
    w.set(id.tagAdd as number, 'Etiquetas', 'lote, lote2, vip');
    w.set(id.tagRemove as number, 'Etiquetas', 'lote');
    w.set(id.emptied as number, 'Empresa', '');
    w.set(id.emptied as number, 'Nome', 'Nome Novo');
    w.set(id.owner as number, 'Responsável', 'Bruno Lima');
    w.set(id.conflictName as number, 'Nome', 'Nome da Planilha');
    w.set(id.conflictCompany as number, 'Empresa', 'Empresa da Planilha');
    w.set(id.colleagueOther as number, 'Nome', 'Nome Trocado');
    w.set(id.deleted as number, 'Nome', 'Quem Sumiu');
    w.set(id.badPhone as number, 'Telefone', '123');
    w.set(id.newEmail as number, 'E-mail', 'novo.email@exemplo.com.br');
    // A colleague's changes in the CRM meanwhile: two on fields the person changed, one not.
    w.lead(id.conflictName as number).name = 'Nome do Colega';
    w.lead(id.conflictCompany as number).company = 'Empresa do Colega';
    w.lead(id.colleagueOther as number).source = 'indicação do colega';
    const gone = w.sandbox.state.leads.findIndex((l) => l.id === id.deleted);
    w.sandbox.state.leads.splice(gone, 1);
    w.sandbox.clearRequests();
  });

  it('previews with no changing request and an exact status on every row', () => {
    const job = w.run('crmPushChanges', { sheet: 'Export', preview: true });
    expect(job.state, job.message).toBe('done');
    expect(w.writes()).toEqual([]);
    const expected: Record<string, string> = {
      name: 'WILL_CHANGE',
      value: 'WILL_CHANGE',
      stage: 'WILL_CHANGE',
      won: 'WILL_CHANGE',
      tagAdd: 'WILL_CHANGE',
      tagRemove: 'WILL_CHANGE',
      emptied: 'WILL_CHANGE',
      owner: 'WILL_CHANGE',
      conflictName: 'CONFLICT',
      conflictCompany: 'CONFLICT',
      colleagueOther: 'WILL_CHANGE',
      deleted: 'NOT_FOUND',
      badPhone: 'INVALID',
      newEmail: 'WILL_CHANGE',
    };
    const got = Object.fromEntries(
      Object.keys(expected).map((k) => [k, w.status(id[k] as number)]),
    );
    expect(got).toEqual(expected);
    const untouched = w.ids.slice(14).map((lead) => w.status(lead));
    expect(new Set(untouched)).toEqual(new Set(['NO_CHANGE']));
    expect(w.detail(id.value as number).replace(/\u00a0/g, ' ')).toContain('→ R$ 9.500,50');
    expect(w.detail(id.stage as number)).toMatch(/→ Proposta/);
    expect(w.detail(id.conflictName as number)).toContain('Nome do Colega');
    expect(w.detail(id.emptied as number)).toMatch(/Empresa/);
    expect(job.counts).toMatchObject({
      WILL_CHANGE: 10,
      CONFLICT: 2,
      NOT_FOUND: 1,
      INVALID: 1,
      NO_CHANGE: 46,
    });
  });

  it('runs: every non-conflicting change reaches the CRM, the colleague keeps theirs', () => {
    w.sandbox.clearRequests();
    const job = w.run('crmPushChanges', { sheet: 'Export' });
    runId = job.jobId;
    expect(job.state, job.message).toBe('done');
    expect(w.status(id.name as number)).toBe('DONE');
    expect(w.lead(id.name as number).name).toBe('Maria Editada');
    expect(w.lead(id.value as number).value).toBe(9500.5);
    expect(w.lead(id.stage as number).stage_id).toBe(DEMO.stages.proposta);
    expect(w.lead(id.won as number).stage_id).toBe(DEMO.stages.ganho);
    const sales = w.sandbox.state.sales.slice(salesBefore);
    expect(sales.map((s) => s.lead_id)).toEqual([id.won]);
    expect(w.lead(id.tagAdd as number).tags).toEqual(['lote', 'lote2', 'vip']);
    expect(w.lead(id.tagRemove as number).tags).toEqual(['lote']);
    expect(w.lead(id.emptied as number).name).toBe('Nome Novo');
    expect(w.lead(id.emptied as number).company).toBe(before[id.emptied as number]?.company);
    expect(w.lead(id.owner as number).assigned_to).toBe(DEMO.users.manager);
    expect(w.lead(id.conflictName as number).name).toBe('Nome do Colega');
    expect(w.lead(id.conflictCompany as number).company).toBe('Empresa do Colega');
    expect(w.lead(id.colleagueOther as number).name).toBe('Nome Trocado');
    expect(w.lead(id.colleagueOther as number).source).toBe('indicação do colega');
    expect(w.lead(id.newEmail as number).email).toBe('novo.email@exemplo.com.br');
    expect(w.lead(id.badPhone as number).phone).toBe(before[id.badPhone as number]?.phone);
    // Changed fields: 11 (two tags counted once each); a few more allowed, none for untouched rows.
    const writes = w.writes();
    expect(writes.length).toBeLessThanOrEqual(13);
    const touched = new Set(Object.values(id).map(String));
    for (const write of writes) {
      const lead = /\/leads\/(\d+)/.exec(write)?.[1];
      if (lead) expect(touched.has(lead), write).toBe(true);
    }
    expect(job.counts).toMatchObject({ DONE: 10, CONFLICT: 2, NOT_FOUND: 1, INVALID: 1 });
  });

  it('a second push right after sends nothing', () => {
    w.sandbox.clearRequests();
    const job = w.run('crmPushChanges', { sheet: 'Export' });
    expect(job.state, job.message).toBe('done');
    expect(w.writes()).toEqual([]);
  });

  it('a revert puts back the before-values nobody changed since', () => {
    w.lead(id.tagAdd as number).tags.push('do-colega');
    w.lead(id.stage as number).stage_id = DEMO.stages.negociacao;
    const job = w.run('crmRevertPush', runId);
    expect(job.state, job.message).toBe('done');
    expect(w.lead(id.name as number).name).toBe(before[id.name as number]?.name);
    expect(w.lead(id.value as number).value).toBe(before[id.value as number]?.value);
    expect(w.lead(id.won as number).stage_id).toBe(before[id.won as number]?.stage_id);
    expect(w.lead(id.tagRemove as number).tags.sort()).toEqual(['lote', 'lote2']);
    expect(w.lead(id.stage as number).stage_id).toBe(DEMO.stages.negociacao);
    expect(w.status(id.stage as number)).toBe('CHANGED_SINCE');
    expect(w.status(id.name as number)).toBe('REVERTED');
    // The sale stays (the revert records nothing new); the tag a colleague added stays too.
    expect(w.sandbox.state.sales.slice(salesBefore).map((s) => s.lead_id)).toEqual([id.won]);
    expect(w.lead(id.tagAdd as number).tags).toContain('do-colega');
  });
});

describe('a sync of an edited export (crmRefreshExport)', () => {
  it('keeps a cell the person changed and has not pushed, says so on its row, and the push then sends it', async () => {
    const w = await createPushWorld(10);
    const [mine, theirs] = w.ids as [number, number];
    w.set(mine, 'Nome', 'Nome Meu');
    const now = new Date(w.clock.now()).toISOString();
    Object.assign(w.lead(mine), { source: 'fonte nova', updated_at: now });
    Object.assign(w.lead(theirs), { name: 'Nome do CRM', updated_at: now });
    const sync = w.run('crmRefreshExport', 'Export');
    expect(sync.state, sync.message).toBe('done');
    expect(w.cell(mine, 'Nome')).toBe('Nome Meu');
    expect(w.cell(mine, 'Origem')).toBe('fonte nova');
    expect(w.cell(theirs, 'Nome')).toBe('Nome do CRM');
    expect(w.detail(mine)).toContain('Nome');
    w.sandbox.clearRequests();
    const push = w.run('crmPushChanges', { sheet: 'Export' });
    expect(push.state, push.message).toBe('done');
    expect(w.status(mine)).toBe('DONE');
    expect(w.status(theirs)).toBe('NO_CHANGE');
    expect(w.lead(mine).name).toBe('Nome Meu');
    expect(w.lead(mine).source).toBe('fonte nova');
    expect(w.writes()).toEqual(['POST /api/v1/leads/upsert']);
  });
});

describe('a push run after its preview', () => {
  it('sends only what the preview showed: a row edited or added since is NOT_PREVIEWED, with no request', async () => {
    const w = await createPushWorld(10);
    const [shown, editedLater, untouched] = w.ids as [number, number, number];
    w.set(shown, 'Nome', 'Visto na Prévia');
    w.set(editedLater, 'Nome', 'Primeira Versão');
    const preview = w.run('crmPushChanges', { sheet: 'Export', preview: true });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 2 });
    w.set(editedLater, 'Nome', 'Segunda Versão');
    w.set(untouched, 'Nome', 'Depois da Prévia');
    w.sandbox.clearRequests();
    const run = w.run('crmPushChanges', { sheet: 'Export' });
    expect(run.state, run.message).toBe('done');
    expect(w.status(shown)).toBe('DONE');
    expect(w.lead(shown).name).toBe('Visto na Prévia');
    expect(w.status(editedLater)).toBe('NOT_PREVIEWED');
    expect(w.status(untouched)).toBe('NOT_PREVIEWED');
    expect(w.lead(editedLater).name).not.toBe('Segunda Versão');
    expect(w.lead(untouched).name).not.toBe('Depois da Prévia');
    expect(w.writes()).toEqual(['POST /api/v1/leads/upsert']);
  });
});
