/**
 * Lead actions on the real bundle against the sandbox: preview first (nothing changes), then a
 * run, for each action; the status columns say what happened to each row.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import {
  ACTION_HEADER,
  createActionsWorld,
  leadRows,
  plainLeads,
  runJob,
  SHEET,
} from './actions-harness';

describe('lead actions: stage', () => {
  it('previews each row before → after without a write, then moves every lead once', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      rows: (sandbox) => {
        ids = plainLeads(sandbox, 12).map((l) => l.id);
        return leadRows(sandbox, ids);
      },
    });
    const stageOf = (id: number) => world.sandbox.state.leads.find((l) => l.id === id)?.stage_id;
    const before = ids.map(stageOf);
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Negociação', pipeline: 'Vendas' },
      preview: true,
    });
    expect(preview.state).toBe('done');
    expect(ids.map(stageOf)).toEqual(before);
    expect(world.requests().filter((r) => !r.startsWith('GET'))).toEqual([
      `DELETE /api/v1/leads/2147483647/tags/crm-sheets-scope-check`,
    ]);
    const already = before.filter((s) => s === DEMO.stages.negociacao).length;
    expect(preview.counts.WILL_CHANGE).toBe(ids.length - already);
    expect(world.statuses().every((s) => s === 'WILL_CHANGE' || s === 'NO_CHANGE')).toBe(true);
    expect(world.details().some((d) => / → Negociação$/.test(d))).toBe(true);

    world.sandbox.clearRequests();
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Negociação', pipeline: 'Vendas' },
    });
    expect(run.state).toBe('done');
    expect(ids.map(stageOf)).toEqual(ids.map(() => DEMO.stages.negociacao));
    const puts = world.requests().filter((r) => r.startsWith('PUT'));
    expect(puts).toHaveLength(ids.length - already);
    expect(run.counts.DONE).toBe(ids.length - already);
    expect(world.column('CRM Action Run').every((v) => v === run.jobId)).toBe(true);
  });
});

/** A world of `count` plain demo leads (no pending mandatory task), by id. */
async function plainWorld(count: number) {
  let ids: number[] = [];
  const world = await createActionsWorld({
    rows: (sandbox) => {
      ids = plainLeads(sandbox, count).map((l) => l.id);
      return leadRows(sandbox, ids);
    },
  });
  const lead = (id: number) => {
    const found = world.sandbox.state.leads.find((l) => l.id === id);
    if (!found) throw new Error(`lead ${id} is gone`);
    return found;
  };
  return { world, ids, lead };
}

describe('lead actions: won and lost', () => {
  it('marks won in the pipeline’s only won stage with the row’s value: one sale per lead', async () => {
    const { world, ids } = await plainWorld(8);
    world.runtime.sheet(SHEET).setValues(
      2,
      4,
      ids.map(() => ['R$ 1.234,56']),
    );
    const salesBefore = world.sandbox.state.sales.length;
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'won',
      params: { value: { column: 'Valor' } },
    });
    expect(run.state).toBe('done');
    const done = run.counts.DONE ?? 0;
    expect(done + (run.counts.NO_CHANGE ?? 0) + (run.counts.FAILED ?? 0)).toBe(ids.length);
    const sales = world.sandbox.state.sales.slice(salesBefore);
    expect(sales).toHaveLength(done);
    expect(new Set(sales.map((s) => s.lead_id)).size).toBe(done);
    expect(sales.every((s) => s.value === 1234.56)).toBe(true);
  });

  it('marks lost with a reason by name; a stage that is not a lost stage fails before any request', async () => {
    const { world, ids, lead } = await plainWorld(5);
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'lost',
      params: { reason: 'Sem resposta' },
    });
    expect(run.state).toBe('done');
    for (const id of ids) {
      const pipeline = world.sandbox.state.stages.find((s) => s.id === lead(id).stage_id);
      if (run.counts.DONE === ids.length) expect(pipeline?.is_lost).toBe(true);
    }
    world.sandbox.clearRequests();
    const wrong = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'lost',
      params: { stage: 'Negociação' },
      preview: true,
    });
    expect(wrong.counts.WILL_FAIL).toBe(ids.length);
    expect(world.details()[0]).toMatch(/not a lost stage/);
  });
});

