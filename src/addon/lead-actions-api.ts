import type { ChatappInstance, CrmClient } from '../api';
import { NotFoundError, UnprocessableError } from '../api/errors';
import { type DecideContext, decideRow } from '../core/actions/decide';
import type { ActionEntry } from '../core/actions/entry';
import { LEAD_ACTIONS_KIND, ledgerPrefix, REVERT_KIND } from '../core/actions/job';
import { actionWords, deriveWords, type LeadActionsJobOptions } from '../core/actions/kind';
import { checkParams, parseLeadActionsOptions, scopeOf } from '../core/actions/options';
import { withRequiredTasks } from '../core/actions/reference';
import { type RevertJobOptions, revertMove } from '../core/actions/revert';
import { collectEntries, keysOfSheet, rowKeying } from '../core/actions/rows';
import {
  type ActionReference,
  type LeadActionName,
  type LeadActionParams,
  type LeadActionsOptions,
  PREVIEW_STATUSES,
  REVERT_STATUSES,
  RUN_STATUSES,
} from '../core/actions/types';
import { codedError } from '../core/errors';
import { translator } from '../core/i18n';
import { isFinished, type JobRecord, type JobSummary } from '../core/jobs';
import { readWalkCursor } from '../core/jobs/pipeline/ledger/cursor';
import { dropLedger, Ledger } from '../core/jobs/pipeline/ledger/ledger';
import { pacedCall, startFailure, startPacing } from '../core/jobs/requests';
import {
  actingRows,
  PLAN_FRESH_MS,
  type PlanRef,
  type PlanRow,
  planIds,
  planOfCall,
  planOfPreview,
  planPrefix,
  savePlan,
} from '../core/plan/plan';
import type { KeyValueStore } from '../core/ports';
import { maskedValues, rowsOfScope } from '../core/rows/scope';
import { DEFAULT_COUNTRY, type Settings } from '../core/settings/settings';
import { currentLocale } from '../gas/locale';
import { createPipelineSheet } from '../gas/pipeline-sheet';
import { resolveRowScope } from '../gas/row-scope';
import { requireJobSheet } from '../gas/send-record-sheet';
import { appsScriptClock } from '../gas/services';
import {
  clientFor,
  currentSpreadsheet,
  engineDeps,
  ownerOf,
  pacerFor,
  requireSettings,
  spreadsheetDataStore,
} from './context';
import { makeRoomForJob, registerStoreReclaimer } from './job-store-budget';
import { startJob } from './jobs-api';
import { optOutTagsHere } from './opt-out-tags';
import { splitRowsOption } from './rows-option';

/**
 * An id (lead, sequence, template) no account is expected to reach: the scope check's request
 * changes nothing (404 or 422 with the scope, 403 without). Each probe is also harmless should a
 * lead have this id: it names a second id that must not exist too.
 */
const PROBE_ID = 2_147_483_647;

/** The CRM's names the params resolve against: pipelines (with lost reasons), and sequences when needed. */
export function loadReference(
  client: CrmClient,
  settings: Settings,
  withSequences: boolean,
  message?: LeadActionParams,
  withTasks = false,
): ActionReference {
  const pacing = startPacing(pacerFor(settings), appsScriptClock);
  const list = pacedCall(() => client.pipelines.list(), pacing);
  // A move out of a stage waits on its mandatory tasks, named only in each pipeline's spec.
  const required = (pipeline: ActionReference['pipelines'][number]) => {
    if (!withTasks) return pipeline;
    try {
      return withRequiredTasks(
        pipeline,
        pacedCall(() => client.pipelines.get(pipeline.id), pacing).spec,
      );
    } catch (error) {
      // Gone since the list: its stages' tasks stay unknown, and the preview says so.
      if (error instanceof NotFoundError) return pipeline;
      throw error;
    }
  };
  const sequences = withSequences ? pacedCall(() => client.sequences.list(), pacing) : [];
  const chat = message
    ? chatNumber(
        pacedCall(() => client.chatapp.instances(), pacing),
        message,
      )
    : undefined;
  return {
    ...(chat ? { chat } : {}),
    // Every tag set in the spreadsheet, not this person's alone (opt-out-tags.ts).
    ...(message ? { optOutTags: optOutTagsHere(settings, currentSpreadsheet()) } : {}),
    pipelines: list.pipelines.map((p) =>
      required({
        id: p.id,
        name: p.name ?? `#${p.id}`,
        stages: (p.stages ?? []).map((s) => ({
          id: s.id,
          name: s.name ?? `#${s.id}`,
          won: s.is_won === true,
          lost: s.is_lost === true,
        })),
      }),
    ),
    lostReasons: (list.lost_reasons ?? []).map((r) => ({ id: r.id, name: r.name ?? `#${r.id}` })),
    sequences: sequences.map((s) => ({
      id: s.id,
      name: s.name ?? `#${s.id}`,
      active: s.is_active === true,
    })),
  };
}

