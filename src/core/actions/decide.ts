import { cellFault, fillPlaceholders, placeholderNames } from '../cells/read';
import type { Locale, MessageKey, Translate } from '../i18n';
import { formatMoney } from '../i18n/money';
import type { DecimalMark } from '../import/normalize';
import type { ActionEntry } from './entry';
import {
  findLostReason,
  findPipeline,
  findSequence,
  findStage,
  moneyOf,
  paramOf,
  pipelineName,
  pipelineOfStage,
  sameTag,
  stageName,
  tagsOf,
} from './reference';
import type { ActionReference, LeadActionName, LeadActionParams, LeadState } from './types';

/** One write request a row makes; a row may make several (one per tag removed). */
export type ActionRequest =
  | { op: 'stage'; stageId: number; pipelineId: number }
  | { op: 'won'; stageId: number; value?: number }
  | { op: 'lost'; stageId: number; reasonId?: number }
  | { op: 'addTags'; tags: string[] }
  | { op: 'removeTag'; tag: string }
  | { op: 'enroll'; sequenceId: number }
  | { op: 'unenroll'; sequenceId: number }
  | { op: 'message'; body: string; instanceId?: number }
  | { op: 'delete' };

/**
 * What a row calls for, judged on the lead's state (pure): a change with its requests, no
 * change, a failure known before any request (SKIPPED: a rule the CRM would refuse; FAILED: a
 * param that names nothing), or no lead.
 */
export type Decision =
  | { kind: 'change'; words: string; requests: ActionRequest[] }
  | { kind: 'same'; words: string }
  | { kind: 'fail'; words: string; status: 'SKIPPED' | 'FAILED' | 'BLOCKED' }
  | { kind: 'gone'; words: string };

export interface DecideContext {
  action: LeadActionName;
  params: LeadActionParams;
  ref: ActionReference;
  t: Translate;
  /** The job's language: a won value is written as money its reader writes (R$ 9.500,50). */
  locale?: Locale;
  /** The spreadsheet locale's decimal mark: how a won value typed as text reads (a comma unless said). */
  decimalMark?: DecimalMark;
}

export function decideRow(ctx: DecideContext, entry: ActionEntry): Decision {
  const { t } = ctx;
  if (entry.g || entry.b === undefined)
    return { kind: 'gone', words: entry.d ?? t('leadjob.detail.notFound') };
  const state = entry.b;
  const cell = cellProblem(ctx, entry);
  if (cell) return fail(cell, 'SKIPPED');
  switch (ctx.action) {
    case 'stage':
      return decideStage(ctx, entry, state);
    case 'won':
    case 'lost':
      return decideOutcome(ctx, entry, state);
    case 'addTags':
    case 'removeTags':
      return decideTags(ctx, entry, state);
    case 'enroll':
    case 'unenroll':
      return decideSequence(ctx, entry, state);
    case 'message':
      return decideMessage(ctx, entry, state);
    case 'delete':
      return {
        kind: 'change',
        words: t('leadjob.words.delete', { name: state.name ?? '', id: entry.i ?? 0 }),
        requests: [{ op: 'delete' }],
      };
  }
}

/** The params each action reads: a column the action does not read is never judged. */
const PARAMS_READ: Record<LeadActionName, (keyof LeadActionParams)[]> = {
  stage: ['pipeline', 'stage'],
  won: ['stage', 'value'],
  lost: ['stage', 'reason'],
  addTags: ['tags'],
  removeTags: ['tags'],
  enroll: ['sequence'],
  unenroll: ['sequence'],
  message: [],
  delete: [],
};

/** Params without which the row has nothing to do (the others have a default). */
const PARAMS_NEEDED: Partial<Record<LeadActionName, keyof LeadActionParams>> = {
  stage: 'stage',
  addTags: 'tags',
  removeTags: 'tags',
  enroll: 'sequence',
  unenroll: 'sequence',
};

/**
 * Why the row's cells give the action no value (PRODUCT.md "Every job reads cells alike"): a
 * param's column or a `{{Header}}` placeholder showing a formula's error or `Loading…`, a
 * placeholder left empty, a needed param's cell empty; the cell is named. Undefined when fine.
 */
function cellProblem(ctx: DecideContext, entry: ActionEntry): string | undefined {
  const { params, t } = ctx;
  const judge = (column: string, text: string, needed: boolean, empty: MessageKey) => {
    const fault = cellFault(text);
    if (fault) {
      const key = fault === 'loading' ? 'leadjob.fail.loadingCell' : 'leadjob.fail.errorCell';
      return t(key, { column, value: text.trim() });
    }
    return needed && text.trim() === '' ? t(empty, { column }) : undefined;
  };
  for (const name of PARAMS_READ[ctx.action]) {
    const source = params[name];
    if (source === null || typeof source !== 'object' || Array.isArray(source)) continue;
    const needed = PARAMS_NEEDED[ctx.action] === name;
    const problem = judge(source.column, entry.c?.[name] ?? '', needed, 'leadjob.fail.emptyCell');
    if (problem) return problem;
  }
  if (ctx.action !== 'message') return undefined;
  for (const name of placeholderNames(params.text ?? '')) {
    const text = entry.c?.[`h:${name}`] ?? '';
    const problem = judge(name, text, true, 'leadjob.fail.emptyPlaceholder');
    if (problem) return problem;
  }
  return undefined;
}