describe('lead actions: tags', () => {
  it('adds only the missing tags (one request a row), removes one request per tag, and skips leads already so', async () => {
    const { world, ids, lead } = await plainWorld(6);
    lead(ids[0] as number).tags = ['vip'];
    const add = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'vip; evento' },
    });
    expect(add.state).toBe('done');
    for (const id of ids) expect(lead(id).tags).toEqual(expect.arrayContaining(['vip', 'evento']));
    expect(world.details()[0]).toBe('+ evento');
    world.sandbox.clearRequests();
    const again = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: ['vip', 'evento'] },
    });
    expect(again.counts.NO_CHANGE).toBe(ids.length);
    expect(world.requests().filter((r) => r.startsWith('POST'))).toEqual([]);
    world.sandbox.clearRequests();
    const remove = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'removeTags',
      params: { tags: 'vip, evento' },
    });
    expect(remove.counts.DONE).toBe(ids.length);
    expect(
      world
        .requests()
        .filter((r) => r.startsWith('DELETE /api/v1/leads/') && !r.includes('2147483647')),
    ).toHaveLength(2 * ids.length);
    for (const id of ids) expect(lead(id).tags).not.toContain('vip');
  });
});

describe('lead actions: sequences', () => {
  it('enrolls once in an active sequence by name, skips an inactive one, unenrolls', async () => {
    const { world, ids } = await plainWorld(5);
    const enrollments = () =>
      world.sandbox.state.leadSequences.filter(
        (e) => ids.includes(e.lead_id) && e.status === 'active',
      );
    const inactive = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'enroll',
      params: { sequence: 'Black Friday 2025' },
    });
    expect((inactive.counts.SKIPPED ?? 0) + (inactive.counts.NO_CHANGE ?? 0)).toBe(ids.length);
    expect(world.details()).toContain(
      'Sequence Black Friday 2025 is inactive: only active sequences take leads.',
    );
    const enrolledBefore = new Set(
      enrollments()
        .filter((e) => e.sequence_id === DEMO.sequences.boasVindas)
        .map((e) => e.lead_id),
    );
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'enroll',
      params: { sequence: 'boas-vindas' },
    });
    expect(run.counts.DONE).toBe(ids.length - enrolledBefore.size);
    expect(enrollments().filter((e) => e.sequence_id === DEMO.sequences.boasVindas)).toHaveLength(
      ids.length,
    );
    const again = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'enroll',
      params: { sequence: 'Boas-vindas' },
    });
    expect(again.counts.NO_CHANGE).toBe(ids.length);
    const out = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'unenroll',
      params: { sequence: DEMO.sequences.boasVindas },
    });
    expect(out.counts.DONE).toBe(ids.length);
    expect(enrollments().filter((e) => e.sequence_id === DEMO.sequences.boasVindas)).toHaveLength(
      0,
    );
  });
});

describe('lead actions: message', () => {
  it('sends the text with {{Header}} filled once per lead; a closed 24-hour window is SKIPPED, never retried', async () => {
    const world = await createActionsWorld({
      rows: (sandbox) =>
        leadRows(sandbox, [DEMO.leads.windowOpen, DEMO.leads.windowClosed, DEMO.leads.noPhone]),
    });
    const before = world.sandbox.state.messages.length;
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'message',
      params: { text: 'Olá {{Nome}}, tudo bem?', instanceId: DEMO.instances.cloud },
    });
    expect(run.state).toBe('done');
    expect(world.statuses()).toEqual(['DONE', 'SKIPPED', 'SKIPPED']);
    expect(world.details()[1]).toMatch(/^Window closed/);
    const sent = world.sandbox.state.messages.slice(before);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]?.body)).toMatch(/^Olá .+, tudo bem\?$/);
    const posts = world
      .requests()
      .filter((r) => r.endsWith('/send-chatapp') && !r.includes('2147483647'));
    expect(posts).toHaveLength(2);
  });
});

