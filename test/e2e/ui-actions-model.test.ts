import { describe, expect, it } from 'vitest';
import {
  ACTION_PARAMS,
  ACTIONS,
  type ActionName,
  type ActionsForm,
  actionOptionsOf,
  type Columns,
  choiceFromValue,
  choiceValue,
  DEFAULT,
  defaultLead,
  keepChoice,
  keepLead,
  leadFromOption,
  leadOptionValue,
  messagePlaceholders,
  type ParamChoice,
  type ParamSpec,
  pickerOptions,
  pickerValues,
  type Setup,
  sameOptions,
  UNSET,
  unknownPlaceholders,
} from '../../src/ui/actions/model';
import {
  afterNotes,
  confirmText,
  costText,
  deleteConfirmed,
  moreRowsText,
  type PreviewAnswer,
  previewLines,
  revertConfirmText,
  revertHint,
  runText,
  sampleParts,
  typedCount,
  undoText,
} from '../../src/ui/actions/preview';
import { describeJob } from '../../src/ui/jobs/model';
import { EN_WORDS, PT_WORDS } from './ui-words';

/** The Lead actions sidebar's pure half: pickers, crmLeadActions options, preview wording. */

const SETUP: Setup = {
  pipelines: [
    {
      id: 1,
      name: 'Vendas',
      stages: [
        { id: 1, name: 'Novo', isWon: false, isLost: false },
        { id: 2, name: 'Qualificado', isWon: false, isLost: false },
        { id: 3, name: 'Proposta', isWon: false, isLost: false },
        { id: 5, name: 'Ganho', isWon: true, isLost: false },
        { id: 6, name: 'Perdido', isWon: false, isLost: true },
      ],
    },
    {
      id: 2,
      name: 'Pós-venda',
      stages: [
        { id: 7, name: 'Onboarding', isWon: false, isLost: false },
        { id: 10, name: 'Renovado', isWon: true, isLost: false },
        { id: 11, name: 'Cancelado', isWon: false, isLost: true },
      ],
    },
  ],
  lostReasons: [
    { id: 1, name: 'Preço' },
    { id: 2, name: 'Concorrente' },
  ],
  sequences: [
    { id: 1, name: 'Boas-vindas', isActive: true },
    { id: 3, name: 'Antiga', isActive: false },
  ],
  instances: [
    { id: 1, name: 'Comercial (QR)', provider: 'unofficial' },
    { id: 2, name: 'Atendimento Oficial', provider: 'cloud_api' },
  ],
};

const COLUMNS: Columns = {
  headers: ['CRM Lead ID', 'Nome', 'Valor', 'Etapa nova'],
  leadIdColumn: 'CRM Lead ID',
};

const list = (value: string): ParamChoice => ({ kind: 'list', value });
const column = (header: string): ParamChoice => ({ kind: 'column', header });
const typed = (text: string): ParamChoice => ({ kind: 'fixed', text });

function form(action: ActionName | undefined, params: ActionsForm['params'] = {}): ActionsForm {
  return { sheet: 'Ações', action, lead: defaultLead(COLUMNS), params };
}

const optionsOf = (f: ActionsForm) => actionOptionsOf(f, COLUMNS, EN_WORDS.t);
const spec = (action: ActionName, name: string): ParamSpec => {
  const found = ACTION_PARAMS[action].find((s) => s.name === name);
  if (!found) throw new Error(`${action} has no ${name}`);
  return found;
};