const fail = (words: string, status: 'SKIPPED' | 'FAILED' | 'BLOCKED' = 'FAILED'): Decision => ({
  kind: 'fail',
  words,
  status,
});

/**
 * A move out of the lead's stage, as the CRM will judge it (crm-api-v1.md, PUT /stage, /won,
 * /lost): BLOCKED, with no request, while a mandatory task of the stage is pending; else the
 * change, its words saying what may still block it when the stage's mandatory tasks are unknown.
 */
function leaveStage(
  ctx: DecideContext,
  state: LeadState,
  words: string,
  request: ActionRequest,
): Decision {
  const hold = stageHold(ctx, state);
  if (hold.blocked !== undefined) return fail(hold.blocked, 'BLOCKED');
  return { kind: 'change', words: `${words}${hold.note}`, requests: [request] };
}

/**
 * What holds a lead in its stage, in words: `blocked` when a mandatory task of the stage is
 * pending; else a `note` (may be empty) on pending tasks that may be mandatory.
 */
export function stageHold(
  ctx: Pick<DecideContext, 'ref' | 't'>,
  state: LeadState,
): { blocked?: string; note: string } {
  const { t } = ctx;
  if (state.block && state.block.length > 0) {
    const stage = stageName(ctx.ref, state.s);
    const tasks = state.block.join(', ');
    return { blocked: t('leadjob.fail.pendingTasks', { stage, tasks }), note: '' };
  }
  if (!state.mayBlock || state.mayBlock.length === 0) return { note: '' };
  return { note: ` ${t('leadjob.words.mayBlock', { tasks: state.mayBlock.join(', ') })}` };
}

function moveWords(
  ctx: DecideContext,
  from: LeadState,
  toStage: number,
  toPipeline: number,
): string {
  const { ref } = ctx;
  const before = stageName(ref, from.s);
  const after = stageName(ref, toStage);
  if (from.p === toPipeline) return `${before} → ${after}`;
  return `${pipelineName(ref, from.p)}: ${before} → ${pipelineName(ref, toPipeline)}: ${after}`;
}

function decideStage(ctx: DecideContext, entry: ActionEntry, state: LeadState): Decision {
  const { ref, params, t } = ctx;
  const pipelineParam = paramOf(params, entry, 'pipeline');
  const pipeline =
    pipelineParam === undefined
      ? ref.pipelines.find((p) => p.id === state.p)
      : findPipeline(ref, pipelineParam as string | number);
  if (!pipeline)
    return fail(t('leadjob.fail.noPipeline', { name: String(pipelineParam ?? state.p) }));
  const stageParam = paramOf(params, entry, 'stage');
  if (stageParam === undefined) return fail(t('leadjob.fail.noStageGiven'), 'SKIPPED');
  const stage = findStage(ref, pipeline, stageParam as string | number);
  if (!stage || !pipeline.stages.some((s) => s.id === stage.id)) {
    return fail(t('leadjob.fail.noStage', { name: String(stageParam), pipeline: pipeline.name }));
  }
  if (state.s === stage.id)
    return { kind: 'same', words: t('leadjob.words.alreadyIn', { stage: stage.name }) };
  return leaveStage(ctx, state, moveWords(ctx, state, stage.id, pipeline.id), {
    op: 'stage',
    stageId: stage.id,
    pipelineId: pipeline.id,
  });
}

/** won / lost: the given stage, or the lead's pipeline's only won (lost) stage. */
function decideOutcome(ctx: DecideContext, entry: ActionEntry, state: LeadState): Decision {
  const { ref, params, t, action } = ctx;
  const won = action === 'won';
  const pipeline = pipelineOfStage(ref, state.s) ?? ref.pipelines.find((p) => p.id === state.p);
  const stageParam = paramOf(params, entry, 'stage');
  let stage =
    stageParam === undefined ? undefined : findStage(ref, pipeline, stageParam as string | number);
  if (stageParam === undefined) {
    const candidates = (pipeline?.stages ?? []).filter((s) => (won ? s.won : s.lost));
    if (candidates.length !== 1) {
      return fail(
        t(won ? 'leadjob.fail.noWonStage' : 'leadjob.fail.noLostStage', {
          pipeline: pipeline?.name ?? `#${state.p}`,
          count: candidates.length,
        }),
      );
    }
    stage = candidates[0];
  }
  if (!stage)
    return fail(
      t('leadjob.fail.noStage', { name: String(stageParam), pipeline: pipeline?.name ?? '' }),
    );
  if (won ? !stage.won : !stage.lost) {
    return fail(
      t(won ? 'leadjob.fail.notWonStage' : 'leadjob.fail.notLostStage', { stage: stage.name }),
    );
  }
  if (state.s === stage.id)
    return { kind: 'same', words: t('leadjob.words.alreadyIn', { stage: stage.name }) };
  const words = moveWords(ctx, state, stage.id, pipelineOfStage(ref, stage.id)?.id ?? state.p);
  if (won) {
    const money = moneyOf(paramOf(params, entry, 'value'), t, ctx.decimalMark ?? ',');
    if (money && !money.ok)
      return fail(t('leadjob.fail.badValue', { reason: money.error }), 'SKIPPED');
    const value = money?.value;
    // The CRM refuses a sale value below 0 (422 on `value`): no request.
    if (value !== undefined && value < 0)
      return fail(
        t('fieldcheck.negative', { value: String(entry.c?.value ?? params.value) }),
        'SKIPPED',
      );
    const shown =
      value === undefined ? words : `${words} (${formatMoney(value, ctx.locale ?? 'en')})`;
    return leaveStage(ctx, state, shown, {
      op: 'won',
      stageId: stage.id,
      ...(value === undefined ? {} : { value }),
    });
  }
  const reasonParam = paramOf(params, entry, 'reason');
  const reason =
    reasonParam === undefined ? undefined : findLostReason(ref, reasonParam as string | number);
  if (reasonParam !== undefined && !reason)
    return fail(t('leadjob.fail.noReason', { name: String(reasonParam) }));
  return leaveStage(ctx, state, reason ? `${words} (${reason.name})` : words, {
    op: 'lost',
    stageId: stage.id,
    ...(reason ? { reasonId: reason.id } : {}),
  });
}

