import { describe, expect, it } from 'vitest';
import { call, DEMO, DEMO_NOW, makeSandbox } from './helpers';

const vendas = DEMO.pipelines.vendas;

describe('PUT /leads/{id}/stage', () => {
  it('moves the lead and answers {success, lead_id}', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/stage`, {
      body: { stage_id: DEMO.stages.negociacao, pipeline_id: vendas },
    });
    expect(answer.json).toEqual({ success: true, lead_id: DEMO.leads.windowOpen });
    const lead = call(sandbox, 'GET', `/leads/${DEMO.leads.windowOpen}`).json.lead;
    expect(lead.stage).toEqual({ id: DEMO.stages.negociacao, name: 'Negociação' });
    expect(lead.updated_at).toBe(new Date(DEMO_NOW).toISOString());
  });

  it('moves across pipelines', () => {
    const { sandbox } = makeSandbox();
    call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/stage`, {
      body: { stage_id: DEMO.stages.ativo, pipeline_id: DEMO.pipelines.posVenda },
    });
    const lead = sandbox.state.leads.find((l) => l.id === DEMO.leads.windowOpen);
    expect([lead?.pipeline_id, lead?.stage_id]).toEqual([
      DEMO.pipelines.posVenda,
      DEMO.stages.ativo,
    ]);
  });

  it.each([
    [{}, ['pipeline_id', 'stage_id']],
    [{ stage_id: DEMO.stages.novo }, ['pipeline_id']],
    [{ stage_id: DEMO.stages.onboarding, pipeline_id: vendas }, ['stage_id']],
    [{ stage_id: 9999, pipeline_id: vendas }, ['stage_id']],
    [{ stage_id: DEMO.stages.novo, pipeline_id: 9999 }, ['pipeline_id']],
  ])('rejects %j', (body, fields) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/stage`, { body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.errors).sort()).toEqual(fields);
  });

  it('is blocked by mandatory pending tasks of the current stage: 422 blocked with pending_tasks', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.blocked}/stage`, {
      body: { stage_id: DEMO.stages.negociacao, pipeline_id: vendas },
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({
      success: false,
      blocked: true,
      pending_tasks: [{ subject: 'Enviar proposta', type: 'proposal' }],
    });
    expect(answer.json.pending_tasks[0]).toEqual({
      id: expect.any(Number),
      subject: 'Enviar proposta',
      type: 'proposal',
    });
    expect(sandbox.state.leads.find((l) => l.id === DEMO.leads.blocked)?.stage_id).toBe(
      DEMO.stages.proposta,
    );
  });

  it('completing the pending tasks unblocks the move', () => {
    const { sandbox } = makeSandbox();
    const blocked = call(sandbox, 'PUT', `/leads/${DEMO.leads.blocked}/stage`, {
      body: { stage_id: DEMO.stages.negociacao, pipeline_id: vendas },
    });
    for (const task of blocked.json.pending_tasks) {
      expect(call(sandbox, 'PATCH', `/tasks/${task.id}/complete`).json.task.status).toBe(
        'completed',
      );
    }
    const moved = call(sandbox, 'PUT', `/leads/${DEMO.leads.blocked}/stage`, {
      body: { stage_id: DEMO.stages.negociacao, pipeline_id: vendas },
    });
    expect(moved.status).toBe(200);
  });

  it("entering a stage gives the lead that stage's required tasks, which then block leaving it", () => {
    const { sandbox } = makeSandbox();
    call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/stage`, {
      body: { stage_id: DEMO.stages.proposta, pipeline_id: vendas },
    });
    const tasks = call(sandbox, 'GET', `/leads/${DEMO.leads.windowOpen}?include=tasks`).json.lead
      .tasks;
    expect(tasks.map((t: { subject: string; status: string }) => [t.subject, t.status])).toEqual([
      ['Enviar proposta', 'pending'],
      ['Agendar reunião de apresentação', 'pending'],
    ]);
    const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/stage`, {
      body: { stage_id: DEMO.stages.novo, pipeline_id: vendas },
    });
    expect(answer.json.pending_tasks).toHaveLength(2);
  });

  it('moving to the stage the lead is already in changes nothing, even when blocked', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.blocked}/stage`, {
      body: { stage_id: DEMO.stages.proposta, pipeline_id: vendas },
    });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['won', DEMO.stages.ganho, 'sales'],
    ['lost', DEMO.stages.perdido, 'lostSales'],
  ] as const)('a move into the %s stage records a %s row', (_label, stageId, table) => {
    const { sandbox } = makeSandbox();
    const before = sandbox.state[table].length;
    call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/stage`, {
      body: { stage_id: stageId, pipeline_id: vendas },
    });
    expect(sandbox.state[table].length).toBe(before + 1);
    expect(sandbox.state[table].at(-1)).toMatchObject({
      lead_id: DEMO.leads.windowOpen,
      pipeline_id: vendas,
    });
  });
});