/**
 * The number a message goes from (params.instanceId, else the primary one, as the CRM picks it)
 * and whether it has the 24-hour window; undefined when no listed number is it.
 */
function chatNumber(
  instances: readonly ChatappInstance[],
  params: LeadActionParams,
): ActionReference['chat'] {
  const number =
    params.instanceId === undefined
      ? (instances.find((i) => i.is_primary === true) ??
        (instances.length === 1 ? instances[0] : undefined))
      : instances.find((i) => i.id === params.instanceId);
  if (!number) return undefined;
  return { instanceId: number.id, window: number.has_window_restriction === true };
}

/**
 * One request that changes nothing tells whether the key has the scope the action's writes
 * need (PRODUCT.md: before any row): a 403 names the missing scope; a 404 or 422 means it is there.
 */
export function checkScope(client: CrmClient, settings: Settings, action: LeadActionName): void {
  const pacing = startPacing(pacerFor(settings), appsScriptClock);
  const scope = scopeOf(action);
  try {
    pacedCall(() => {
      if (scope === 'sequences:write') return client.leads.unenrollSequence(PROBE_ID, PROBE_ID);
      // Never a text: should the probe id be a real lead with an open window, it would be sent.
      // A template no account has is refused before anything leaves, under the same scope.
      if (scope === 'chatapp:write')
        return client.leads.sendChatappTemplate(PROBE_ID, { template_id: PROBE_ID });
      return client.leads.removeTag(PROBE_ID, 'crm-sheets-scope-check');
    }, pacing);
  } catch (error) {
    // Past the scope: the CRM found no such lead (404), or refused the probe's body (422).
    if (error instanceof NotFoundError || error instanceof UnprocessableError) return;
    throw startFailure(error, `start the ${action} action`);
  }
}

/** The job ids that have a ledger (a run's record of its rows) in this spreadsheet's data store. */
function ledgerIds(store: KeyValueStore): string[] {
  return [...new Set(store.keys().flatMap((key) => /^act\.([^.~]+)\./.exec(key)?.[1] ?? []))];
}