function decideTags(ctx: DecideContext, entry: ActionEntry, state: LeadState): Decision {
  const { params, t, action } = ctx;
  const wanted = tagsOf(paramOf(params, entry, 'tags'));
  if (wanted.length === 0) return fail(t('leadjob.fail.noTags'), 'SKIPPED');
  const has = (tag: string) => (state.tags ?? []).some((own) => sameTag(own, tag));
  if (action === 'addTags') {
    const missing = wanted.filter((tag) => !has(tag));
    if (missing.length === 0) return { kind: 'same', words: t('leadjob.words.hasTags') };
    return {
      kind: 'change',
      words: missing.map((tag) => `+ ${tag}`).join(', '),
      requests: [{ op: 'addTags', tags: missing }],
    };
  }
  const present = wanted.filter(has);
  if (present.length === 0) return { kind: 'same', words: t('leadjob.words.lacksTags') };
  return {
    kind: 'change',
    words: present.map((tag) => `− ${tag}`).join(', '),
    requests: present.map((tag): ActionRequest => ({ op: 'removeTag', tag })),
  };
}

function decideSequence(ctx: DecideContext, entry: ActionEntry, state: LeadState): Decision {
  const { ref, params, t, action } = ctx;
  const param = paramOf(params, entry, 'sequence');
  if (param === undefined) return fail(t('leadjob.fail.noSequenceGiven'), 'SKIPPED');
  const sequence = findSequence(ref, param as string | number);
  if (!sequence) return fail(t('leadjob.fail.noSequence', { name: String(param) }));
  const enrolled = (state.seq ?? []).includes(sequence.id);
  const active = t(sequence.active ? 'leadjob.words.active' : 'leadjob.words.inactive');
  if (action === 'enroll') {
    if (enrolled)
      return { kind: 'same', words: t('leadjob.words.enrolled', { sequence: sequence.name }) };
    if (!sequence.active)
      return fail(t('leadjob.fail.inactiveSequence', { sequence: sequence.name }), 'SKIPPED');
    return {
      kind: 'change',
      words: `+ ${sequence.name} (${active})`,
      requests: [{ op: 'enroll', sequenceId: sequence.id }],
    };
  }
  if (!enrolled)
    return { kind: 'same', words: t('leadjob.words.notEnrolled', { sequence: sequence.name }) };
  return {
    kind: 'change',
    words: `− ${sequence.name}`,
    requests: [{ op: 'unenroll', sequenceId: sequence.id }],
  };
}

/** `{{Header}}` placeholders take the row's cell of that header. */
export function fillText(text: string, entry: ActionEntry): string {
  return fillPlaceholders(text, (header) => entry.c?.[`h:${header}`] ?? '');
}

function decideMessage(ctx: DecideContext, entry: ActionEntry, state: LeadState): Decision {
  const { params, t } = ctx;
  if (state.out) {
    return fail(t('leadjob.fail.optedOut', { tag: state.out }), 'SKIPPED');
  }
  const body = fillText(params.text ?? '', entry).trim();
  if (body === '') return fail(t('leadjob.fail.emptyText'), 'SKIPPED');
  if (!state.phone) return fail(t('leadjob.fail.noPhone'), 'SKIPPED');
  // Foreseen by a preview from the lead's conversation (window.ts); the CRM would answer 422.
  if (entry.w === 1) return fail(t('leadjob.detail.windowClosed'), 'SKIPPED');
  const preview = body.length > 40 ? `${body.slice(0, 40)}…` : body;
  return {
    kind: 'change',
    words: `→ “${preview}”`,
    requests: [
      {
        op: 'message',
        body,
        ...(params.instanceId === undefined ? {} : { instanceId: params.instanceId }),
      },
    ],
  };
}
