import type { CrmApi, Settled } from '../../api';
import { NotFoundError } from '../../api/errors';
import type { Lead } from '../../api/schemas';
import type { Translate } from '../i18n';
import type { NextMove, PipelineKind, ReadHooks } from '../jobs/pipeline/types';
import { asText } from '../jobs/row-job';
import { type ActionRequest, type DecideContext, decideRow, stageHold } from './decide';
import type { ActionEntry } from './entry';
import type { LeadActionsJobOptions } from './kind';
import {
  afterTasksRead,
  findStage,
  pipelineName,
  readOpenTasks,
  sameTag,
  stageName,
  tasksToRead,
} from './reference';
import { callOf, isRepeatable, outcomeOf, stateOf } from './requests';
import { keysOfSheet, rowKeying } from './rows';
import { ACTION_STATUS_HEADERS, type LeadState } from './types';

/** A revert's row: the run's entry, and the lead as it is now (`n`). */
export interface RevertEntry extends ActionEntry {
  n?: LeadState;
}

/** What cannot be undone, in words, by the run's action. */
const NOT_REVERSIBLE = {
  message: 'leadjob.revert.messageStays',
  delete: 'leadjob.revert.deleteStays',
  unenroll: 'leadjob.revert.unenrollStays',
} as const;

/** The requests that undo one DONE row, or why it is left alone (pure). */
export function revertMove(
  run: DecideContext,
  entry: RevertEntry,
  t: Translate,
):
  | { kind: 'undo'; words: string; requests: ActionRequest[] }
  | { kind: 'final'; status: string; words: string } {
  const action = run.action;
  if (action === 'message' || action === 'delete' || action === 'unenroll') {
    return { kind: 'final', status: 'NOT_REVERSIBLE', words: t(NOT_REVERSIBLE[action]) };
  }
  if (entry.g || !entry.n || !entry.b)
    return { kind: 'final', status: 'NOT_FOUND', words: t('leadjob.detail.notFound') };
  const done = decideRow(run, { ...entry, s: undefined });
  if (done.kind !== 'change')
    return { kind: 'final', status: 'NO_CHANGE', words: t('leadjob.revert.nothing') };
  const now = entry.n;
  const before = entry.b;
  const first = done.requests[0] as ActionRequest;
  const changed = (words: string) => ({
    kind: 'final' as const,
    status: 'CHANGED_SINCE',
    words: t('leadjob.revert.changed', { now: words }),
  });
  if (first.op === 'stage' || first.op === 'won' || first.op === 'lost') {
    if (now.s === before.s)
      return { kind: 'final', status: 'NO_CHANGE', words: t('leadjob.revert.nothing') };
    // Entering a won or lost stage records a sale or a loss (crm-api-v1.md, PUT /stage as /won
    // and /lost): going back there would record a second one, so the row stays as the run left it.
    const back = findStage(run.ref, undefined, before.s);
    if (back?.won || back?.lost) {
      const key = back.won ? 'leadjob.revert.intoWon' : 'leadjob.revert.intoLost';
      return { kind: 'final', status: 'NOT_REVERSIBLE', words: t(key, { stage: back.name }) };
    }
    if (now.s !== first.stageId)
      return changed(`${pipelineName(run.ref, now.p)}: ${stageName(run.ref, now.s)}`);
    // The stage the run moved the lead into may hold it with its own mandatory tasks (a preview
    // says so; a revert sends no request the CRM would refuse), as the run's move out did.
    const hold = stageHold(run, now);
    if (hold.blocked !== undefined)
      return { kind: 'final', status: 'BLOCKED', words: hold.blocked };
    const words = `${stageName(run.ref, now.s)} → ${stageName(run.ref, before.s)}${hold.note}`;
    const note =
      first.op === 'stage'
        ? ''
        : ` ${t(first.op === 'won' ? 'leadjob.revert.saleStays' : 'leadjob.revert.lossStays')}`;
    return {
      kind: 'undo',
      words: `${words}${note}`,
      requests: [{ op: 'stage', stageId: before.s, pipelineId: before.p }],
    };
  }
  const has = (tag: string) => (now.tags ?? []).some((own) => sameTag(own, tag));
  if (first.op === 'addTags') {
    const present = first.tags.filter(has);
    if (present.length === 0)
      return { kind: 'final', status: 'NO_CHANGE', words: t('leadjob.revert.nothing') };
    if (present.length < first.tags.length) return changed((now.tags ?? []).join(', '));
    return {
      kind: 'undo',
      words: present.map((tag) => `− ${tag}`).join(', '),
      requests: present.map((tag) => ({ op: 'removeTag' as const, tag })),
    };
  }
  if (first.op === 'removeTag') {
    const removed = done.requests.flatMap((r) => (r.op === 'removeTag' ? [r.tag] : []));
    const back = removed.filter((tag) => !has(tag));
    if (back.length === 0)
      return { kind: 'final', status: 'NO_CHANGE', words: t('leadjob.revert.nothing') };
    if (back.length < removed.length) return changed((now.tags ?? []).join(', '));
    return {
      kind: 'undo',
      words: back.map((tag) => `+ ${tag}`).join(', '),
      requests: [{ op: 'addTags', tags: back }],
    };
  }
  if (first.op === 'enroll') {
    if (!(now.seq ?? []).includes(first.sequenceId))
      return changed(t('leadjob.revert.notEnrolledNow'));
    return {
      kind: 'undo',
      words: t('leadjob.revert.unenroll'),
      requests: [{ op: 'unenroll', sequenceId: first.sequenceId }],
    };
  }
  return { kind: 'final', status: 'NOT_REVERSIBLE', words: t('leadjob.revert.nothing') };
}