/** A plan's id: when it was made (a plan no job took up is dropped an hour later), and a tag. */
export function newPlanId(): string {
  return `${Date.now().toString(36)}-${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

const ORPHAN_PLAN_MS = 60 * 60_000;

/** The plans no pending job needs: its job ended, or none took it up (a start killed after it). */
function dropStalePlans(store: KeyValueStore, jobs: readonly JobRecord[]): void {
  const held = new Map<string, JobRecord>();
  for (const job of jobs) {
    const id = (job.options as LeadActionsJobOptions | null)?.plan?.id;
    if (id) held.set(id, job);
  }
  const now = Date.now();
  for (const id of planIds(store)) {
    const job = held.get(id);
    const made = Number.parseInt(id.split('-')[0] ?? '', 36);
    const orphan = !job && !(now - made < ORPHAN_PLAN_MS);
    if (orphan || (job && isFinished(job.state))) dropLedger(store, planPrefix(id));
  }
}

/**
 * Records no one needs any more go: a run whose job record is gone can no longer be reverted,
 * and a finished preview's record served its sidebar once a newer job exists, unless a run may
 * still keep to it (the newest preview of its sheet and action, within PLAN_FRESH_MS).
 */
function dropStaleLedgers(): void {
  const store = spreadsheetDataStore();
  const jobs = engineDeps().store;
  const all = jobs.list();
  const ids = ledgerIds(store);
  const newest = Math.max(0, ...ids.map((id) => jobs.get(id)?.createdAt ?? 0));
  const newestPreview = new Map<string, number>();
  const scopeOf = (job: JobRecord) => {
    const o = job.options as LeadActionsJobOptions | null;
    return `${o?.sheetId}:${o?.action}`;
  };
  for (const job of all) {
    if ((job.options as { mode?: string } | null)?.mode !== 'preview') continue;
    const scope = scopeOf(job);
    newestPreview.set(scope, Math.max(newestPreview.get(scope) ?? 0, job.createdAt));
  }
  for (const id of ids) {
    const job = jobs.get(id);
    const mode = (job?.options as { mode?: string } | null)?.mode;
    const preview = mode === 'preview' || mode === 'revertPreview';
    const planned =
      job !== null &&
      job !== undefined &&
      mode === 'preview' &&
      Date.now() - job.createdAt <= PLAN_FRESH_MS &&
      newestPreview.get(scopeOf(job)) === job.createdAt;
    if (!job || (preview && !planned && job.createdAt < newest && isFinished(job.state))) {
      dropLedger(store, ledgerPrefix(id));
    }
  }
  dropStalePlans(store, all);
}

/**
 * When the person's storage is nearly full (job-store-budget.ts), the records of finished jobs
 * of one kind (their ids from `ids`, each stored under `prefixOf(id)`) give way, previews first,
 * then the oldest runs (those can then no longer be reverted); a pending or paused job's record
 * is never dropped. Lead actions and the push (push-api.ts) register one each.
 */
export function registerLedgerReclaimer(
  ids: (store: KeyValueStore) => string[],
  prefixOf: (id: string) => string,
): void {
  registerStoreReclaimer((bytesToFree) => {
    const store = spreadsheetDataStore();
    const jobs = engineDeps().store;
    const rank = (id: string) => {
      const job = jobs.get(id);
      const mode = (job?.options as { mode?: string } | null)?.mode ?? '';
      return (mode.toLowerCase().includes('preview') ? 0 : 1e15) + (job?.createdAt ?? 0);
    };
    let freed = 0;
    const finished = ids(store)
      .filter((id) => {
        const job = jobs.get(id);
        return !job || isFinished(job.state);
      })
      .sort((a, b) => rank(a) - rank(b));
    for (const id of finished) {
      if (freed >= bytesToFree) break;
      const prefix = prefixOf(id);
      for (const key of store.keys())
        if (key.startsWith(prefix)) freed += key.length + (store.get(key) ?? '').length;
      dropLedger(store, prefix);
    }
    return freed;
  });
}

registerLedgerReclaimer(ledgerIds, ledgerPrefix);

/** The same params, whatever order their keys were given in. */
function sameJson(a: unknown, b: unknown): boolean {
  const canon = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value as object)
            .sort()
            .map((k) => [k, canon((value as Record<string, unknown>)[k])]),
        )
      : Array.isArray(value)
        ? value.map(canon)
        : value;
  return JSON.stringify(canon(a) ?? {}) === JSON.stringify(canon(b) ?? {});
}

/**
 * The preview a run keeps to (PRODUCT.md "A run does what its preview showed"): the newest
 * finished preview of the same sheet, action and params (and keying) within PLAN_FRESH_MS, with
 * its record of rows still in the person's storage; undefined when none.
 */
function matchingPreview(
  options: LeadActionsOptions,
  sheetId: number,
): { job: JobRecord; entries: ActionEntry[] } | undefined {
  const now = Date.now();
  const preview = engineDeps()
    .store.list()
    .reverse()
    .find((job) => {
      const o = job.options as LeadActionsJobOptions | null;
      return (
        job.kind === LEAD_ACTIONS_KIND &&
        o?.mode === 'preview' &&
        o.action === options.action &&
        o.sheetId === sheetId &&
        o.headerRow === (options.headerRow ?? 1) &&
        o.matchBy === (options.matchBy ?? 'email_or_phone') &&
        o.leadIdColumn === options.leadIdColumn &&
        sameJson(o.params, options.params ?? {})
      );
    });
  if (preview?.state !== 'done' || now - preview.createdAt > PLAN_FRESH_MS) return undefined;
  const entries = new Ledger<ActionEntry>(spreadsheetDataStore(), ledgerPrefix(preview.jobId))
    .load(readWalkCursor(preview.cursor).shards)
    .entries();
  // A record given way to a full storage is no plan: the run counts the rows at the call.
  if (entries.length === 0 && preview.total > 0) return undefined;
  return { job: preview, entries };
}

/**
 * The rows a run may act on (core/plan): its preview's plan; a delete with no preview, the rows
 * read now, at the call, before any wait (for the pacer's slots, or behind another job), so a
 * row pasted meanwhile is NOT_PREVIEWED; any other run with no preview, none (every row).
 */
function planFor(
  options: LeadActionsOptions,
  sheetId: number,
  entries: readonly ActionEntry[],
): { rows: PlanRow[]; from: PlanRef['from']; previewId?: string } | undefined {
  if (options.preview) return undefined;
  const preview = matchingPreview(options, sheetId);
  // The preview the caller showed (the sidebar's): kept to, or nothing runs. Without it a run
  // whose preview went stale, or gave way to a full storage, would act on every row unpreviewed.
  if (options.previewId !== undefined && preview?.job.jobId !== options.previewId) {
    throw codedError(
      `The preview ${options.previewId} of "${options.sheet}" can no longer be kept to (older than 24 hours, a newer preview of the same action, or its record gone): preview again, then run.`,
      'previewGone',
      { sheet: options.sheet },
    );
  }
  if (preview) {
    return { rows: planOfPreview(preview.entries), from: 'preview', previewId: preview.job.jobId };
  }
  if (options.action === 'delete') return { rows: planOfCall(entries), from: 'call' };
  return undefined;
}

function backupName(sheet: string): string {
  const stamp = Utilities.formatDate(
    new Date(),
    currentSpreadsheet().getSpreadsheetTimeZone(),
    'yyyy-MM-dd HH:mm:ss',
  );
  return `CRM Backup ${sheet} ${stamp}`;
}

/**
 * Starts a job that applies ONE action to every non-empty row of the sheet (PRODUCT.md "Lead
 * actions"), or previews it (`preview: true`: reads each lead, changes nothing in the CRM,
 * writes WILL_CHANGE / NO_CHANGE / WILL_FAIL / NOT_FOUND). Statuses go to the CRM Action
 * columns; the run id (`CRM Action Run`) is the job id, which crmRevertLeadActions takes.
 * A delete needs `confirm` equal to the number of leads the sheet names, and copies every lead
 * to a `CRM Backup …` sheet before the first DELETE. Returns the job's summary.
 */
export function crmLeadActions(input: LeadActionsOptions): JobSummary {
  const rowsOption = splitRowsOption(input);
  const options = parseLeadActionsOptions(rowsOption.rest);
  const settings = requireSettings();
  const sheet = requireJobSheet(currentSpreadsheet(), options.sheet);
  const read = createPipelineSheet(sheet, options.headerRow ?? 1).read();
  // The rows chosen, at the call: every other row is none of the job's (nor of its count).
  const scoped = resolveRowScope(
    sheet,
    options.headerRow ?? 1,
    rowsOption.choice,
    read,
    rowsOption.text,
  );
  const values = maskedValues(read, scoped?.scope);
  const headers = values.header.map((h) => String(h ?? ''));
  const defaultCountry = settings.defaultCountry || DEFAULT_COUNTRY;
  const keying = rowKeying(values.header, { ...options, defaultCountry });
  if (typeof keying === 'string')
    throw codedError(keying, 'noLeadColumn', { sheet: options.sheet });
  const entries = collectEntries(values, keying, options.params ?? {});
  const plan = planFor(options, sheet.getSheetId(), entries);
  if (options.action === 'delete' && !options.preview) {
    // The leads the count showed: its preview's WILL_CHANGE rows, else the rows naming a lead.
    const count = actingRows(plan?.rows ?? []);
    if (options.confirm !== count) {
      throw codedError(
        `To delete, pass confirm: ${count}, the number of leads of "${options.sheet}" that would be deleted (${plan?.from === 'preview' ? 'as its preview counted them' : 'rows naming a lead'}; got ${options.confirm ?? 'none'}). Preview first to see them.`,
        'confirmDelete',
        { count },
      );
    }
  }
  const client = clientFor(settings);
  let ref: ActionReference;
  try {
    ref = loadReference(
      client,
      settings,
      options.action === 'enroll' || options.action === 'unenroll',
      options.action === 'message' ? (options.params ?? {}) : undefined,
      options.action === 'stage' || options.action === 'won' || options.action === 'lost',
    );
  } catch (error) {
    throw startFailure(error, 'read the CRM pipelines and sequences');
  }
  checkParams(options, ref, headers);
  checkScope(client, settings, options.action);
  dropStaleLedgers();
  // The plan goes into the person's store before the job does: room is made first, as every
  // job start makes it (the store nearly full failed the run on Apps Script's bare quota error).
  const notice = plan ? makeRoomForJob(engineDeps()) : undefined;
  const planRef = plan
    ? savePlan(spreadsheetDataStore(), newPlanId(), plan.rows, plan.from, plan.previewId)
    : undefined;
  const locale = currentLocale();
  const jobOptions: LeadActionsJobOptions = {
    v: 1,
    mode: options.preview ? 'preview' : 'run',
    action: options.action,
    params: options.params ?? {},
    ...(options.leadIdColumn ? { leadIdColumn: options.leadIdColumn } : {}),
    matchBy: options.matchBy ?? 'email_or_phone',
    headerRow: options.headerRow ?? 1,
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    locale,
    defaultCountry,
    ref,
    ...(options.action === 'delete' && !options.preview
      ? { backupSheet: backupName(sheet.getName()) }
      : {}),
    ...(planRef ? { plan: planRef } : {}),
    ...(scoped ? { rowScope: scoped.scope } : {}),
  };
  return startJob({
    owner: ownerOf(settings),
    kind: LEAD_ACTIONS_KIND,
    options: jobOptions,
    total: entries.length,
    statuses: options.preview ? PREVIEW_STATUSES : RUN_STATUSES,
    // A cancelled run reads back what may have left and says on each row what happened; a
    // preview changes nothing.
    settleOnCancel: !options.preview,
    message: [
      translator(locale)('leadjob.message.queued', {
        action: actionWords(translator(locale), options.action),
        sheet: sheet.getName(),
      }),
      ...(notice ? [notice] : []),
    ].join(' '),
    sheet: { id: sheet.getSheetId(), name: sheet.getName(), jobName: 'Lead actions' },
  });
}

function requireRun(runId: unknown): JobRecord {
  const id = typeof runId === 'string' ? runId.trim() : '';
  const job = id ? engineDeps().store.get(id) : null;
  if (!job || job.kind !== LEAD_ACTIONS_KIND) {
    throw codedError(
      `No lead actions run has the id "${String(runId)}": pass the id in the CRM Action Run column of a run you started.`,
      'noSuchRun',
    );
  }
  const options = job.options as LeadActionsJobOptions;
  if (options.mode !== 'run')
    throw codedError(`Job ${id} is a preview: it changed nothing to revert.`, 'previewRun');
  if (job.state === 'queued' || job.state === 'running') {
    throw codedError(
      `Run ${id} is still ${job.state}: pause or cancel it, or let it finish, before reverting it.`,
      'runPending',
    );
  }
  return job;
}

/**
 * A run's record of its rows (before-states included) lives in the storage of the person who
 * ran it, and may have given way to a full storage (the reclaimer above): without it nothing can
 * be put back, and the revert says so rather than ending at once having put back nothing.
 */
function requireRunRecord(run: JobRecord): void {
  if ((run.counts.DONE ?? 0) === 0) return;
  const entries = new Ledger<ActionEntry>(spreadsheetDataStore(), ledgerPrefix(run.jobId))
    .load(readWalkCursor(run.cursor).shards)
    .entries();
  if (entries.some((e) => e.s === 'DONE')) return;
  throw codedError(
    `Run ${run.jobId} can no longer be reverted: its record of the leads' before-states is not in your storage (only the person who ran it can revert it, and the oldest records give way when storage is full).`,
    'runForgotten',
    { runId: run.jobId },
  );
}