describe('lead actions: cells that show no value', () => {
  it('a message whose {{Nome}} shows #N/A or whose {{Cupom}} is empty, and tags from #REF! or Loading… cells, are SKIPPED naming the cell: no request, nothing sent', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      header: [...ACTION_HEADER, 'Cupom', 'Tag'],
      rows: (sandbox) => {
        ids = plainLeads(sandbox, 200)
          .filter((l) => l.phone)
          .slice(0, 3)
          .map((l) => l.id);
        const cells = [
          ['#N/A', 'BEMVINDO', '#REF!'],
          ['Ana', '', 'Loading…'],
          ['Bia', 'VOLTA10', 'feira-2026'],
        ];
        return leadRows(sandbox, ids).map((row, i) => {
          const [name, cupom, tag] = cells[i] ?? [];
          return [name, ...row.slice(1), cupom, tag];
        });
      },
    });
    const text = 'Olá {{Nome}}, seu cupom é {{Cupom}}.';
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'message',
      params: { text },
      preview: true,
    });
    expect(world.statuses()).toEqual(['WILL_FAIL', 'WILL_FAIL', 'WILL_CHANGE']);
    expect(preview.counts.WILL_FAIL).toBe(2);
    const before = world.sandbox.state.messages.length;
    world.sandbox.clearRequests();
    runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'message', params: { text } });
    expect(world.statuses()).toEqual(['SKIPPED', 'SKIPPED', 'DONE']);
    expect(world.details()[0]).toMatch(/column “Nome” shows the error #N\/A/);
    expect(world.details()[1]).toMatch(/column “Cupom” is empty/);
    const sent = world.sandbox.state.messages.slice(before).map((m) => m.body);
    expect(sent).toEqual(['Olá Bia, seu cupom é VOLTA10.']);
    const posts = world
      .requests()
      .filter((r) => r.endsWith('/send-chatapp') && !r.includes('2147483647'));
    expect(posts).toHaveLength(1);

    world.sandbox.clearRequests();
    const tags = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: { column: 'Tag' } },
    });
    expect(world.statuses()).toEqual(['SKIPPED', 'SKIPPED', 'DONE']);
    expect(tags.counts.SKIPPED).toBe(2);
    expect(world.details()[0]).toMatch(/column “Tag” shows the error #REF!/);
    expect(world.details()[1]).toMatch(/column “Tag” shows Loading…/);
    const leadTags = ids.map((id) => world.sandbox.state.leads.find((l) => l.id === id)?.tags);
    expect(leadTags.flat().filter((tag) => /#REF!|Loading/.test(String(tag)))).toEqual([]);
    const tagPosts = world
      .requests()
      .filter((r) => r.startsWith('POST') && r.includes('/tags') && !r.includes('2147483647'));
    expect(tagPosts).toHaveLength(1);
  });
});

describe('lead actions: blocked stage', () => {
  it('a lead whose stage has mandatory pending tasks is BLOCKED and its detail names them', async () => {
    const world = await createActionsWorld({
      rows: (sandbox) => leadRows(sandbox, [DEMO.leads.blocked]),
    });
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Negociação' },
    });
    expect(run.counts.BLOCKED).toBe(1);
    const task = world.sandbox.state.tasks.find(
      (t) => t.lead_id === DEMO.leads.blocked && t.is_required && t.status === 'pending',
    );
    expect(world.details()[0]).toContain(String(task?.subject));
  });
});

