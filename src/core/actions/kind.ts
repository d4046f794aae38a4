import type { CrmApi, CrmClock, Settled } from '../../api';
import { NotFoundError } from '../../api/errors';
import type { Lead } from '../../api/schemas';
import type { Translate } from '../i18n';
import type { DecimalMark } from '../import/normalize';
import type { NextMove, PipelineKind, ReadHooks, SheetValues } from '../jobs/pipeline/types';
import { asText } from '../jobs/row-job';
import {
  type LeadKey,
  resolve,
  resolveEvidence,
  type SearchAnswer,
  searchHolders,
  withLead,
} from '../leads/resolver';
import { fitToPlan, type PlanRef, type PlanRow } from '../plan/plan';
import type { RowScope } from '../rows/scope';
import { lookupQuery } from '../send/lookup';
import { type ActionRequest, type DecideContext, decideRow } from './decide';
import type { ActionEntry } from './entry';
import { afterTasksRead, readOpenTasks, tasksToRead } from './reference';
import {
  callOf,
  isRepeatable,
  outcomeOf,
  readIncludes,
  settledBy,
  settleIncludes,
  stateOf,
} from './requests';
import { collectEntries, KEY_CELL_FAULT, keysOfSheet, type RowKeying, rowKeying } from './rows';
import {
  ACTION_STATUS_HEADERS,
  type ActionReference,
  type LeadActionName,
  type LeadActionParams,
  type LeadState,
} from './types';
import { windowClosed } from './window';

/** What a lead-actions job stores as its options (validated and resolved when it starts). */
export interface LeadActionsJobOptions {
  v: 1;
  mode: 'run' | 'preview';
  action: LeadActionName;
  params: LeadActionParams;
  leadIdColumn?: string;
  matchBy: RowKeying['matchBy'];
  headerRow: number;
  sheetId: number;
  sheetName: string;
  locale: 'en' | 'pt';
  defaultCountry: string;
  ref: ActionReference;
  /** delete: the backup sheet every lead is copied to before the first DELETE. */
  backupSheet?: string;
  /**
   * A run: the rows it may act on (core/plan): its preview's, or (a delete with no preview) the
   * rows its confirm counted at the call. Absent: every row of the sheet (a run with no preview).
   */
  plan?: PlanRef;
  /** The rows chosen at the call (`rows`): every other row reads empty to the job and its revert. */
  rowScope?: RowScope;
}

export interface ActionKindEnv {
  jobId: string;
  t: Translate;
  /** delete: copies leads (every field) to the backup sheet; called as they are read. */
  backup?(leads: readonly Lead[]): void;
  /** The CRM's clock as its latest answer told it: a settle compares the CRM's times with ours. */
  crmClock?(): CrmClock | undefined;
  /** Our clock (epoch ms): the message preview judges the 24-hour window with it. */
  now?(): number;
  /** The run's plan by row key (options.plan), read once an execution. */
  plan?(): ReadonlyMap<string, PlanRow>;
  /** The spreadsheet locale's decimal mark: how a won value typed as text reads (a comma unless said). */
  decimalMark?: DecimalMark;
}