/**
 * A run is put back once: a second revert would undo what people did since (a tag added again
 * by hand), its before-state being the run's. A revert still pending is resumed, not doubled.
 */
function requireNotReverted(runId: string): void {
  for (const job of engineDeps().store.list()) {
    const options = job.options as RevertJobOptions | null;
    if (job.kind !== REVERT_KIND || options?.runId !== runId || options.mode !== 'revert') continue;
    if (job.state === 'done') {
      throw codedError(
        `Run ${runId} was already reverted (job ${job.jobId}): reverting it again would undo changes made since.`,
        'runReverted',
        { runId, jobId: job.jobId },
      );
    }
    if (!isFinished(job.state)) {
      throw codedError(
        `Run ${runId} is being reverted by job ${job.jobId} (${job.state}): resume or cancel that revert instead.`,
        'revertPending',
        { runId, jobId: job.jobId },
      );
    }
  }
}

/**
 * Starts a job that puts every DONE row of run `runId` back as the run found it (its recorded
 * before-state: stage and pipeline, tags, enrollments), after reading each lead: a lead that
 * changed since the run is CHANGED_SINCE and left alone; what cannot be undone is
 * NOT_REVERSIBLE (a message, a delete, an unenrollment). `preview: true` changes nothing.
 */
export function crmRevertLeadActions(
  runId: string,
  options: { preview?: boolean } = {},
): JobSummary {
  const run = requireRun(runId);
  const settings = requireSettings();
  const runOptions = run.options as LeadActionsJobOptions;
  requireRunRecord(run);
  requireNotReverted(run.jobId);
  // Undoing an enrollment is an unenroll (sequences:write); every other undo writes the lead.
  checkScope(clientFor(settings), settings, runOptions.action === 'enroll' ? 'unenroll' : 'stage');
  const locale = currentLocale();
  const jobOptions: RevertJobOptions = {
    v: 1,
    mode: options?.preview ? 'revertPreview' : 'revert',
    runId: run.jobId,
    run: runOptions,
    runShards: readWalkCursor(run.cursor).shards,
    locale,
  };
  return startJob({
    owner: ownerOf(settings),
    kind: REVERT_KIND,
    options: jobOptions,
    statuses: REVERT_STATUSES,
    message: translator(locale)('leadjob.message.revertProgress', {
      runId: run.jobId,
      done: 0,
      total: 0,
    }),
    sheet: { id: runOptions.sheetId, name: runOptions.sheetName, jobName: 'Lead actions revert' },
  });
}

