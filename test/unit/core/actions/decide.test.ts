import { describe, expect, it } from 'vitest';
import { type DecideContext, decideRow, fillText } from '../../../../src/core/actions/decide';
import type { ActionEntry } from '../../../../src/core/actions/entry';
import { nextMove } from '../../../../src/core/actions/kind';
import { holdFromTasks, pendingBlock } from '../../../../src/core/actions/reference';
import { revertMove } from '../../../../src/core/actions/revert';
import type {
  ActionReference,
  LeadActionName,
  LeadActionParams,
} from '../../../../src/core/actions/types';
import { translator } from '../../../../src/core/i18n';

const REF: ActionReference = {
  pipelines: [
    {
      id: 1,
      name: 'Vendas',
      stages: [
        { id: 1, name: 'Novo', won: false, lost: false },
        { id: 2, name: 'Qualificado', won: false, lost: false },
        { id: 3, name: 'Proposta', won: false, lost: false },
        { id: 5, name: 'Ganho', won: true, lost: false },
        { id: 6, name: 'Perdido', won: false, lost: true },
      ],
    },
    { id: 2, name: 'Pós-venda', stages: [{ id: 7, name: 'Onboarding', won: false, lost: false }] },
  ],
  lostReasons: [{ id: 4, name: 'Sem resposta' }],
  sequences: [
    { id: 1, name: 'Boas-vindas', active: true },
    { id: 3, name: 'Black Friday', active: false },
  ],
};
const t = translator('en');
const ctx = (action: LeadActionName, params: LeadActionParams = {}): DecideContext => ({
  action,
  params,
  ref: REF,
  t,
});
const lead = (
  extra: Partial<ActionEntry['b']> = {},
  entry: Partial<ActionEntry> = {},
): ActionEntry => ({
  k: '#9',
  i: 9,
  b: { p: 1, s: 2, ...extra },
  ...entry,
});

describe('stage', () => {
  it('says before → after in the stage names, and makes one PUT', () => {
    expect(decideRow(ctx('stage', { stage: 'proposta' }), lead())).toEqual({
      kind: 'change',
      words: 'Qualificado → Proposta',
      requests: [{ op: 'stage', stageId: 3, pipelineId: 1 }],
    });
  });
  it('names both pipelines when the lead changes pipeline', () => {
    const d = decideRow(ctx('stage', { stage: 'Onboarding', pipeline: 'Pós-venda' }), lead());
    expect(d.kind === 'change' && d.words).toBe('Vendas: Qualificado → Pós-venda: Onboarding');
  });
  it('is NO_CHANGE when already there, and a stage of another pipeline fails', () => {
    expect(decideRow(ctx('stage', { stage: 'Qualificado' }), lead()).kind).toBe('same');
    expect(decideRow(ctx('stage', { stage: 'Onboarding' }), lead()).kind).toBe('fail');
  });
  it('takes the stage from the row’s cell', () => {
    const d = decideRow(
      ctx('stage', { stage: { column: 'Etapa' } }),
      lead({}, { c: { stage: 'Novo' } }),
    );
    expect(d.kind === 'change' && d.requests).toEqual([{ op: 'stage', stageId: 1, pipelineId: 1 }]);
  });
});

describe('won and lost', () => {
  it('issue 29 item 7: the won value reads as money in the job’s language, not as 9500.5', () => {
    const pt: DecideContext = {
      ...ctx('won', { value: '9500.5' }),
      t: translator('pt'),
      locale: 'pt',
    };
    const d = decideRow(pt, lead({ s: 3 }));
    expect(d.kind === 'change' && d.words).toBe('Proposta → Ganho (R$\u00a09.500,50)');
    const en = decideRow({ ...ctx('won', { value: 9500.5 }), locale: 'en' }, lead({ s: 3 }));
    expect(en.kind === 'change' && en.words).toBe('Proposta → Ganho (R$9,500.50)');
  });
  it('won defaults to the only won stage and carries the value', () => {
    const d = decideRow(ctx('won', { value: 'R$ 1.234,56' }), lead());
    expect(d.kind === 'change' && d.requests).toEqual([{ op: 'won', stageId: 5, value: 1234.56 }]);
  });
  it('a stage that is not a won stage fails before any request', () => {
    const d = decideRow(ctx('won', { stage: 'Proposta' }), lead());
    expect(d).toMatchObject({ kind: 'fail', status: 'FAILED' });
  });
  it('lost takes a reason by name; an unknown reason fails', () => {
    const d = decideRow(ctx('lost', { reason: 'sem resposta' }), lead());
    expect(d.kind === 'change' && d.requests).toEqual([{ op: 'lost', stageId: 6, reasonId: 4 }]);
    expect(decideRow(ctx('lost', { reason: 'Caro' }), lead()).kind).toBe('fail');
  });
  it('a lead already won is NO_CHANGE', () => {
    expect(decideRow(ctx('won'), lead({ s: 5 })).kind).toBe('same');
  });
});