export interface RevertJobOptions {
  v: 1;
  mode: 'revert' | 'revertPreview';
  runId: string;
  /** The run's own options (its action, params, reference data). */
  run: LeadActionsJobOptions;
  /** How many shards the run's record has. */
  runShards: number;
  locale: 'en' | 'pt';
}

/** The pieces of a revert: its rows are the run's DONE rows, read now, then put back. */
export function revertKind(
  options: RevertJobOptions,
  env: { jobId: string; t: Translate; runEntries: () => RevertEntry[] },
): PipelineKind<RevertEntry, ActionRequest> {
  const { t } = env;
  const preview = options.mode === 'revertPreview';
  const run: DecideContext = {
    action: options.run.action,
    params: options.run.params,
    ref: options.run.ref,
    t,
    locale: options.locale,
  };
  const reversible = !['message', 'delete', 'unenroll'].includes(run.action);
  let moved: Map<string, string> | undefined;
  const next = (entry: RevertEntry): NextMove<ActionRequest> => {
    if (entry.s !== undefined) return { kind: 'none' };
    const move = revertMove(run, entry, t);
    if (move.kind === 'final') return move;
    if (preview) return { kind: 'final', status: 'WILL_CHANGE', words: move.words };
    const request = move.requests[entry.x ?? 0];
    return request
      ? { kind: 'request', request, words: move.words }
      : { kind: 'final', status: 'REVERTED', words: move.words };
  };
  const derive = (entry: RevertEntry): string | undefined => {
    if (entry.s === undefined) return undefined;
    const { s: _s, d: _d, ...bare } = entry;
    const move = next(bare);
    return move.kind === 'final' && move.status === entry.s ? move.words : undefined;
  };
  return {
    headers: ACTION_STATUS_HEADERS,
    // A revert's rows are the run's; rows added since are not its business.
    adoptsLateRows: false,
    collect: () =>
      env
        .runEntries()
        .filter((e) => e.s === 'DONE' && e.i !== undefined && !e.a)
        .map(
          (e): RevertEntry => ({
            k: e.k,
            i: e.i as number,
            ...(e.b ? { b: e.b } : {}),
            ...(e.c ? { c: e.c } : {}),
          }),
        ),
    keyColumns(header) {
      const keys = rowKeying(header, options.run);
      if (typeof keys === 'string') return undefined;
      return [keys.idColumn, keys.emailColumn, keys.phoneColumn].filter((c) => c !== undefined);
    },
    keysOf(values) {
      const keys = rowKeying(values.header, options.run);
      if (typeof keys === 'string') return values.rows.map(() => '');
      // The run's record does not change during its revert: read once an execution.
      moved ??= movedRows(env.runEntries());
      const alias = moved;
      return keysOfSheet(values, keys).map((key) => alias.get(key) ?? key);
    },
    read: revertReads(reversible, run),
    next,
    call: (entry, request) => callOf(entry.i ?? 0, request),
    repeatable: isRepeatable,
    readAnswer: (_entry, request, answer) => outcomeOf(request, answer, t),
    settleCall: (entry) => (api: CrmApi) => api.leads.get(entry.i ?? 0),
    settled: () => 'unknown',
    words: (_entry, status, base) =>
      status === 'UNCERTAIN' ? t('leadjob.detail.uncertain', { reason: base }) : base,
    derive: (entry) => derive(entry),
    cells: (entry) => [
      entry.s ?? '',
      asText(entry.d ?? derive(entry) ?? ''),
      entry.t === undefined ? '' : new Date(entry.t),
      asText(env.jobId),
    ],
    message: (entries, finished) => revertMessage(t, options, preview, entries, finished),
  };
}