/** What a finished preview found, for the sidebar. */
export interface LeadActionsPreview {
  jobId: string;
  action: LeadActionName | 'revert';
  counts: Record<string, number>;
  rows: number;
  writeRequests: number;
  readRequests: number;
  seconds: number;
  deleteCount?: number;
  /** A revert's preview: the action of the run it puts back. */
  revertedAction?: LeadActionName;
  sample: { row: number; status: string; detail: string }[];
  /**
   * The rows this preview read, as the `rows` its run takes (core/rows/scope rowsOfScope):
   * present when `rows` chose some; a selection or filter changed since changes nothing.
   */
  runRows?: string;
}

const SAMPLE_ROWS = 50;

/**
 * The write requests the run makes for a previewed row: its change's (tags: one per tag). A
 * row the preview showed failing sends nothing: the run keeps to its preview (core/plan).
 */
function runWrites(ctx: DecideContext, entry: ActionEntry, revert: boolean): number {
  if (entry.s !== 'WILL_CHANGE') return 0;
  if (revert) return 1;
  const decision = decideRow(ctx, { ...entry, s: undefined });
  return decision.kind === 'change' ? decision.requests.length : 1;
}

/**
 * The figures of a preview job (a run's or a revert's): counts, the write requests the run
 * will send (tags: one per tag removed), the reads it will make, and how long that takes at 60
 * requests a minute; the first rows with their before → after.
 */
