/**
 * A preview tells the truth, and a run does what it showed (PRODUCT.md "What a person confirmed
 * is what happens", issue 27 "Done when": the preview and run of every lead action agree on the
 * same sheet). For each action, one world with two varied sheets: one keyed by lead id (rows that
 * change, a row already so, an id no lead has, an error cell and an empty cell where the action
 * reads cells, a lead held by a pending mandatory task, an id cell showing an error) and one keyed
 * by e-mail / phone (a row by e-mail, one by phone alone, an e-mail no lead has, an e-mail two
 * leads hold, a phone two leads hold, an error cell, a row already so). Each sheet is previewed,
 * then run unchanged: per row the run ends as the preview said (WILL_CHANGE → DONE, NO_CHANGE →
 * NO_CHANGE, WILL_FAIL → BLOCKED or SKIPPED, NOT_FOUND → NOT_FOUND), the run's counts are the
 * preview's under that mapping, and the leads the CRM holds otherwise afterwards are exactly the
 * WILL_CHANGE rows' leads. (No opt-out tag exists on main for lead actions: no such row.)
 */
import { describe, expect, it } from 'vitest';
import { DEMO, type Sandbox } from '../../sandbox/index';
import type { JobSummary } from '../../src/core/jobs/record';
import { createAddonWorld, sheetColumn, waitOutRateWindow } from './addon-harness';

const BY_ID = 'PorId';
const BY_KEY = 'PorChave';
const COLUMNS = ['Valor', 'Etapa', 'Tag', 'Sequência', 'Motivo', 'Cupom'] as const;
const HEADER_ID = ['Nome', 'E-mail', 'CRM Lead ID', ...COLUMNS];
const HEADER_KEY = ['Nome', 'E-mail', 'Telefone', ...COLUMNS];
/** What each read column holds on an ordinary row. */
const CELLS: Record<(typeof COLUMNS)[number], string> = {
  Valor: 'R$ 1.234,56',
  Etapa: 'Negociação',
  Tag: 'feira',
  Sequência: 'Boas-vindas',
  Motivo: 'Sem resposta',
  Cupom: 'VOLTA10',
};

interface Case {
  action: string;
  params: Record<string, unknown>;
  /** The column the action reads per row (none: delete). */
  reads?: (typeof COLUMNS)[number];
}

const CASES: Case[] = [
  { action: 'stage', params: { stage: { column: 'Etapa' } }, reads: 'Etapa' },
  { action: 'won', params: { value: { column: 'Valor' } }, reads: 'Valor' },
  { action: 'lost', params: { reason: { column: 'Motivo' } }, reads: 'Motivo' },
  { action: 'addTags', params: { tags: { column: 'Tag' } }, reads: 'Tag' },
  { action: 'removeTags', params: { tags: { column: 'Tag' } }, reads: 'Tag' },
  { action: 'enroll', params: { sequence: { column: 'Sequência' } }, reads: 'Sequência' },
  { action: 'unenroll', params: { sequence: { column: 'Sequência' } }, reads: 'Sequência' },
  { action: 'message', params: { text: 'Olá {{Nome}}, seu cupom é {{Cupom}}.' }, reads: 'Cupom' },
  { action: 'delete', params: {} },
];

/** What a preview status becomes in the run of the unchanged sheet. */
const RUN_OF: Record<string, string[]> = {
  WILL_CHANGE: ['DONE'],
  NO_CHANGE: ['NO_CHANGE'],
  WILL_FAIL: ['BLOCKED', 'SKIPPED'],
  NOT_FOUND: ['NOT_FOUND'],
};

/** Plain Vendas leads of the demo account whose e-mail and phone no other lead holds. */
function uniqueLeads(sandbox: Sandbox, count: number) {
  const leads = sandbox.state.leads;
  const special = new Set<number>(Object.values(DEMO.leads));
  const blocked = new Set(
    sandbox.state.tasks
      .filter((t) => t.is_required && t.status === 'pending')
      .map((t) => `${t.lead_id}:${t.stage_id}`),
  );
  const held = (field: 'email' | 'phone', value: string | null) =>
    leads.filter((o) => o[field] === value).length === 1;
  const found = leads.filter(
    (l) =>
      l.account_id === DEMO.accountId &&
      l.pipeline_id === DEMO.pipelines.vendas &&
      !special.has(l.id) &&
      !blocked.has(`${l.id}:${l.stage_id}`) &&
      ![DEMO.stages.ganho, DEMO.stages.perdido, DEMO.stages.negociacao].includes(
        l.stage_id as never,
      ) &&
      l.email &&
      l.phone &&
      held('email', l.email) &&
      held('phone', l.phone),
  );
  if (found.length < count) throw new Error(`only ${found.length} unique demo leads`);
  return found.slice(0, count);
}