/** The lead-actions pieces of the row pipeline, for a run or its preview. */
export function leadActionsKind(
  options: LeadActionsJobOptions,
  env: ActionKindEnv,
): PipelineKind<ActionEntry, ActionRequest> {
  const { t } = env;
  const preview = options.mode === 'preview';
  const decide: DecideContext = {
    action: options.action,
    params: options.params,
    ref: options.ref,
    t,
    locale: options.locale,
    ...(env.decimalMark ? { decimalMark: env.decimalMark } : {}),
  };
  const keying = (values: SheetValues) => rowKeying(values.header, options, t);
  const copyCells = (entry: ActionEntry, carrier: number): unknown[] => {
    const row = options.headerRow + 1 + carrier;
    const [status, words] = preview
      ? (['WILL_FAIL', 'leadjob.detail.copyPreview'] as const)
      : options.plan?.from === 'preview'
        ? (['NOT_PREVIEWED', 'leadjob.detail.copyNotPreviewed'] as const)
        : (['SKIPPED', 'leadjob.detail.copySkipped'] as const);
    return [
      status,
      asText(t(words, { row })),
      entry.t === undefined ? '' : new Date(entry.t),
      asText(env.jobId),
    ];
  };
  return {
    headers: ACTION_STATUS_HEADERS,
    // A delete with no plan (a job started before plans) takes on no row its confirm did not
    // count; with one, a late row is NOT_PREVIEWED at once (keepToPlan) and costs nothing.
    adoptsLateRows: options.action !== 'delete' || options.plan !== undefined,
    collect(values) {
      const keys = keying(values);
      if (typeof keys === 'string') return keys;
      const entries = collectEntries(values, keys, options.params);
      const plan = env.plan?.();
      if (plan) {
        const now = env.now?.() ?? Date.now();
        for (const entry of entries) keepToPlan(entry, plan, t, now);
      }
      return entries;
    },
    keyColumns(header) {
      const keys = rowKeying(header, options);
      if (typeof keys === 'string') return undefined;
      return [keys.idColumn, keys.emailColumn, keys.phoneColumn].filter((c) => c !== undefined);
    },
    keysOf(values) {
      const keys = keying(values);
      return typeof keys === 'string' ? values.rows.map(() => '') : keysOfSheet(values, keys);
    },
    read: leadReads(options, env),
    // Rows found by e-mail and by phone may name one lead: it is acted on once (won, enroll…).
    target: (entry) => (entry.i !== undefined && !entry.g ? `#${entry.i}` : undefined),
    twin: (entry, first) => ({
      status: preview ? 'WILL_FAIL' : 'SKIPPED',
      words: t('leadjob.detail.sameLead', {
        id: entry.i ?? 0,
        key: first.k.replace(/^[ep#]:?/, ''),
      }),
    }),
    // A row keyed otherwise since (its key column renamed) is known by its cells. Another row of
    // the lead has other cells: a twin (above). A row that named no lead (no id, or one no lead
    // has) was acted on for none: under its new key it is a row like any other.
    rowMark: (entry) => (entry.g ? undefined : entry.h),
    next: (entry) => nextMove(decide, entry, preview),
    call: (entry, request) => callOf(entry.i ?? 0, request),
    repeatable: isRepeatable,
    readAnswer: (_entry, request, answer) => outcomeOf(request, answer, t),
    settleCall: (entry, request) => (api: CrmApi) =>
      api.leads.get(entry.i ?? 0, settleIncludes(request)),
    settled: (entry, request, answer) =>
      settledBy(request, entry, answer as Settled<Lead>, env.crmClock?.()),
    // SKIPPED, not blank: a person who filters the blank rows to act on "the rest" must be able
    // to tell a row nothing was sent for (it says so, and a new run does it) from one that may
    // have been acted on; and SKIPPED is what a cancelled send says of its unsent rows.
    cancelled: (entry, how) => ({
      status: 'SKIPPED',
      words: t(
        (entry.x ?? 0) > 0
          ? 'leadjob.detail.cancelledPart'
          : how === 'notArrived'
            ? 'leadjob.detail.cancelledNotArrived'
            : 'leadjob.detail.cancelled',
        { jobId: env.jobId },
      ),
    }),
    words(_entry, status, base) {
      if (status === 'settled') return `${base} ${t('leadjob.detail.confirmed')}`;
      if (status === 'UNCERTAIN') return t('leadjob.detail.uncertain', { reason: base });
      return base;
    },
    // A copied row (same key) names the lead its original carried: a message goes to the lead
    // once, for the first row of the key, so a copy saying DONE would claim a message nobody
    // sent for it; it says so, naming that row. After a preview the copy is a row the plan
    // never held (core/plan: NOT_PREVIEWED), else SKIPPED. Only `message` for now: the other
    // actions keep "every row of a lead shows the lead's status" (actions-gap.test.ts), which
    // this rule broke for `won` in a way not yet understood (a NOT_FOUND row).
    ...(options.action === 'message' ? { copyCells } : {}),
    derive: (entry) => deriveWords(decide, entry, preview),
    cells: (entry) => [
      entry.s ?? '',
      asText(entry.d ?? deriveWords(decide, entry, preview) ?? ''),
      entry.t === undefined ? '' : new Date(entry.t),
      asText(env.jobId),
    ],
    message: (entries, finished) => actionsMessage(t, options, entries, finished),
  };
}

/**
 * Whether the delete's count saw this row's lead: its preview named it (`p`); with no preview
 * (rows counted at the call, or a job from before plans), a row counted by its lead id.
 */
function sawLead(entry: ActionEntry): boolean {
  return entry.q === undefined || entry.q === 'B' ? entry.i !== undefined : entry.p !== undefined;
}

/** The words for a key cell that shows an error or Loading… (rows.ts KEY_CELL_FAULT). */
function keyFaultWords(t: Translate, code: string | undefined): string | undefined {
  if (!code?.startsWith(KEY_CELL_FAULT)) return undefined;
  const [kind, rest = ''] = code.slice(KEY_CELL_FAULT.length).split(/:(.*)/s);
  const [column = '', value = ''] = rest.split('\u0001');
  const key = kind === 'loading' ? 'leadjob.fail.loadingCell' : 'leadjob.fail.errorCell';
  return t(key, { column, value });
}

function goneWords(t: Translate, entry: ActionEntry): string {
  if (entry.d === 'noId') return t('leadjob.detail.noId');
  if (entry.d === 'noMatchKey') return t('leadjob.detail.noMatchKey');
  return entry.d ?? t('leadjob.detail.notFound');
}

/** The words of an entry's status recomputed from its record alone (no stored detail). */
export function deriveWords(
  ctx: DecideContext,
  entry: ActionEntry,
  preview: boolean,
): string | undefined {
  if (entry.s === undefined) return undefined;
  const { s: _s, d: _d, ...bare } = entry;
  const move = nextMove(ctx, bare, preview);
  return move.kind === 'final' && move.status === entry.s ? move.words : undefined;
}

/**
 * A row of a run that has a plan (core/plan) is acted on only as the plan holds it: a row the
 * plan does not hold, or whose cells changed since, is NOT_PREVIEWED now, before any read;
 * else it keeps what the plan says of it (`q`) and the lead it named (`p`) for its decision.
 */
export function keepToPlan(
  entry: ActionEntry,
  plan: ReadonlyMap<string, PlanRow>,
  t: Translate,
  now: number,
): void {
  const fit = fitToPlan(plan, entry);
  if (fit.kind === 'notPreviewed') {
    entry.s = 'NOT_PREVIEWED';
    entry.d = t(
      fit.why === 'added'
        ? 'leadjob.detail.notPreviewedAdded'
        : 'leadjob.detail.notPreviewedChanged',
    );
    entry.t = now;
    delete entry.m;
    delete entry.c;
    delete entry.g;
    return;
  }
  entry.q = fit.row.v;
  if (fit.row.i !== undefined) entry.p = fit.row.i;
}

/** What a row does next: its decision's next request, or its end (DONE after the last). */
export function nextMove(
  ctx: DecideContext,
  entry: ActionEntry,
  preview: boolean,
): NextMove<ActionRequest> {
  if (entry.s !== undefined) return { kind: 'none' };
  // A key several leads hold (or a search too broad to tell) names none: nothing is sent.
  if (entry.g === 2) {
    const words =
      keyFaultWords(ctx.t, entry.d) ?? entry.d ?? ctx.t('leadjob.detail.searchTooBroad');
    return { kind: 'final', status: preview ? 'WILL_FAIL' : 'SKIPPED', words };
  }
  // The row names another lead than its preview did (its e-mail moved to another lead).
  if (!preview && entry.p !== undefined && entry.i !== undefined && entry.i !== entry.p) {
    return {
      kind: 'final',
      status: 'NOT_PREVIEWED',
      words: ctx.t('leadjob.detail.notPreviewedLead', { id: entry.i, planned: entry.p }),
    };
  }
  const decision = decideRow(ctx, entry);
  switch (decision.kind) {
    case 'gone':
      // A delete's lead already gone is what the run wanted (PRODUCT.md), but only a lead the
      // count saw (its preview named it: `p`); a row with no key, or an id no lead ever had, is not.
      if (ctx.action === 'delete' && !preview && !entry.d && sawLead(entry)) {
        return { kind: 'final', status: 'DONE', words: ctx.t('leadjob.detail.alreadyGone') };
      }
      return { kind: 'final', status: 'NOT_FOUND', words: goneWords(ctx.t, entry) };
    case 'fail':
      return {
        kind: 'final',
        status: preview ? 'WILL_FAIL' : decision.status,
        words: decision.words,
      };
    case 'same':
      return { kind: 'final', status: 'NO_CHANGE', words: decision.words };
    case 'change': {
      if (preview) return { kind: 'final', status: 'WILL_CHANGE', words: decision.words };
      if ((entry.x ?? 0) === 0 && entry.q !== undefined && entry.q !== 'W' && entry.q !== 'B') {
        // The preview foresaw a refusal (a closed window the run cannot see): nothing is sent.
        if (entry.q === 'F') {
          return { kind: 'final', status: 'SKIPPED', words: ctx.t('leadjob.detail.previewFailed') };
        }
        // The preview showed no change (or no lead) here: the lead changed since, unconfirmed.
        return {
          kind: 'final',
          status: 'NOT_PREVIEWED',
          words: ctx.t('leadjob.detail.notPreviewedStays', { change: decision.words }),
        };
      }
      const request = decision.requests[entry.x ?? 0];
      if (request) return { kind: 'request', request, words: decision.words };
      return { kind: 'final', status: 'DONE', words: decision.words };
    }
  }
}

/**
 * Reads each lead's state: pages of the whole account when cheaper, else one by one. A message
 * preview from a number with the 24-hour window reads each lead one by one with its
 * conversation (crm-api-v1.md: include=conversation only on GET /leads/{id}, not on the list):
 * one read a row, the least that tells each row's window (window.ts).
 */
function leadReads(
  options: LeadActionsJobOptions,
  env: ActionKindEnv,
): ReadHooks<ActionEntry, unknown> {
  const include = readIncludes(options.action);
  const backup = options.mode === 'run' ? env.backup : undefined;
  const chat = options.ref.chat;
  const windowRead = options.mode === 'preview' && options.action === 'message' && chat?.window;
  const country = options.defaultCountry;
  const stateOfLead = (lead: Lead) => stateOf(lead, options.action, options.ref);
  const named = (entry: ActionEntry, id: number, state: LeadState) => {
    entry.i = id;
    entry.b = state;
    delete entry.m;
    delete entry.v;
  };
  const several = (entry: ActionEntry, ids: readonly number[]) => {
    entry.g = 2;
    entry.d = env.t('leadjob.detail.ambiguous', { ids: ids.map((id) => `#${id}`).join(', ') });
    delete entry.v;
  };
  const pages = {
    page: (page: number) => (api: CrmApi) =>
      api.leads.list({ page, per_page: 200, ...(include.length ? { include } : {}) }),
    // A row by id is its lead on any page. A row by e-mail / phone gathers what each page shows
    // of its keys; it is named only when the read is whole (endPages).
    applyPage(items: readonly unknown[], needing: readonly ActionEntry[]) {
      const leads = items as Lead[];
      const byId = new Map(leads.map((lead) => [lead.id, lead]));
      const touched: ActionEntry[] = [];
      const kept = new Map<number, Lead>();
      for (const entry of needing) {
        if (entry.i !== undefined) {
          const lead = byId.get(entry.i);
          if (!lead) continue;
          named(entry, lead.id, stateOfLead(lead));
          kept.set(lead.id, lead);
          touched.push(entry);
          continue;
        }
        const keys = leadKeysOf(entry);
        let evidence = entry.v;
        for (const lead of leads) evidence = withLead(evidence, keys, lead, country, stateOfLead);
        if (evidence === entry.v || !evidence) continue;
        entry.v = evidence;
        // A delete's backup holds every lead it may delete before the first DELETE: a lead that
        // holds the row's key is copied as it is read (the record keeps its state only).
        for (const id of evidence.i) {
          const lead = byId.get(id);
          if (lead) kept.set(id, lead);
        }
        touched.push(entry);
      }
      if (kept.size > 0) backup?.([...kept.values()]);
      return touched;
    },
    endPages(needing: readonly ActionEntry[], whole: boolean) {
      const touched: ActionEntry[] = [];
      for (const entry of needing) {
        if (entry.i !== undefined || !entry.m) continue;
        touched.push(entry);
        // A partial read names nothing: each key is searched (one).
        if (!whole) {
          delete entry.v;
          continue;
        }
        const resolution = resolveEvidence(entry.v);
        if (resolution.kind === 'one' && entry.v?.s) named(entry, resolution.id, entry.v.s);
        else if (resolution.kind === 'several') several(entry, resolution.ids);
        else {
          entry.g = 1;
          delete entry.v;
        }
      }
      return touched;
    },
  };
  return {
    needs: (entry) =>
      !entry.g &&
      entry.s === undefined &&
      (entry.b === undefined ||
        tasksToRead(entry.b) ||
        (windowRead === true && entry.w === undefined)),
    ...(windowRead ? {} : pages),
    one: (entry) => (api) =>
      // A move's pending tasks the stage's spec does not name: their read tells if they hold it.
      entry.i !== undefined && tasksToRead(entry.b)
        ? readOpenTasks(entry.i)(api)
        : entry.i !== undefined
          ? api.leads.get(entry.i, windowRead ? [...include, 'conversation'] : include)
          : api.leads.list({
              q: lookupOf(entry),
              per_page: 200,
              ...(include.length ? { include } : {}),
            }),
    applyOne(entry, answer) {
      if (entry.i !== undefined && entry.b && tasksToRead(entry.b)) {
        const held = afterTasksRead(entry.b, entry.i, answer);
        if (!held) return false;
        entry.b = held;
        return true;
      }
      if (!answer.ok) {
        if (!(answer.error instanceof NotFoundError)) return false;
        entry.g = 1;
        return true;
      }
      const value = answer.value as { data?: unknown };
      if (!Array.isArray(value.data)) {
        const lead = answer.value as Lead;
        named(entry, lead.id, stateOfLead(lead));
        backup?.([lead]);
        if (windowRead && chat) {
          const closed = windowClosed(lead, chat, env.now?.() ?? Date.now(), env.crmClock?.());
          entry.w = closed ? 1 : 0;
        }
        return true;
      }
      // A search for the row's first key left: its whole answer names the lead, or none.
      // A lead found by a search has no conversation yet: it is read by its id next.
      const search = answer.value as SearchAnswer;
      const key = leadKeysOf(entry)[0];
      const holders = key ? searchHolders(search, key, country) : [];
      const resolution = resolve([holders]);
      if (resolution.kind === 'one') {
        const lead = search.data.find((l) => l.id === resolution.id) as Lead;
        named(entry, lead.id, stateOfLead(lead));
        backup?.([lead]);
      } else if (resolution.kind === 'several') several(entry, resolution.ids);
      else if (resolution.kind === 'unknown') {
        entry.g = 2;
        entry.d = env.t('leadjob.detail.searchTooBroad');
      } else if ((entry.m?.length ?? 0) > 1) entry.m = entry.m?.slice(1);
      else entry.g = 1;
      return true;
    },
  };
}

/** The row's keys still to look up, as the resolver takes them. */
function leadKeysOf(entry: ActionEntry): LeadKey[] {
  return (entry.m ?? []).map((key) => ({
    by: key.startsWith('e:') ? 'email' : 'phone',
    value: key.slice(2),
  }));
}

function lookupOf(entry: ActionEntry): string {
  const key = entry.m?.[0] ?? '';
  return key.startsWith('e:')
    ? lookupQuery('email', key.slice(2))
    : lookupQuery('phone', key.slice(2));
}

function actionsMessage(
  t: Translate,
  options: LeadActionsJobOptions,
  entries: readonly ActionEntry[],
  finished: boolean,
): string {
  const done = entries.filter((e) => e.s !== undefined).length;
  const counts = new Map<string, number>();
  for (const e of entries) if (e.s) counts.set(e.s, (counts.get(e.s) ?? 0) + 1);
  const parts = [...counts].map(([status, count]) => `${count} ${status}`).join(', ');
  const key = options.mode === 'preview' ? 'leadjob.message.previewed' : 'leadjob.message.finished';
  const action = actionWords(t, options.action);
  if (finished) return t(key, { action, sheet: options.sheetName, parts: parts || '0' });
  return t('leadjob.message.progress', { action, done, total: entries.length });
}

/** An action as a job's messages name it: "marcar como ganho", never `won` (issue 29.8). */
export function actionWords(t: Translate, action: LeadActionName): string {
  return t(`leadjob.action.${action}`);
}