export function uiLeadActionsPreview(jobId: string): LeadActionsPreview {
  const job = engineDeps().store.get(String(jobId));
  if (!job || (job.kind !== LEAD_ACTIONS_KIND && job.kind !== REVERT_KIND)) {
    throw codedError(`No lead actions job has the id "${String(jobId)}".`, 'noSuchRun');
  }
  const options = job.options as LeadActionsJobOptions | RevertJobOptions;
  const target = 'run' in options ? options.run : options;
  const entries = new Ledger<ActionEntry>(spreadsheetDataStore(), ledgerPrefix(job.jobId))
    .load(readWalkCursor(job.cursor).shards)
    .entries();
  const t = translator(options.locale);
  const ctx = { action: target.action, params: target.params, ref: target.ref, t };
  const revert = 'run' in options;
  const writes = entries.reduce((sum, entry) => sum + runWrites(ctx, entry, revert), 0);
  // The run reads every lead again, as its preview did (in pages when that was fewer requests).
  const reads = readWalkCursor(job.cursor).reads ?? entries.length;
  const detail = (entry: ActionEntry) =>
    entry.d ??
    ('run' in options ? revertMove(ctx, entry, t).words : deriveWords(ctx, entry, true)) ??
    '';
  const sample = placeSample(target, entries, detail);
  return {
    jobId: job.jobId,
    action: 'run' in options ? 'revert' : target.action,
    counts: { ...job.counts },
    rows: entries.length,
    writeRequests: writes,
    readRequests: reads,
    seconds: writes + reads + 1,
    ...(target.action === 'delete' && !('run' in options)
      ? { deleteCount: job.counts.WILL_CHANGE ?? 0 }
      : {}),
    ...('run' in options ? { revertedAction: target.action } : {}),
    ...(!('run' in options) && target.rowScope ? { runRows: rowsOfScope(target.rowScope) } : {}),
    sample,
  };
}