describe('actionOptionsOf: the form as crmLeadActions options', () => {
  it('stage: a stage by name in each lead’s own pipeline, leads by the id column', () => {
    expect(optionsOf(form('stage', { stage: list('Proposta') }))).toEqual({
      sheet: 'Ações',
      action: 'stage',
      params: { stage: 'Proposta' },
      leadIdColumn: 'CRM Lead ID',
    });
  });

  it('stage: a pipeline from the list, the stage from a column', () => {
    expect(
      optionsOf(form('stage', { pipeline: list('Pós-venda'), stage: column('Etapa nova') })).params,
    ).toEqual({ pipeline: 'Pós-venda', stage: { column: 'Etapa nova' } });
  });

  it('won: the default stage is left out, a typed value is sent as typed', () => {
    expect(optionsOf(form('won', { value: typed(' R$ 1.234,56 ') })).params).toEqual({
      value: 'R$ 1.234,56',
    });
    expect(optionsOf(form('won', { value: column('Valor') })).params).toEqual({
      value: { column: 'Valor' },
    });
    expect(optionsOf(form('won')).params).toEqual({});
  });

  it('lost: a won/lost stage and a reason from the lists', () => {
    expect(
      optionsOf(form('lost', { stage: list('Cancelado'), reason: list('Preço') })).params,
    ).toEqual({ stage: 'Cancelado', reason: 'Preço' });
  });

  it('tags: typed text or a column', () => {
    expect(optionsOf(form('addTags', { tags: typed('vip; evento') })).params).toEqual({
      tags: 'vip; evento',
    });
    expect(optionsOf(form('removeTags', { tags: column('Nome') })).params).toEqual({
      tags: { column: 'Nome' },
    });
  });

  it('enroll / unenroll: a sequence by name', () => {
    expect(optionsOf(form('enroll', { sequence: list('Boas-vindas') })).params).toEqual({
      sequence: 'Boas-vindas',
    });
  });

  it('message: the text as written and the number as an id; no number is the primary one', () => {
    const text = 'Olá {{Nome}}, tudo bem?';
    expect(optionsOf(form('message', { text: typed(text), instanceId: list('2') })).params).toEqual(
      { text, instanceId: 2 },
    );
    expect(optionsOf(form('message', { text: typed(text) })).params).toEqual({ text });
  });

  it('delete: no parameter; a lookup by e-mail when no id column is picked', () => {
    const f: ActionsForm = { ...form('delete'), lead: { kind: 'match', matchBy: 'email' } };
    expect(optionsOf(f)).toEqual({
      sheet: 'Ações',
      action: 'delete',
      params: {},
      matchBy: 'email',
    });
  });

  it('says what to pick first, every problem at once', () => {
    expect(() => optionsOf({ ...form('stage'), sheet: '' })).toThrow('Pick a sheet.');
    expect(() => optionsOf(form(undefined))).toThrow('Pick an action.');
    expect(() => optionsOf(form('stage'))).toThrow('Pick a value for “Stage”.');
    expect(() => optionsOf(form('addTags', { tags: typed('  ') }))).toThrow(
      'Type a value for “Tags”, or pick a column.',
    );
    expect(() => optionsOf(form('enroll'))).toThrow('Pick a value for “Sequence”.');
    expect(() => optionsOf(form('message'))).toThrow('Write the message.');
  });

  it('a message placeholder must name a column, blind to case and accents', () => {
    expect(() =>
      optionsOf(form('message', { text: typed('Oi {{nome}}, {{VALOR}}') })),
    ).not.toThrow();
    expect(() => optionsOf(form('message', { text: typed('Oi {{Nome}} {{Pedido}}') }))).toThrow(
      'The message names {{Pedido}}, but the sheet has no such column',
    );
    expect(messagePlaceholders('{{ A }} {{B}} {{A}}')).toEqual(['A', 'B']);
    expect(unknownPlaceholders('{{Etapa Nova}} {{etapa_nova}}', COLUMNS.headers)).toEqual([]);
  });

  it('the problems are in Portuguese for a Portuguese user', () => {
    expect(() => actionOptionsOf(form('stage'), COLUMNS, PT_WORDS.t)).toThrow(
      'Escolha um valor para “Etapa”.',
    );
  });

  it('two forms that ask for the same run have the same options', () => {
    const a = optionsOf(form('stage', { stage: list('Proposta') }));
    const b = optionsOf(form('stage', { stage: list('Proposta') }));
    const c = optionsOf(form('stage', { stage: list('Novo') }));
    expect(sameOptions(a, b)).toBe(true);
    expect(sameOptions(a, c)).toBe(false);
    expect(sameOptions(a, undefined)).toBe(false);
  });
});