describe('PUT /leads/{id}/won and /lost', () => {
  it('won records a sale with the body value', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/won`, {
      body: { stage_id: DEMO.stages.ganho, value: 9999.9 },
    });
    expect(answer.json).toEqual({ success: true, lead_id: DEMO.leads.windowOpen });
    const lead = call(sandbox, 'GET', `/leads/${DEMO.leads.windowOpen}?include=sales`).json.lead;
    expect(lead.status).toBe('won');
    expect(lead.sales).toEqual([
      {
        id: expect.any(Number),
        pipeline_id: vendas,
        value: 9999.9,
        closed_by: DEMO.users.admin,
        closed_at: new Date(DEMO_NOW).toISOString(),
      },
    ]);
  });

  it("won without value records the lead's value", () => {
    const { sandbox } = makeSandbox();
    call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/won`, {
      body: { stage_id: DEMO.stages.ganho },
    });
    expect(sandbox.state.sales.at(-1)).toMatchObject({
      lead_id: DEMO.leads.windowOpen,
      value: 4500,
    });
  });

  it('won into a stage that is not a won stage: 422 with the documented message', () => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/won`, {
      body: { stage_id: DEMO.stages.negociacao },
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      success: false,
      message: 'A etapa informada não é uma etapa de ganho.',
    });
  });

  it('won and lost are blocked by pending mandatory tasks', () => {
    const { sandbox } = makeSandbox();
    for (const [path, stageId] of [
      ['won', DEMO.stages.ganho],
      ['lost', DEMO.stages.perdido],
    ] as const) {
      const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.blocked}/${path}`, {
        body: { stage_id: stageId },
      });
      expect(answer.status).toBe(422);
      expect(answer.json.blocked).toBe(true);
    }
    expect(sandbox.state.sales.some((s) => s.lead_id === DEMO.leads.blocked)).toBe(false);
  });

  it('lost records a loss with the reason', () => {
    const { sandbox } = makeSandbox();
    call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/lost`, {
      body: { stage_id: DEMO.stages.perdido, reason_id: DEMO.lostReasons.concorrente },
    });
    const lead = call(sandbox, 'GET', `/leads/${DEMO.leads.windowOpen}?include=sales`).json.lead;
    expect(lead.lost_sales).toEqual([
      {
        id: expect.any(Number),
        pipeline_id: vendas,
        reason_id: DEMO.lostReasons.concorrente,
        lost_at: new Date(DEMO_NOW).toISOString(),
        lost_by: DEMO.users.admin,
      },
    ]);
  });

  it.each([
    [{ stage_id: DEMO.stages.ganho }, 'A etapa informada não é uma etapa de perda.'],
    [{ stage_id: DEMO.stages.perdido, reason_id: 6 }, undefined],
    [{}, undefined],
  ])('lost rejects %j', (body, message) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/lost`, { body });
    expect(answer.status).toBe(422);
    if (message) expect(answer.json.message).toBe(message);
    else expect(answer.json.errors).toBeDefined();
  });

  it('marking won twice records one sale (retry-safe)', () => {
    const { sandbox } = makeSandbox();
    for (let i = 0; i < 2; i++)
      call(sandbox, 'PUT', `/leads/${DEMO.leads.windowOpen}/won`, {
        body: { stage_id: DEMO.stages.ganho },
      });
    expect(sandbox.state.sales.filter((s) => s.lead_id === DEMO.leads.windowOpen)).toHaveLength(1);
  });
});