/** A row of a sheet: its three key-ish cells, then the read columns (`over` replaces some). */
function row(first: unknown[], over: Partial<Record<(typeof COLUMNS)[number], string>> = {}) {
  return [...first, ...COLUMNS.map((c) => over[c] ?? CELLS[c])];
}

interface Sheet {
  name: string;
  rows: unknown[][];
  /** The lead each row names (undefined: none). */
  leads: (number | undefined)[];
}

/** The CRM's state of each lead of the account that any action may change (absent: gone). */
function crmState(sandbox: Sandbox): Map<number, string> {
  const state = sandbox.state;
  const leadOf = new Map(state.conversations.map((c) => [c.id, c.lead_id]));
  const sent = new Map<number, number>();
  for (const m of state.messages) {
    const lead = leadOf.get(m.conversation_id);
    if (m.direction === 'out' && lead !== undefined) sent.set(lead, (sent.get(lead) ?? 0) + 1);
  }
  const states = new Map<number, string>();
  for (const lead of state.leads) {
    if (lead.account_id !== DEMO.accountId) continue;
    states.set(
      lead.id,
      JSON.stringify([
        lead,
        state.sales.filter((s) => s.lead_id === lead.id).length,
        state.leadSequences
          .filter((e) => e.lead_id === lead.id)
          .map((e) => [e.sequence_id, e.status]),
        sent.get(lead.id) ?? 0,
      ]),
    );
  }
  return states;
}

async function agreeWorld(c: Case) {
  const sheets: Sheet[] = [];
  const world = await createAddonWorld({
    sandbox: { seed: 'demo' },
    runtime: (sandbox) => {
      const p = uniqueLeads(sandbox, 11);
      const lead = (i: number) => p[i] as (typeof p)[number];
      // Two leads hold one e-mail: the row naming it names none.
      lead(8).email = lead(7).email;
      const already = [lead(2).id, lead(10).id];
      const all = p.map((l) => l.id);
      alreadySo(sandbox, c.action, already, all);
      const windowOpen = sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen);
      const blocked = sandbox.state.leads.find((l) => l.id === DEMO.leads.blocked);
      if (!windowOpen?.phone || !blocked) throw new Error('demo leads moved');
      const idRow = (i: number, over = {}) => {
        const l = lead(i);
        return row([l.name, l.email, l.id], over);
      };
      const broken = c.reads ? { [c.reads]: '#N/A' } : {};
      const empty = c.reads ? { [c.reads]: '' } : {};
      sheets.push({
        name: BY_ID,
        rows: [
          idRow(0),
          idRow(1),
          idRow(2),
          row(['Ninguém', '', 999_999]),
          idRow(3, broken),
          idRow(4, empty),
          row([blocked.name, blocked.email ?? '', blocked.id]),
          row(['Erro', '', '#N/A']),
        ],
        leads: [all[0], all[1], all[2], undefined, all[3], all[4], blocked.id, undefined],
      });
      const keyRow = (i: number, by: 'email' | 'phone', over = {}) => {
        const l = lead(i);
        return row([l.name, by === 'email' ? l.email : '', by === 'phone' ? l.phone : ''], over);
      };
      sheets.push({
        name: BY_KEY,
        rows: [
          keyRow(5, 'email'),
          keyRow(6, 'phone'),
          row(['Ninguém', 'ninguem@example.com', '']),
          keyRow(7, 'email'),
          row(['Irmãos', '', windowOpen.phone]),
          keyRow(9, 'email', broken),
          keyRow(10, 'email'),
        ],
        leads: [all[5], all[6], undefined, undefined, undefined, all[9], all[10]],
      });
      return {
        publishedAddon: false,
        workbook: {
          sheets: {
            [BY_ID]: [HEADER_ID, ...(sheets[0]?.rows ?? [])],
            [BY_KEY]: [HEADER_KEY, ...(sheets[1]?.rows ?? [])],
          },
          timeZone: 'America/Sao_Paulo',
        },
      };
    },
  });
  waitOutRateWindow(world);
  const runJob = (options: Record<string, unknown>): JobSummary => {
    const started = world.runtime.runOrThrow('crmLeadActions', options) as JobSummary;
    world.runtime.runUntilIdle({ maxExecutions: 60 });
    return world.runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
  };
  const statuses = (sheet: string) =>
    sheetColumn(world.runtime, sheet, 'CRM Action Status').map((v) => String(v ?? ''));
  return { world, sheets, runJob, statuses };
}