describe('pickers', () => {
  const options = (action: ActionName, name: string, f = form(action)) =>
    pickerOptions(spec(action, name), f, SETUP, COLUMNS, EN_WORDS.t);

  it('stage: every pipeline’s stages while the pipeline is each lead’s own; then the chosen one’s', () => {
    expect(options('stage', 'stage').groups.map((g) => g.label)).toEqual([
      'Vendas',
      'Pós-venda',
      'From a column, row by row',
    ]);
    const chosen = options('stage', 'stage', form('stage', { pipeline: list('Pós-venda') }));
    expect(chosen.groups.map((g) => g.label)).toEqual(['Pós-venda', 'From a column, row by row']);
    expect(chosen.groups[0]?.options.map((o) => o.label)).toEqual([
      'Onboarding',
      'Renovado',
      'Cancelado',
    ]);
    expect(chosen.options).toEqual([{ value: '', label: '— pick one —' }]);
  });

  it('won and lost offer only won or lost stages, after the documented default', () => {
    const won = options('won', 'stage');
    expect(won.options[0]).toEqual({
      value: 'default',
      label: 'The won stage of each lead’s pipeline',
    });
    expect(won.groups.slice(0, 2).map((g) => g.options.map((o) => o.label))).toEqual([
      ['Ganho'],
      ['Renovado'],
    ]);
    expect(
      options('lost', 'stage')
        .groups.slice(0, 2)
        .map((g) => g.options[0]?.label),
    ).toEqual(['Perdido', 'Cancelado']);
  });

  it('an inactive sequence is shown but cannot be picked to enroll; it can to unenroll', () => {
    const enroll = options('enroll', 'sequence').groups[0]?.options ?? [];
    expect(enroll.map((o) => [o.label, o.disabled])).toEqual([
      ['Boas-vindas', false],
      ['Antiga (inactive)', true],
    ]);
    const unenroll = options('unenroll', 'sequence').groups[0]?.options ?? [];
    expect(unenroll.map((o) => o.disabled)).toEqual([false, false]);
  });

  it('typed text is offered where the parameter takes it, columns where a row may give it', () => {
    expect(options('won', 'value').options.map((o) => o.value)).toEqual(['default', 'fixed']);
    expect(options('message', 'instanceId').groups.map((g) => g.label)).toEqual(['Numbers']);
    expect(options('addTags', 'tags').groups[0]?.options.map((o) => o.label)).toEqual(
      COLUMNS.headers.map((h) => `Column: ${h}`),
    );
  });

  it('a choice survives a change only while its picker still offers it', () => {
    const stage = spec('stage', 'stage');
    const inVendas = pickerOptions(
      stage,
      form('stage', { pipeline: list('Vendas') }),
      SETUP,
      COLUMNS,
      EN_WORDS.t,
    );
    expect(keepChoice(list('Proposta'), stage, inVendas)).toEqual(list('Proposta'));
    expect(keepChoice(list('Onboarding'), stage, inVendas)).toEqual(UNSET);
    const noValor = { headers: ['Nome'], leadIdColumn: null };
    const value = spec('won', 'value');
    const picker = pickerOptions(value, form('won'), SETUP, noValor, EN_WORDS.t);
    expect(keepChoice(column('Valor'), value, picker)).toEqual(DEFAULT);
    expect(keepChoice(typed('100'), value, picker)).toEqual(typed('100'));
    // A disabled option (an inactive sequence to enroll in) is not a value the picker holds.
    const sequence = spec('enroll', 'sequence');
    const sequences = pickerOptions(sequence, form('enroll'), SETUP, COLUMNS, EN_WORDS.t);
    expect(pickerValues(sequences)).not.toContain('list:Antiga');
    expect(keepChoice(list('Antiga'), sequence, sequences)).toEqual(UNSET);
  });

  it('select values stand for their choices', () => {
    for (const choice of [list('Proposta'), column('Valor'), DEFAULT, UNSET]) {
      expect(choiceFromValue(choiceValue(choice), '')).toEqual(choice);
    }
    expect(choiceFromValue('fixed', 'vip')).toEqual(typed('vip'));
  });

  it('the lead: the sheet’s id column by default; a column that is gone falls back to it', () => {
    expect(defaultLead(COLUMNS)).toEqual({ kind: 'column', header: 'CRM Lead ID' });
    expect(defaultLead({ headers: ['Nome'], leadIdColumn: null })).toEqual({
      kind: 'match',
      matchBy: 'email_or_phone',
    });
    expect(keepLead({ kind: 'column', header: 'Old' }, COLUMNS)).toEqual(defaultLead(COLUMNS));
    for (const choice of [
      { kind: 'column', header: 'Lead' } as const,
      { kind: 'match', matchBy: 'phone' } as const,
    ]) {
      expect(leadFromOption(leadOptionValue(choice))).toEqual(choice);
    }
  });

  it('every action has its words in both languages', () => {
    for (const action of ACTIONS) {
      for (const words of [EN_WORDS, PT_WORDS]) {
        const texts = [
          words.t(`ui.actions.action.${action}`),
          words.t(`ui.actions.hint.${action}`),
          undoText(action, words.t),
          ...ACTION_PARAMS[action].map((s) => words.t(s.label)),
        ];
        for (const text of texts) expect(text, `${action} (${words.lang})`).not.toMatch(/^ui\./);
      }
    }
  });
});