describe('won/lost stages on creation', () => {
  it.each([
    [
      'POST /leads into a won stage',
      '/leads',
      { name: 'Venda direta', pipeline_id: vendas, stage_id: DEMO.stages.ganho, value: 700 },
      'sales',
    ],
    [
      'POST /leads into a lost stage',
      '/leads',
      { name: 'Perda direta', pipeline_id: vendas, stage_id: DEMO.stages.perdido },
      'lostSales',
    ],
    [
      'upsert creating into a won stage',
      '/leads/upsert',
      { name: 'U', email: 'u@example.com', stage_id: DEMO.stages.renovado },
      'sales',
    ],
  ] as const)('%s creates the %s row', (_label, path, body, table) => {
    const { sandbox } = makeSandbox();
    const answer = call(sandbox, 'POST', path, { body });
    expect(answer.status).toBe(201);
    const rows = sandbox.state[table].filter((r) => r.lead_id === answer.json.lead.id);
    expect(rows).toHaveLength(1);
    if (table === 'sales')
      expect(sandbox.state.sales.at(-1)?.value).toBe('value' in body ? body.value : 0);
  });
});

describe('sequence enrollment', () => {
  it('enrolls into an active sequence: status active and next_step_at set', () => {
    const { sandbox } = makeSandbox();
    const enrolled =
      sandbox.state.nurtureSequences.find((s) => s.id === DEMO.sequences.reengajamento)
        ?.stats_enrolled ?? 0;
    const answer = call(sandbox, 'POST', `/leads/${DEMO.leads.windowOpen}/enroll-sequence`, {
      body: { sequence_id: DEMO.sequences.reengajamento },
    });
    expect(answer.json).toEqual({
      success: true,
      lead_id: DEMO.leads.windowOpen,
      sequence_id: DEMO.sequences.reengajamento,
      lead_sequence_id: expect.any(Number),
      status: 'active',
      next_step_at: new Date(DEMO_NOW + 24 * 3_600_000).toISOString(),
    });
    const list = call(sandbox, 'GET', '/nurture-sequences').json.data;
    expect(
      list.find((s: { id: number }) => s.id === DEMO.sequences.reengajamento).stats_enrolled,
    ).toBe(enrolled + 1);
  });

  it('refuses an inactive sequence and a second active enrollment', () => {
    const { sandbox } = makeSandbox();
    const inactive = call(sandbox, 'POST', `/leads/${DEMO.leads.windowOpen}/enroll-sequence`, {
      body: { sequence_id: DEMO.sequences.inactive },
    });
    expect(inactive.status).toBe(422);
    expect(inactive.json.message).toMatch(/inativa/);
    const again = call(sandbox, 'POST', `/leads/${DEMO.leads.enrolled}/enroll-sequence`, {
      body: { sequence_id: DEMO.sequences.boasVindas },
    });
    expect(again.status).toBe(422);
    const missing = call(sandbox, 'POST', `/leads/${DEMO.leads.enrolled}/enroll-sequence`, {
      body: { sequence_id: DEMO.sequences.other },
    });
    expect(missing.json.errors.sequence_id).toBeDefined();
  });

  it('exit sets exited_manual; the lead can then enroll again; a second exit is 404', () => {
    const { sandbox } = makeSandbox();
    const path = `/leads/${DEMO.leads.enrolled}/enroll-sequence`;
    const exit = call(sandbox, 'DELETE', `${path}/${DEMO.sequences.boasVindas}`);
    expect(exit.json).toEqual({
      success: true,
      lead_id: DEMO.leads.enrolled,
      sequence_id: DEMO.sequences.boasVindas,
      status: 'exited_manual',
    });
    const lead = call(sandbox, 'GET', `/leads/${DEMO.leads.enrolled}?include=sequences`).json.lead;
    expect(lead.active_sequence).toBeNull();
    expect(lead.sequences[0]).toMatchObject({ status: 'exited_manual', next_step_at: null });
    expect(call(sandbox, 'DELETE', `${path}/${DEMO.sequences.boasVindas}`).status).toBe(404);
    expect(
      call(sandbox, 'POST', path, { body: { sequence_id: DEMO.sequences.boasVindas } }).json.status,
    ).toBe('active');
  });

  it('include=sequences shows the active sequence', () => {
    const { sandbox } = makeSandbox();
    const lead = call(sandbox, 'GET', `/leads/${DEMO.leads.enrolled}?include=sequences`).json.lead;
    expect(lead.active_sequence).toEqual({
      id: DEMO.sequences.boasVindas,
      name: 'Boas-vindas',
      current_step: 2,
      total_steps: 5,
      status: 'active',
    });
  });
});