/**
 * The keys of the run's rows taken on again under another key (a person renamed the key column,
 * `a`, pipeline/ledger/check.ts `takeOnMoved`), each to the key of the entry it showed the end of (the same
 * mark): a revert's entry is that one, and the row, keyed so still, shows the revert's end.
 */
function movedRows(entries: readonly ActionEntry[]): Map<string, string> {
  const byMark = new Map<string, string>();
  for (const e of entries) if (!e.a && e.h !== undefined && !byMark.has(e.h)) byMark.set(e.h, e.k);
  const alias = new Map<string, string>();
  for (const e of entries) {
    const first = e.a && e.h !== undefined ? byMark.get(e.h) : undefined;
    if (first !== undefined) alias.set(e.k, first);
  }
  return alias;
}

/** Reads each DONE lead as it is now: pages of 200 when fewer requests than one read a row. */
function revertReads(reversible: boolean, run: DecideContext): ReadHooks<RevertEntry, unknown> {
  // A stage put back is a move out of the lead's stage: its pending tasks tell whether it can be.
  const moves = ['stage', 'won', 'lost'].includes(run.action);
  const include: ('sequences' | 'tasks')[] = moves ? ['sequences', 'tasks'] : ['sequences'];
  const nowState = (lead: Lead): LeadState => {
    const state = stateOf(lead, 'revert', run.ref);
    if (!moves) delete state.open;
    return state;
  };
  return {
    needs: (entry) =>
      reversible &&
      (entry.n === undefined || tasksToRead(entry.n)) &&
      !entry.g &&
      entry.s === undefined,
    page: (page) => (api: CrmApi) => api.leads.list({ page, per_page: 200, include }),
    applyPage(items, needing) {
      const byId = new Map((items as Lead[]).map((lead) => [lead.id, lead]));
      return needing.filter((entry) => {
        const lead = byId.get(entry.i ?? 0);
        if (lead) entry.n = nowState(lead);
        return lead !== undefined;
      });
    },
    one: (entry) => (api: CrmApi) =>
      // Pending tasks the stage's spec does not name: their read tells if they hold the move.
      tasksToRead(entry.n)
        ? readOpenTasks(entry.i ?? 0)(api)
        : api.leads.get(entry.i ?? 0, include),
    applyOne(entry, answer) {
      if (entry.n && tasksToRead(entry.n)) {
        const held = afterTasksRead(entry.n, entry.i ?? 0, answer);
        if (!held) return false;
        entry.n = held;
        return true;
      }
      if (!answer.ok) {
        if (!(answer.error instanceof NotFoundError)) return false;
        entry.g = 1;
        return true;
      }
      entry.n = nowState(answer.value as Lead);
      return true;
    },
  };
}

function revertMessage(
  t: Translate,
  options: RevertJobOptions,
  preview: boolean,
  entries: readonly RevertEntry[],
  finished: boolean,
): string {
  const counts = new Map<string, number>();
  for (const e of entries) if (e.s) counts.set(e.s, (counts.get(e.s) ?? 0) + 1);
  const parts = [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
  if (!finished) {
    const done = entries.filter((e) => e.s).length;
    return t('leadjob.message.revertProgress', {
      runId: options.runId,
      done,
      total: entries.length,
    });
  }
  return t(preview ? 'leadjob.message.revertPreviewed' : 'leadjob.message.reverted', {
    runId: options.runId,
    parts: parts || '0',
  });
}

export type { Settled };