describe('lead actions: mandatory tasks foreseen', () => {
  it('a stage and a won preview on leads with pending mandatory tasks are WILL_FAIL naming the task; the run is BLOCKED as many times, with no request for them', async () => {
    let blocked: number[] = [];
    let free: number[] = [];
    const world = await createActionsWorld({
      rows: (sandbox) => {
        const pending = sandbox.state.tasks.filter((t) => t.is_required && t.status === 'pending');
        blocked = sandbox.state.leads
          .filter(
            (l) =>
              l.account_id === 1 &&
              pending.some((t) => t.lead_id === l.id && t.stage_id === l.stage_id),
          )
          .slice(0, 4)
          .map((l) => l.id);
        free = plainLeads(sandbox, 200)
          .filter(
            (l) =>
              !sandbox.state.stages.some((s) => s.id === l.stage_id && (s.is_won || s.is_lost)),
          )
          .filter((l) => l.stage_id !== DEMO.stages.negociacao)
          .slice(0, 2)
          .map((l) => l.id);
        return leadRows(sandbox, [...blocked, ...free]);
      },
    });
    expect(blocked.length).toBeGreaterThanOrEqual(2);
    const subjectsOf = (id: number) => {
      const lead = world.sandbox.state.leads.find((l) => l.id === id);
      return world.sandbox.state.tasks
        .filter((t) => t.lead_id === id && t.stage_id === lead?.stage_id && t.is_required)
        .filter((t) => t.status === 'pending')
        .map((t) => t.subject);
    };
    const cases = [
      ['stage', { stage: 'Negociação', pipeline: 'Vendas' }, '/stage'],
      ['won', {}, '/won'],
    ] as const;
    for (const [action, params, path] of cases) {
      const preview = runJob(world, 'crmLeadActions', {
        sheet: SHEET,
        action,
        params,
        preview: true,
      });
      expect(preview.counts.WILL_FAIL).toBe(blocked.length);
      expect(preview.counts.WILL_CHANGE).toBe(free.length);
      const details = world.details();
      blocked.forEach((id, i) => {
        expect(world.statuses()[i]).toBe('WILL_FAIL');
        for (const subject of subjectsOf(id)) expect(details[i]).toContain(subject);
      });
      world.sandbox.clearRequests();
      const sales = world.sandbox.state.sales.length;
      const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action, params });
      expect(run.counts.BLOCKED).toBe(preview.counts.WILL_FAIL);
      expect(run.counts.DONE).toBe(free.length);
      const puts = world.requests().filter((r) => r.startsWith('PUT') && r.endsWith(path));
      expect(puts).toHaveLength(free.length);
      if (action === 'won') expect(world.sandbox.state.sales.length - sales).toBe(free.length);
      blocked.forEach((id, i) => {
        for (const subject of subjectsOf(id)) expect(world.details()[i]).toContain(subject);
      });
    }
  });
});

describe('lead actions: delete', () => {
  it('refuses without the exact count, backs every lead up before the first DELETE, and a lead already gone is DONE', async () => {
    const { world, ids } = await plainWorld(4);
    expect(() =>
      world.runtime.runOrThrow('crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 3 }),
    ).toThrow(/confirm: 4/);
    expect(world.sandbox.state.leads.filter((l) => ids.includes(l.id))).toHaveLength(4);
    const gone = ids[3] as number;
    world.sandbox.state.leads = world.sandbox.state.leads.filter((l) => l.id !== gone);
    world.sandbox.clearRequests();
    const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 4 });
    expect(run.state).toBe('done');
    expect(world.sandbox.state.leads.filter((l) => ids.includes(l.id))).toHaveLength(0);
    const log = world.requests();
    const firstDelete = log.findIndex(
      (r) => r.startsWith('DELETE /api/v1/leads/') && !r.includes('2147483647'),
    );
    expect(firstDelete).toBeGreaterThan(0);
    const backup = world.runtime.workbook.sheets.find((s) => s.name.startsWith('CRM Backup Leads'));
    const values = backup?.getValues() ?? [];
    expect(
      values
        .slice(1)
        .map((r) => Number(r[0]))
        .sort(),
    ).toEqual(ids.slice(0, 3).sort());
    expect(values[0]).toEqual(expect.arrayContaining(['id', 'name', 'email']));
    expect(world.statuses()).toEqual(['DONE', 'DONE', 'DONE', 'DONE']);
    expect(world.details()[3]).toMatch(/^Already gone/);
  });
});