/** Makes the `already` leads already so for the action (and the others not). */
function alreadySo(sandbox: Sandbox, action: string, already: number[], all: number[]): void {
  const state = sandbox.state;
  const lead = (id: number) => state.leads.find((l) => l.id === id);
  let nextEnrollment = Math.max(0, ...state.leadSequences.map((e) => e.id)) + 1;
  const enroll = (id: number) =>
    state.leadSequences.push({
      id: nextEnrollment++,
      lead_id: id,
      sequence_id: DEMO.sequences.boasVindas,
      status: 'active',
      current_step: 1,
      next_step_at: null,
      enrolled_at: new Date(Date.UTC(2026, 10, 1)).toISOString(),
    });
  // No chosen lead starts enrolled in Boas-vindas: the setup says who is.
  state.leadSequences = state.leadSequences.filter(
    (e) => !(all.includes(e.lead_id) && e.sequence_id === DEMO.sequences.boasVindas),
  );
  for (const id of all) {
    const l = lead(id);
    if (!l) continue;
    l.tags = l.tags.filter((t) => t !== 'feira');
    const so = already.includes(id);
    if (action === 'stage' && so) l.stage_id = DEMO.stages.negociacao;
    if (action === 'won' && so) l.stage_id = DEMO.stages.ganho;
    if (action === 'lost' && so) l.stage_id = DEMO.stages.perdido;
    if ((action === 'addTags' && so) || (action === 'removeTags' && !so)) l.tags.push('feira');
    if ((action === 'enroll' && so) || (action === 'unenroll' && !so)) enroll(id);
  }
}

describe('lead actions: the preview and the run agree on the same sheet', () => {
  it.each(CASES.map((c) => [c.action, c] as const))(
    '%s: each row runs as its preview said, the counts match, only WILL_CHANGE leads change',
    async (_, c) => {
      const { world, sheets, runJob, statuses } = await agreeWorld(c);
      for (const sheet of sheets) {
        const where = `${c.action} on ${sheet.name}`;
        const options = { sheet: sheet.name, action: c.action, params: c.params };
        const before = crmState(world.sandbox);
        const preview = runJob({ ...options, preview: true });
        expect(preview.state, where).toBe('done');
        expect(crmState(world.sandbox), `${where}: the preview changed nothing`).toEqual(before);
        const promised = statuses(sheet.name);
        const details = sheetColumn(world.runtime, sheet.name, 'CRM Action Detail');
        expect(promised, where).toHaveLength(sheet.rows.length);
        expect(promised, where).toContain('WILL_CHANGE');
        expect(promised, where).toContain('NOT_FOUND');
        if (sheet.name === BY_ID) {
          // The id cell showing #N/A names no lead: WILL_FAIL naming the cell (before: NOT_FOUND
          // "The row has no lead id", as if the cell were empty).
          const last = sheet.rows.length - 1;
          expect(promised[last], where).toBe('WILL_FAIL');
          expect(details[last], where).toMatch(/#N\/A/);
        }
        // A delete reads no cell: on the id sheet none of its rows can fail.
        if (c.reads || sheet.name === BY_KEY) expect(promised, where).toContain('WILL_FAIL');
        const confirm = c.action === 'delete' ? { confirm: preview.counts.WILL_CHANGE ?? 0 } : {};
        const run = runJob({ ...options, ...confirm });
        expect(run.state, where).toBe('done');
        const done = statuses(sheet.name);
        const runDetails = sheetColumn(world.runtime, sheet.name, 'CRM Action Detail');
        const disagree = promised.flatMap((p, i) =>
          (RUN_OF[p] ?? []).includes(done[i] ?? '')
            ? []
            : [`row ${i + 2}: ${p} (${details[i]}) → ${done[i]} (${runDetails[i]})`],
        );
        expect(disagree, where).toEqual([]);
        // The run's counts are the preview's under the mapping (WILL_FAIL: BLOCKED + SKIPPED).
        const counted = (counts: Record<string, number>, names: string[]) =>
          names.reduce((sum, n) => sum + (counts[n] ?? 0), 0);
        for (const [shown, runs] of Object.entries(RUN_OF)) {
          expect(counted(run.counts, runs), `${where}: ${shown}`).toBe(
            counted(preview.counts, [shown]),
          );
        }
        const rest = Object.entries(run.counts).filter(
          ([name, n]) => n > 0 && !Object.values(RUN_OF).flat().includes(name),
        );
        expect(rest, where).toEqual([]);
        // The leads the CRM holds otherwise are exactly the WILL_CHANGE rows' leads.
        const after = crmState(world.sandbox);
        const changed = [...before.keys()].filter((id) => before.get(id) !== after.get(id));
        const willChange = sheet.leads.filter((_, i) => promised[i] === 'WILL_CHANGE');
        expect(
          changed.sort((a, b) => a - b),
          where,
        ).toEqual((willChange as number[]).sort((a, b) => a - b));
      }
    },
    60_000,
  );
});