/** The first rows of the sheet with the entry each names (its 1-based row number). */
function placeSample(
  target: LeadActionsJobOptions,
  entries: readonly ActionEntry[],
  detail: (entry: ActionEntry) => string,
) {
  const sheet = currentSpreadsheet()
    .getSheets()
    .find((s) => s.getSheetId() === target.sheetId);
  if (!sheet) return [];
  const values = createPipelineSheet(sheet, target.headerRow).read();
  const keying = rowKeying(values.header, target);
  if (typeof keying === 'string') return [];
  const byKey = new Map(entries.map((e) => [e.k, e]));
  const sample: { row: number; status: string; detail: string }[] = [];
  keysOfSheet(values, keying).forEach((key, index) => {
    const entry = byKey.get(key);
    if (entry?.s && sample.length < SAMPLE_ROWS) {
      sample.push({ row: target.headerRow + 1 + index, status: entry.s, detail: detail(entry) });
    }
  });
  return sample;
}

/** Lists for the sidebar's pickers (one paced request each). */
export function uiLeadActionsSetup() {
  const settings = requireSettings();
  const client = clientFor(settings);
  const pacing = startPacing(pacerFor(settings), appsScriptClock);
  const ref = loadReference(client, settings, true);
  const instances = pacedCall(() => client.chatapp.instances(), pacing);
  return {
    pipelines: ref.pipelines.map((p) => ({
      id: p.id,
      name: p.name,
      stages: p.stages.map((s) => ({ id: s.id, name: s.name, isWon: s.won, isLost: s.lost })),
    })),
    lostReasons: ref.lostReasons,
    sequences: ref.sequences.map((s) => ({ id: s.id, name: s.name, isActive: s.active })),
    instances: instances.map((i) => ({
      id: i.id,
      name: i.display_name ?? i.phone_number ?? `#${i.id}`,
      provider: i.provider ?? '',
    })),
  };
}

/** The newest lead actions run (not a preview) on this sheet, for the Revert button; null when none. */
export function uiLastLeadActionsRun(
  sheet: string,
): { runId: string; action: LeadActionName; state: string } | null {
  const jobs = engineDeps().store.list().reverse();
  for (const job of jobs) {
    const options = job.options as LeadActionsJobOptions | null;
    if (job.kind !== LEAD_ACTIONS_KIND || options?.mode !== 'run' || options.sheetName !== sheet)
      continue;
    return { runId: job.jobId, action: options.action, state: job.state };
  }
  return null;
}