describe('lead actions: preview figures and refusals', () => {
  it('uiLeadActionsPreview gives counts, requests, time at the rate limit and the rows’ words', async () => {
    const { world, ids } = await plainWorld(5);
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'removeTags',
      params: { tags: 'a, b' },
      preview: true,
    });
    expect(preview.counts.NO_CHANGE).toBe(ids.length);
    for (const id of ids.slice(0, 2)) {
      const lead = world.sandbox.state.leads.find((l) => l.id === id);
      if (lead) lead.tags = ['a', 'b'];
    }
    const again = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'removeTags',
      params: { tags: 'a, b' },
      preview: true,
    });
    const figures = world.runtime.runOrThrow('uiLeadActionsPreview', again.jobId) as {
      counts: Record<string, number>;
      writeRequests: number;
      seconds: number;
      sample: { row: number; status: string; detail: string }[];
    };
    expect(figures.counts.WILL_CHANGE).toBe(2);
    expect(figures.writeRequests).toBe(4);
    expect(figures.seconds).toBeGreaterThanOrEqual(5);
    expect(figures.sample[0]).toEqual({ row: 2, status: 'WILL_CHANGE', detail: '− a, − b' });
  });

  it('a key without the write scope is refused before any row, naming the scope', async () => {
    const { world } = await plainWorld(2);
    const key = world.sandbox.createApiKey({
      accountId: 1,
      scopes: ['leads:read', 'pipelines:read', 'sequences:read', 'users:read'],
    });
    world.runtime.runOrThrow('crmConfigure', {
      apiKey: key,
      baseUrl: 'http://localhost:8787/api/v1',
    });
    expect(() =>
      world.runtime.runOrThrow('crmLeadActions', {
        sheet: SHEET,
        action: 'enroll',
        params: { sequence: 1 },
      }),
    ).toThrow(/sequences:write/);
    expect(world.runtime.runOrThrow('crmListJobs')).toEqual([]);
  });
});

describe('lead actions: lost answers', () => {
  it('a won, enroll, message and delete whose answers are lost after the CRM applied them are read back as DONE, never sent twice', async () => {
    for (const [action, params, path] of [
      ['won', {}, '/won'],
      ['enroll', { sequence: 'Boas-vindas' }, '/enroll-sequence'],
      ['message', { text: 'Oi' }, '/send-chatapp'],
      ['delete', {}, ''],
    ] as const) {
      const world = await createActionsWorld({
        rows: (sandbox) => leadRows(sandbox, [DEMO.leads.windowOpen]),
      });
      const id = DEMO.leads.windowOpen;
      world.sandbox.faults.add({
        kind: 'drop',
        afterHandler: true,
        pathPrefix: `/leads/${id}${path}`,
      });
      const state = world.sandbox.state;
      const before = {
        sales: state.sales.length,
        seqs: state.leadSequences.length,
        msgs: state.messages.length,
      };
      const confirm = action === 'delete' ? { confirm: 1 } : {};
      const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action, params, ...confirm });
      expect(run.counts.DONE, action).toBe(1);
      expect(world.details()[0], action).toMatch(/confirmed by reading the lead back/);
      const method = action === 'delete' ? 'DELETE' : 'P';
      const writes = world
        .requests()
        .filter((r) => r.startsWith(method) && r.endsWith(`/leads/${id}${path}`));
      expect(writes, action).toHaveLength(1);
      if (action === 'won') expect(state.sales.length - before.sales).toBe(1);
      if (action === 'enroll') expect(state.leadSequences.length - before.seqs).toBe(1);
      if (action === 'message') expect(state.messages.length - before.msgs).toBe(1);
      if (action === 'delete') expect(state.leads.some((l) => l.id === id)).toBe(false);
    }
  });

  it('a stage move whose answer is lost is simply sent again (safe to repeat)', async () => {
    const { world, ids } = await plainWorld(1);
    world.sandbox.faults.add({
      kind: 'drop',
      afterHandler: true,
      pathPrefix: `/leads/${ids[0]}/stage`,
    });
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Negociação' },
    });
    expect(run.counts.DONE).toBe(1);
    expect(world.requests().filter((r) => r.endsWith('/stage'))).toHaveLength(2);
  });
});

describe('lead actions: delete after its preview', () => {
  it('confirm is the number of rows whose lead the preview found', async () => {
    const { world, ids } = await plainWorld(4);
    const gone = ids[0] as number;
    world.sandbox.state.leads = world.sandbox.state.leads.filter((l) => l.id !== gone);
    const preview = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'delete',
      preview: true,
    });
    expect(preview.counts).toMatchObject({ WILL_CHANGE: 3, NOT_FOUND: 1 });
    const figures = world.runtime.runOrThrow('uiLeadActionsPreview', preview.jobId) as {
      deleteCount: number;
    };
    expect(figures.deleteCount).toBe(3);
    expect(world.sandbox.state.leads.filter((l) => ids.includes(l.id))).toHaveLength(3);
    expect(() =>
      world.runtime.runOrThrow('crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 4 }),
    ).toThrow(/confirm: 3/);
    const run = runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 3 });
    // The run's counts are the confirmation's: the lead the count did not see is not "deleted".
    expect(run.counts).toMatchObject({ DONE: 3, NOT_FOUND: 1 });
    expect(world.sandbox.state.leads.filter((l) => ids.includes(l.id))).toHaveLength(0);
  });
});