describe('mandatory tasks of the lead’s stage', () => {
  const withTasks: ActionReference = {
    ...REF,
    pipelines: REF.pipelines.map((p) => ({
      ...p,
      stages: p.stages.map((s) =>
        s.id === 2 ? { ...s, required: ['Ligar'] } : { ...s, required: [] },
      ),
    })),
  };
  const tasked = (action: LeadActionName, params: LeadActionParams = {}) => ({
    ...ctx(action, params),
    ref: withTasks,
  });
  it('a pending one blocks a stage move, a won and a lost before any request, naming it', () => {
    const state = { p: 1, s: 2, ...pendingBlock(withTasks, 2, ['Ligar', 'Outra']) };
    expect(state.block).toEqual(['Ligar']);
    for (const [action, params] of [
      ['stage', { stage: 'Proposta' }],
      ['won', {}],
      ['lost', {}],
    ] as const) {
      const d = decideRow(tasked(action, params), { k: '#9', i: 9, b: state });
      expect(d).toEqual({
        kind: 'fail',
        status: 'BLOCKED',
        words: expect.stringContaining('Ligar') as string,
      });
      const preview = nextMove(tasked(action, params), { k: '#9', i: 9, b: state }, true);
      expect(preview.kind === 'final' && preview.status).toBe('WILL_FAIL');
    }
  });
  it('pending tasks the stage does not require block nothing; unknown requirements say “may be blocked”', () => {
    expect(pendingBlock(withTasks, 3, ['Ligar'])).toEqual({ open: ['Ligar'] });
    expect(pendingBlock(REF, 2, ['Ligar'])).toEqual({ mayBlock: ['Ligar'] });
    const d = decideRow(ctx('stage', { stage: 'Proposta' }), lead({ mayBlock: ['Ligar'] }));
    expect(d.kind === 'change' && d.words).toMatch(/may be blocked by pending tasks: Ligar/);
  });
});

describe('tags', () => {
  it('adds only the missing tags in one request', () => {
    const d = decideRow(ctx('addTags', { tags: 'VIP; evento' }), lead({ tags: ['vip'] }));
    expect(d).toEqual({
      kind: 'change',
      words: '+ evento',
      requests: [{ op: 'addTags', tags: ['evento'] }],
    });
  });
  it('removes one request per tag present', () => {
    const d = decideRow(
      ctx('removeTags', { tags: ['vip', 'frio', 'x'] }),
      lead({ tags: ['vip', 'frio'] }),
    );
    expect(d.kind === 'change' && d.requests).toEqual([
      { op: 'removeTag', tag: 'vip' },
      { op: 'removeTag', tag: 'frio' },
    ]);
  });
  it('nothing to change is NO_CHANGE; no tag is SKIPPED', () => {
    expect(decideRow(ctx('removeTags', { tags: 'x' }), lead({ tags: [] })).kind).toBe('same');
    expect(decideRow(ctx('addTags', { tags: { column: 'T' } }), lead({ tags: [] }))).toMatchObject({
      kind: 'fail',
      status: 'SKIPPED',
    });
  });
});

describe('sequences', () => {
  it('enrolls in an active sequence by name, and says so', () => {
    expect(decideRow(ctx('enroll', { sequence: 'boas-vindas' }), lead({ seq: [] }))).toEqual({
      kind: 'change',
      words: '+ Boas-vindas (active)',
      requests: [{ op: 'enroll', sequenceId: 1 }],
    });
  });
  it('an inactive sequence is SKIPPED; enrolled already is NO_CHANGE', () => {
    expect(decideRow(ctx('enroll', { sequence: 'Black Friday' }), lead({ seq: [] }))).toMatchObject(
      { kind: 'fail', status: 'SKIPPED' },
    );
    expect(decideRow(ctx('enroll', { sequence: 1 }), lead({ seq: [1] })).kind).toBe('same');
    expect(decideRow(ctx('unenroll', { sequence: 1 }), lead({ seq: [] })).kind).toBe('same');
  });
});

describe('message and delete', () => {
  it('fills {{Header}} from the row, and refuses empty text or no phone before any request', () => {
    expect(fillText('Oi {{ Nome }}!', { k: 'x', c: { 'h:Nome': 'Ana' } })).toBe('Oi Ana!');
    const m = decideRow(
      ctx('message', { text: 'Oi {{Nome}}' }),
      lead({ phone: true }, { c: { 'h:Nome': 'Ana' } }),
    );
    expect(m.kind === 'change' && m.requests).toEqual([{ op: 'message', body: 'Oi Ana' }]);
    expect(
      decideRow(
        ctx('message', { text: '{{Nome}}' }),
        lead({ phone: true }, { c: { 'h:Nome': '' } }),
      ),
    ).toMatchObject({ status: 'SKIPPED' });
    expect(decideRow(ctx('message', { text: 'Oi' }), lead({ phone: false }))).toMatchObject({
      status: 'SKIPPED',
    });
  });
  it('delete names the lead', () => {
    const d = decideRow(ctx('delete'), lead({ name: 'Ana' }));
    expect(d.kind === 'change' && d.words).toBe('delete "Ana" (#9)');
  });
});