function preview(overrides: Partial<PreviewAnswer> = {}): PreviewAnswer {
  return {
    jobId: 'job-1',
    action: 'stage',
    counts: { WILL_CHANGE: 42, NO_CHANGE: 5, WILL_FAIL: 2, NOT_FOUND: 1 },
    rows: 50,
    writeRequests: 42,
    readRequests: 1,
    seconds: 44,
    sample: [
      { row: 2, status: 'WILL_CHANGE', detail: 'Qualificado → Proposta' },
      { row: 3, status: 'NO_CHANGE', detail: 'already in Proposta' },
      { row: 4, status: 'WILL_FAIL', detail: 'Blocked: pending tasks (Enviar proposta)' },
      { row: 5, status: 'NOT_FOUND', detail: 'No CRM lead has this id.' },
    ],
    ...overrides,
  };
}

describe('preview wording', () => {
  it('counts in reading order, each with what it means', () => {
    expect(previewLines(preview().counts, EN_WORDS.t)).toEqual([
      { status: 'WILL_CHANGE', count: 42, meaning: 'will change' },
      { status: 'NO_CHANGE', count: 5, meaning: 'already so: no request' },
      { status: 'WILL_FAIL', count: 2, meaning: 'will fail: the reasons are below' },
      { status: 'NOT_FOUND', count: 1, meaning: 'have no lead in the CRM' },
    ]);
    expect(previewLines({ WILL_CHANGE: 3, CHANGED_SINCE: 1 }, PT_WORDS.t, 'revert')).toEqual([
      { status: 'WILL_CHANGE', count: 3, meaning: 'vão voltar ao que eram antes da execução' },
      {
        status: 'CHANGED_SINCE',
        count: 1,
        meaning: 'mudaram depois da execução: ficam como estão',
      },
    ]);
    expect(previewLines({ ODD: 1, WILL_CHANGE: 0 }, EN_WORDS.t)).toEqual([
      { status: 'ODD', count: 1, meaning: '' },
    ]);
  });

  it('the cost: every request (writes, reads, the scope check) and the time at 60 a minute', () => {
    expect(costText(preview(), EN_WORDS)).toBe(
      '44 requests: under a minute at 60 requests a minute',
    );
    expect(costText(preview({ writeRequests: 150, readRequests: 1, seconds: 152 }), PT_WORDS)).toBe(
      '152 requisições: cerca de 3 min a 60 requisições por minuto',
    );
    expect(
      costText(preview({ writeRequests: 1000, readRequests: 5, seconds: 1006 }), EN_WORDS),
    ).toBe('1,006 requests: about 17 min at 60 requests a minute');
    expect(costText(preview({ writeRequests: 0, readRequests: 0, seconds: 1 }), EN_WORDS)).toBe(
      '1 request: under a minute at 60 requests a minute',
    );
  });

  it('splits the sample into before → after and what will not change', () => {
    const { changes, problems } = sampleParts(preview());
    expect(changes.map((r) => r.detail)).toEqual(['Qualificado → Proposta']);
    expect(problems.map((r) => r.status)).toEqual(['WILL_FAIL', 'NOT_FOUND']);
    expect(moreRowsText(preview(), EN_WORDS)).toBe(
      '… and 46 more rows: each has its line in CRM Action Detail.',
    );
    expect(moreRowsText(preview({ rows: 4 }), EN_WORDS)).toBe('');
  });

  it('asks before a run: how many leads, what fails, the cost, and what stays', () => {
    expect(confirmText('won', preview(), 'Ações', EN_WORDS)).toBe(
      'Mark 42 leads of “Ações” as won? 3 rows will not change (see the preview). 44 requests: under a minute at 60 requests a minute. Revert can put each lead back in its stage, but the sale record stays in the CRM.',
    );
    expect(confirmText('message', preview({ counts: { WILL_CHANGE: 1 } }), 'Ações', PT_WORDS)).toBe(
      'Enviar a mensagem para 1 lead de “Ações”? 44 requisições: menos de um minuto a 60 requisições por minuto. Isso não se desfaz: uma mensagem enviada não pode ser recolhida.',
    );
  });

  it('one row that will not change is said in the singular', () => {
    expect(
      confirmText(
        'stage',
        preview({ counts: { WILL_CHANGE: 2, NOT_FOUND: 1 } }),
        'Ações',
        PT_WORDS,
      ),
    ).toMatch(
      /^Mover 2 leads de “Ações” para a nova etapa\? 1 linha não vai mudar \(veja a prévia\)\./,
    );
  });

  it('after a run a revert can put back, it says where Revert is and which run it takes', () => {
    const done = { jobId: 'run-7', counts: { DONE: 3 } };
    expect(revertHint('stage', done, EN_WORDS.t)).toBe(
      'To put these leads back, open “Revert a run” above: it reverts run run-7.',
    );
    expect(revertHint('message', done, EN_WORDS.t)).toBe('');
    expect(revertHint('stage', { jobId: 'run-8', counts: { NO_CHANGE: 3 } }, EN_WORDS.t)).toBe('');
  });

  it('a delete runs only on the exact count typed', () => {
    expect(deleteConfirmed('42', 42)).toBe(true);
    expect(deleteConfirmed(' 1.000 ', 1000)).toBe(true);
    expect(deleteConfirmed('1,000', 1000)).toBe(true);
    expect(deleteConfirmed('41', 42)).toBe(false);
    expect(deleteConfirmed('42 leads', 42)).toBe(false);
    expect(deleteConfirmed('', 42)).toBe(false);
    expect(deleteConfirmed('0', 0)).toBe(false);
    expect(typedCount('abc')).toBeUndefined();
  });

  it('asks before a revert, saying what it leaves as it is and what it cannot undo', () => {
    const revert = preview({
      action: 'revert',
      revertedAction: 'won',
      counts: { WILL_CHANGE: 10, CHANGED_SINCE: 2 },
      writeRequests: 10,
      readRequests: 1,
      seconds: 12,
    });
    expect(revertConfirmText(revert, EN_WORDS)).toBe(
      'Put 10 leads back as they were before the run? 2 leads changed since and will be left as they are. 12 requests: under a minute at 60 requests a minute. The sale records stay in the CRM: a revert moves the leads back, it does not delete a sale.',
    );
    expect(revertConfirmText({ ...revert, revertedAction: undefined }, PT_WORDS)).toMatch(
      /o lead excluído só existe na planilha de backup\.$/,
    );
  });

  it('after a run: a note for each status a person must act on, singular and plural', () => {
    expect(afterNotes({ DONE: 40, UNCERTAIN: 1, BLOCKED: 2, SKIPPED: 0 }, EN_WORDS)).toEqual([
      '1 row is UNCERTAIN: the CRM did not say whether it was done. It is never repeated blindly: run again, and the job reads the lead back first.',
      '2 rows are BLOCKED: their stage has mandatory tasks pending (CRM Action Detail names them). Finish them in the CRM and run again.',
    ]);
    expect(afterNotes({ DONE: 3 }, PT_WORDS)).toEqual([]);
    expect(afterNotes({ REVERTED: 3, NOT_REVERSIBLE: 2 }, PT_WORDS)).toEqual([
      '2 linhas não puderam ser devolvidas (NOT_REVERSIBLE): CRM Action Detail diz por quê.',
    ]);
  });

  it('names the last run by its action and id', () => {
    expect(runText({ runId: 'abc', action: 'stage', state: 'done' }, PT_WORDS.t)).toBe(
      'Última execução: Mover para uma etapa (execução abc)',
    );
  });
});