describe('lead actions: rows without a lead id', () => {
  it('finds each lead by e-mail (matchBy) and says NOT_FOUND for an e-mail no lead has', async () => {
    let ids: number[] = [];
    const world = await createActionsWorld({
      header: ['Nome', 'E-mail', 'Valor'],
      rows: (sandbox) => {
        const leads = plainLeads(sandbox, 60).filter((l) => l.email);
        // Unique e-mails only: a shared one would be ambiguous.
        const unique = leads.filter(
          (l) => sandbox.state.leads.filter((o) => o.email === l.email).length === 1,
        );
        ids = unique.slice(0, 4).map((l) => l.id);
        return [
          ...unique.slice(0, 4).map((l) => [l.name, l.email, '']),
          ['Ninguém', 'ninguem@example.com', ''],
        ];
      },
    });
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'por-email' },
      matchBy: 'email',
    });
    expect(run.state).toBe('done');
    expect(world.statuses()).toEqual(['DONE', 'DONE', 'DONE', 'DONE', 'NOT_FOUND']);
    for (const id of ids) {
      expect(world.sandbox.state.leads.find((l) => l.id === id)?.tags).toContain('por-email');
    }
  });
});

describe('lead actions: the sidebar’s helpers', () => {
  it('lists pipelines with their won and lost stages, reasons, sequences and numbers; names the last run', async () => {
    const { world } = await plainWorld(2);
    const setup = world.runtime.runOrThrow('uiLeadActionsSetup') as {
      pipelines: { name: string; stages: { name: string; isWon: boolean; isLost: boolean }[] }[];
      lostReasons: { name: string }[];
      sequences: { name: string; isActive: boolean }[];
      instances: { id: number; provider: string }[];
    };
    const vendas = setup.pipelines.find((p) => p.name === 'Vendas');
    expect(vendas?.stages.filter((s) => s.isWon).map((s) => s.name)).toEqual(['Ganho']);
    expect(vendas?.stages.filter((s) => s.isLost).map((s) => s.name)).toEqual(['Perdido']);
    expect(setup.lostReasons.map((r) => r.name)).toContain('Sem resposta');
    expect(setup.sequences).toContainEqual({
      id: DEMO.sequences.inactive,
      name: 'Black Friday 2025',
      isActive: false,
    });
    expect(setup.instances.map((i) => i.id)).toContain(DEMO.instances.cloud);
    expect(world.runtime.runOrThrow('uiLastLeadActionsRun', SHEET)).toBeNull();
    runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'x' },
      preview: true,
    });
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'x' },
    });
    expect(world.runtime.runOrThrow('uiLastLeadActionsRun', SHEET)).toEqual({
      runId: run.jobId,
      action: 'addTags',
      state: 'done',
    });
  });
});