describe('statuses of a row', () => {
  it('preview: WILL_CHANGE / NO_CHANGE / WILL_FAIL / NOT_FOUND, never a request', () => {
    const stage = ctx('stage', { stage: 'Proposta' });
    expect(nextMove(stage, lead(), true)).toMatchObject({ kind: 'final', status: 'WILL_CHANGE' });
    expect(nextMove(stage, lead({ s: 3 }), true)).toMatchObject({ status: 'NO_CHANGE' });
    expect(nextMove(ctx('won', { stage: 'Novo' }), lead(), true)).toMatchObject({
      status: 'WILL_FAIL',
    });
    expect(nextMove(stage, { k: '#9', i: 9, g: 1 }, true)).toMatchObject({ status: 'NOT_FOUND' });
  });
  it('run: the requests one by one, then DONE; a delete of a lead already gone is DONE', () => {
    const remove = ctx('removeTags', { tags: 'a, b' });
    const entry = lead({ tags: ['a', 'b'] });
    expect(nextMove(remove, entry, false)).toMatchObject({
      kind: 'request',
      request: { tag: 'a' },
    });
    expect(nextMove(remove, { ...entry, x: 1 }, false)).toMatchObject({
      kind: 'request',
      request: { tag: 'b' },
    });
    expect(nextMove(remove, { ...entry, x: 2 }, false)).toMatchObject({
      kind: 'final',
      status: 'DONE',
    });
    expect(nextMove(ctx('delete'), { k: '#9', i: 9, g: 1 }, false)).toMatchObject({
      status: 'DONE',
    });
  });
});

describe('revert', () => {
  const moved = { ...lead({ p: 1, s: 2 }), s: 'DONE' };
  const run = ctx('stage', { stage: 'Proposta' });
  it('puts a moved lead back in its recorded stage', () => {
    expect(revertMove(run, { ...moved, n: { p: 1, s: 3 } }, t)).toEqual({
      kind: 'undo',
      words: 'Proposta → Qualificado',
      requests: [{ op: 'stage', stageId: 2, pipelineId: 1 }],
    });
  });
  it('leaves a lead moved since alone (CHANGED_SINCE), and one already back is NO_CHANGE', () => {
    expect(revertMove(run, { ...moved, n: { p: 1, s: 5 } }, t)).toMatchObject({
      status: 'CHANGED_SINCE',
    });
    expect(revertMove(run, { ...moved, n: { p: 1, s: 2 } }, t)).toMatchObject({
      status: 'NO_CHANGE',
    });
  });
  it('a message, a delete and an unenroll are NOT_REVERSIBLE', () => {
    for (const action of ['message', 'delete', 'unenroll'] as const) {
      expect(revertMove(ctx(action), moved, t)).toMatchObject({ status: 'NOT_REVERSIBLE' });
    }
  });
  it('added tags come off; an enrollment is ended', () => {
    const tags = revertMove(
      ctx('addTags', { tags: 'vip' }),
      { ...lead({ tags: [] }), n: { p: 1, s: 2, tags: ['vip'] } },
      t,
    );
    expect(tags).toMatchObject({ kind: 'undo', requests: [{ op: 'removeTag', tag: 'vip' }] });
    const seq = revertMove(
      ctx('enroll', { sequence: 1 }),
      { ...lead({ seq: [] }), n: { p: 1, s: 2, seq: [1] } },
      t,
    );
    expect(seq).toMatchObject({ kind: 'undo', requests: [{ op: 'unenroll', sequenceId: 1 }] });
  });
});

describe('holdFromTasks: the open tasks as the CRM flags them', () => {
  const task = (subject: string, more: Record<string, unknown>) => ({
    subject,
    status: 'pending',
    lead_id: 9,
    stage_id: 3,
    ...more,
  });
  it('a required task of the lead’s stage blocks; others hold nothing; unflagged ones may', () => {
    const state = { p: 1, s: 3, open: ['A', 'B', 'C', 'D', 'E'] };
    const held = holdFromTasks(state, 9, [
      task('A', { is_required: true }),
      task('B', { is_required: false }),
      task('C', { is_required: true, stage_id: 2 }),
      task('D', {}),
      task('E', { is_required: true, lead_id: 8 }),
    ]);
    expect(held).toEqual({ p: 1, s: 3, block: ['A'], mayBlock: ['D'] });
  });
  it('tasks past the page read may hold the move', () => {
    expect(holdFromTasks({ p: 1, s: 3, open: ['A', 'B'] }, 9, [], false)).toEqual({
      p: 1,
      s: 3,
      mayBlock: ['A', 'B'],
    });
  });
});