describe('the Jobs sidebar', () => {
  it('names lead actions runs and reverts in both languages', () => {
    const job = (kind: string) => ({
      jobId: 'job-1',
      kind,
      state: 'done' as const,
      total: 3,
      done: 3,
      counts: { DONE: 3 },
      message: '',
    });
    expect(describeJob(job('leadActions'), EN_WORDS).kind).toBe('Lead actions');
    expect(describeJob(job('leadActionsRevert'), EN_WORDS).kind).toBe('Revert of lead actions');
    expect(describeJob(job('leadActions'), PT_WORDS).kind).toBe('Ações em leads');
    expect(describeJob(job('leadActionsRevert'), PT_WORDS).kind).toBe('Reversão de ações em leads');
  });
});

describe('column pickers of an export sheet', () => {
  // An English export (or a sheet pasted from the API) has raw column names; a Portuguese one
  // already has Portuguese headers, which stay as they are.
  const exported: Columns = {
    headers: ['id', 'name', 'created_at', 'Criado em', 'Valor'],
    leadIdColumn: 'id',
  };
  const labels = (words: typeof PT_WORDS) =>
    pickerOptions(spec('won', 'value'), form('won'), SETUP, exported, words.t, words.lang)
      .groups.find((g) => g.options.some((o) => o.value.endsWith('created_at')))
      ?.options.map((o) => o.label);

  it('name a raw column in Portuguese for a Portuguese-speaking person, keeping its header', () => {
    expect(labels(PT_WORDS)).toEqual([
      'Coluna: id',
      'Coluna: Nome (name)',
      'Coluna: Criado em (created_at)',
      'Coluna: Criado em',
      'Coluna: Valor',
    ]);
  });

  it('leave the headers as they are for an English-speaking person', () => {
    expect(labels(EN_WORDS)).toEqual([
      'Column: id',
      'Column: name',
      'Column: created_at',
      'Column: Criado em',
      'Column: Valor',
    ]);
  });
});