describe('lead actions: Apps Script refusals, pause and cancel', () => {
  it('a batch Apps Script refuses is never FAILED or UNCERTAIN: the job waits, then a cancel stops it before another request', async () => {
    const { world, ids } = await plainWorld(30);
    let refused = 0;
    world.refuse = (request) => {
      if (!request.url.endsWith('/stage') || refused > 0) return undefined;
      refused += 1;
      return 'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.';
    };
    const started = world.start('crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Negociação', pipeline: 'Vendas' },
    });
    world.refuse = null;
    expect(refused).toBe(1);
    const waiting = world.job(started.jobId);
    expect(waiting.state).toBe('running');
    expect(waiting.waitingUntil).toBeGreaterThan(world.clock.now());
    expect(world.statuses().filter((s) => s === 'FAILED' || s === 'UNCERTAIN')).toEqual([]);
    world.sandbox.clearRequests();
    expect(world.runtime.runOrThrow('crmCancelJob', started.jobId)).toMatchObject({
      state: 'cancelled',
    });
    world.clock.advance(120_000);
    world.finish();
    expect(world.requests().filter((r) => r.startsWith('PUT'))).toEqual([]);
    expect(world.job(started.jobId).state).toBe('cancelled');
    expect(ids.length).toBe(30);
  });

  it('paused, then resumed: every lead ends in the stage', async () => {
    const { world, ids } = await plainWorld(30);
    let refused = 0;
    world.refuse = (request) => {
      if (!request.url.endsWith('/stage') || refused > 0) return undefined;
      refused += 1;
      return 'Service invoked too many times in a short time: urlfetch.';
    };
    const started = world.start('crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Negociação', pipeline: 'Vendas' },
    });
    world.refuse = null;
    world.runtime.runOrThrow('uiPauseJob', started.jobId);
    world.clock.advance(120_000);
    world.finish();
    expect(world.job(started.jobId).state).toBe('paused');
    world.runtime.runOrThrow('crmResumeJob', started.jobId);
    world.finish();
    const done = world.job(started.jobId);
    expect(done.state).toBe('done');
    expect((done.counts.DONE ?? 0) + (done.counts.NO_CHANGE ?? 0)).toBe(ids.length);
    for (const id of ids) {
      expect(world.sandbox.state.leads.find((l) => l.id === id)?.stage_id).toBe(
        DEMO.stages.negociacao,
      );
    }
  });
});

describe('lead actions: a won batch Apps Script refuses', () => {
  it('is read back, never sent blindly again: one sale per lead', async () => {
    const { world, ids } = await plainWorld(12);
    let refused = 0;
    world.refuse = (request) => {
      if (!request.url.endsWith('/won') || refused > 0) return undefined;
      refused += 1;
      return 'Service invoked too many times in a short time: urlfetch.';
    };
    const sales = new Set(world.sandbox.state.sales.map((s) => s.id));
    const started = world.start('crmLeadActions', { sheet: SHEET, action: 'won' });
    world.refuse = null;
    world.clock.advance(120_000);
    world.finish();
    expect(world.job(started.jobId).state).toBe('done');
    const added = world.sandbox.state.sales.filter((s) => !sales.has(s.id)).map((s) => s.lead_id);
    expect(new Set(added).size).toBe(added.length);
    expect(added.every((id) => ids.includes(id))).toBe(true);
    expect(world.statuses().filter((s) => s === 'UNCERTAIN' || s === 'FAILED')).toEqual([]);
  });
});

describe('lead actions: reading in pages', () => {
  it('a lead the pages did not return (the CRM does not promise an order) is read on its own, not taken for gone', async () => {
    const { world, ids, lead } = await plainWorld(3);
    const hidden = lead(ids[1] as number);
    world.onRequest = (request) => {
      const paged =
        request.method === 'GET' && /\/leads\?/.test(request.url) && /page=/.test(request.url);
      hidden.account_id = paged ? 99 : 1;
    };
    const run = runJob(world, 'crmLeadActions', {
      sheet: SHEET,
      action: 'addTags',
      params: { tags: 'lida' },
    });
    world.onRequest = null;
    hidden.account_id = 1;
    expect(run.counts.DONE).toBe(3);
    expect(hidden.tags).toContain('lida');
    expect(world.requests()).toContain(`GET /api/v1/leads/${hidden.id}`);
  });
});

describe('lead actions: formula-safe writes', () => {
  it('a detail starting with + or − and a backup of a lead named =… stay text, never formulas', async () => {
    const { world, ids, lead } = await plainWorld(2);
    lead(ids[0] as number).name = '=HYPERLINK("http://x","y")';
    lead(ids[0] as number).company = '+55 11 99999-0000';
    runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'addTags', params: { tags: 'vip' } });
    expect(world.details()).toEqual(['+ vip', '+ vip']);
    const formulas = world.runtime.sheet(SHEET).getFormulas().flat();
    expect(formulas.every((f) => f === '')).toBe(true);
    runJob(world, 'crmLeadActions', { sheet: SHEET, action: 'delete', confirm: 2 });
    const backup = world.runtime.workbook.sheets.find((s) => s.name.startsWith('CRM Backup'));
    expect(
      backup
        ?.getFormulas()
        .flat()
        .every((f) => f === ''),
    ).toBe(true);
    expect(backup?.getValues().flat()).toContain('=HYPERLINK("http://x","y")');
  });
});
