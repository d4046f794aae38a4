import { codedError } from '../core/errors';
import { translator } from '../core/i18n';
import { isFinished, type JobRecord, type JobSummary } from '../core/jobs';
import { readWalkCursor } from '../core/jobs/pipeline/ledger/cursor';
import { Ledger } from '../core/jobs/pipeline/ledger/ledger';
import { pacedCall, startFailure, startPacing } from '../core/jobs/requests';
import { PLAN_FRESH_MS, planOfPreview, savePlan } from '../core/plan/plan';
import { PUSH_KIND, PUSH_REVERT_KIND, pushLedgerPrefix } from '../core/push/job';
import { pushLayout, pushRowKeys } from '../core/push/kind';
import type { PushRevertOptions } from '../core/push/revert';
import {
  PUSH_PREVIEW_STATUSES,
  PUSH_REVERT_STATUSES,
  PUSH_RUN_STATUSES,
  type PushEntry,
  type PushJobOptions,
  type PushOptions,
} from '../core/push/types';
import { maskedValues } from '../core/rows/scope';
import { DEFAULT_COUNTRY } from '../core/settings/settings';
import { currentLocale } from '../gas/locale';
import { createPipelineSheet } from '../gas/pipeline-sheet';
import { pushMemorySheet } from '../gas/push-memory-sheet';
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
import { startJob } from './jobs-api';
import { checkScope, loadReference, newPlanId, registerLedgerReclaimer } from './lead-actions-api';
import { splitRowsOption } from './rows-option';

// Finished pushes' records give way when the person's storage runs short (lead-actions-api.ts).
registerLedgerReclaimer(
  (store) => [...new Set(store.keys().flatMap((key) => /^push\.([^.~]+)\./.exec(key)?.[1] ?? []))],
  pushLedgerPrefix,
);

const OPTION_NAMES = new Set(['sheet', 'preview', 'onConflict']);

/** The options as given, checked: an unknown or malformed one throws naming the fix. */
function parsePushOptions(input: unknown): Required<Pick<PushOptions, 'sheet'>> & PushOptions {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw codedError(
      'crmPushChanges takes an object: {sheet, preview, onConflict, rows}.',
      'badPushOptions',
    );
  }
  const options = input as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.has(key))
      throw codedError(
        `Unknown option "${key}": crmPushChanges takes sheet, preview, onConflict and rows.`,
        'badPushOptions',
        { option: key },
      );
  }
  if (typeof options.sheet !== 'string' || options.sheet.trim() === '')
    throw codedError('sheet: give the name of the exported sheet to push.', 'badPushOptions', {
      option: 'sheet',
    });
  if (options.preview !== undefined && typeof options.preview !== 'boolean')
    throw codedError('preview must be true or false.', 'badPushOptions', { option: 'preview' });
  if (
    options.onConflict !== undefined &&
    options.onConflict !== 'skip' &&
    options.onConflict !== 'sheet'
  )
    throw codedError(
      'onConflict must be "skip" (the default: a conflicting row is left alone) or "sheet" (send the sheet\'s value anyway).',
      'badPushOptions',
      { option: 'onConflict' },
    );
  return options as unknown as Required<Pick<PushOptions, 'sheet'>> & PushOptions;
}

/** Include tokens a lead read needs: its pending tasks and sales always, the owner when exported. */
function includesFor(columns: readonly string[]): PushJobOptions['include'] {
  const owner = columns.some((c) => ['owner_name', 'owner_email', 'assigned_to'].includes(c));
  return owner ? ['sales', 'tasks', 'owner'] : ['sales', 'tasks'];
}

/**
 * The preview a run keeps to (PRODUCT.md "A run does what its preview showed"): the newest
 * finished push preview of the same sheet and onConflict within PLAN_FRESH_MS.
 */
function matchingPreview(
  sheetId: number,
  onConflict: string,
): { job: JobRecord; entries: PushEntry[] } | undefined {
  const preview = engineDeps()
    .store.list()
    .reverse()
    .find((job) => {
      const o = job.options as PushJobOptions | null;
      return (
        job.kind === PUSH_KIND &&
        o?.mode === 'preview' &&
        o.sheetId === sheetId &&
        o.onConflict === onConflict
      );
    });
  if (preview?.state !== 'done' || Date.now() - preview.createdAt > PLAN_FRESH_MS) return undefined;
  const entries = new Ledger<PushEntry>(spreadsheetDataStore(), pushLedgerPrefix(preview.jobId))
    .load(readWalkCursor(preview.cursor).shards)
    .entries();
  if (entries.length === 0 && preview.total > 0) return undefined;
  return { job: preview, entries };
}

/**
 * Sends back to the CRM the cells a person changed in an exported sheet since the export (or
 * the last push, or sync) wrote them (PRODUCT.md "Round trip"): fields by upsert keyed by the
 * lead's own e-mail or phone, a stage by PUT …/stage (…/won, …/lost), tags by their add and
 * remove requests; an untouched row costs no request. `preview: true` reads the CRM once and
 * writes WILL_CHANGE / NO_CHANGE / CONFLICT / INVALID / NOT_FOUND / SKIPPED with each field's
 * before → after in `CRM Push Detail`. A run after a preview keeps to it (NOT_PREVIEWED).
 * Statuses go to the CRM Push columns; `CRM Push Run` is the run id crmRevertPush takes.
 * @example crmPushChanges({sheet: 'Export', preview: true})
 */
export function crmPushChanges(input: PushOptions): JobSummary {
  const rowsOption = splitRowsOption(input);
  const options = parsePushOptions(rowsOption.rest);
  const settings = requireSettings();
  const spreadsheet = currentSpreadsheet();
  const sheet = requireJobSheet(spreadsheet, options.sheet);
  const memory = pushMemorySheet(spreadsheet, sheet.getSheetId()).load();
  if (!memory) {
    throw codedError(
      `The sheet "${options.sheet}" was not written by an export, so nothing tells what changed: export into it (crmExportLeads or CRM → Export leads), edit it, then push.`,
      'pushNothingRemembered',
      { sheet: options.sheet },
    );
  }
  const read = createPipelineSheet(sheet, 1).read();
  const scoped = resolveRowScope(sheet, 1, rowsOption.choice, read, rowsOption.text);
  const values = maskedValues(read, scoped?.scope);
  const layout = pushLayout(values.header, memory);
  if (layout.id === undefined) {
    throw codedError(
      `The sheet "${options.sheet}" has no lead id column (ID): the push finds each row's lead by it. Put the export's ID column back.`,
      'pushNoIdColumn',
      { sheet: options.sheet },
    );
  }
  const client = clientFor(settings);
  const columns = memory.columns;
  let ref: PushJobOptions['ref'];
  let users: PushJobOptions['users'];
  let customFields: PushJobOptions['customFields'];
  try {
    ref = loadReference(client, settings, false, undefined, true);
    const pacing = startPacing(pacerFor(settings), appsScriptClock);
    users = pacedCall(() => client.users.list(), pacing).map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
    }));
    customFields = columns.some((c) => c.startsWith('custom_fields.'))
      ? pacedCall(() => client.customFields.list(), pacing)
      : [];
  } catch (error) {
    throw startFailure(error, 'read the CRM pipelines, users and custom fields');
  }
  checkScope(client, settings, 'stage');
  const onConflict = options.onConflict ?? 'skip';
  const preview =
    options.preview === true ? undefined : matchingPreview(sheet.getSheetId(), onConflict);
  const planRef = preview
    ? savePlan(
        spreadsheetDataStore(),
        newPlanId(),
        planOfPreview(preview.entries),
        'preview',
        preview.job.jobId,
      )
    : undefined;
  const locale = currentLocale();
  const jobOptions: PushJobOptions = {
    v: 1,
    mode: options.preview ? 'preview' : 'run',
    onConflict,
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    headerRow: 1,
    locale,
    defaultCountry: settings.defaultCountry || DEFAULT_COUNTRY,
    timeZone: spreadsheet.getSpreadsheetTimeZone(),
    ref,
    users,
    customFields,
    include: includesFor(columns),
    ...(planRef ? { plan: planRef } : {}),
    ...(scoped ? { rowScope: scoped.scope } : {}),
  };
  const total = pushRowKeys(values, layout).filter((k) => k !== '').length;
  return startJob({
    owner: ownerOf(settings),
    kind: PUSH_KIND,
    options: jobOptions,
    total,
    statuses: options.preview ? PUSH_PREVIEW_STATUSES : PUSH_RUN_STATUSES,
    settleOnCancel: !options.preview,
    message: translator(locale)('push.message.queued', { sheet: sheet.getName() }),
    sheet: { id: sheet.getSheetId(), name: sheet.getName(), jobName: 'Push' },
  });
}

function requirePushRun(runId: unknown): JobRecord {
  const id = typeof runId === 'string' ? runId.trim() : '';
  const job = id ? engineDeps().store.get(id) : null;
  if (!job || job.kind !== PUSH_KIND) {
    throw codedError(
      `No push run has the id "${String(runId)}": pass the id in the CRM Push Run column of a push you ran.`,
      'noSuchRun',
    );
  }
  if ((job.options as PushJobOptions).mode !== 'run')
    throw codedError(`Job ${id} is a push preview: it changed nothing to revert.`, 'previewRun');
  if (!isFinished(job.state) && job.state !== 'paused') {
    throw codedError(
      `Push ${id} is still ${job.state}: pause or cancel it, or let it finish, before reverting it.`,
      'runPending',
    );
  }
  for (const other of engineDeps().store.list()) {
    const o = other.options as PushRevertOptions | null;
    if (other.kind !== PUSH_REVERT_KIND || o?.runId !== id || o.mode !== 'revert') continue;
    if (other.state === 'done')
      throw codedError(
        `Push ${id} was already reverted (job ${other.jobId}): reverting it again would undo changes made since.`,
        'runReverted',
        { runId: id, jobId: other.jobId },
      );
    if (!isFinished(other.state))
      throw codedError(
        `Push ${id} is being reverted by job ${other.jobId} (${other.state}): resume or cancel that revert instead.`,
        'revertPending',
        { runId: id, jobId: other.jobId },
      );
  }
  return job;
}

/**
 * Puts back the before-values of every DONE field of push `runId` that nobody changed since
 * (REVERTED); a field the CRM changed since stays (CHANGED_SINCE); a stage that was won or lost
 * is never entered again, nor an empty field emptied (NOT_REVERSIBLE). `preview: true` changes nothing.
 * @example crmRevertPush('j-abc123', {preview: true})
 */
export function crmRevertPush(runId: string, options: { preview?: boolean } = {}): JobSummary {
  const run = requirePushRun(runId);
  const settings = requireSettings();
  const runOptions = run.options as PushJobOptions;
  const runShards = readWalkCursor(run.cursor).shards;
  const done = new Ledger<PushEntry>(spreadsheetDataStore(), pushLedgerPrefix(run.jobId))
    .load(runShards)
    .entries()
    .some((e) => e.s === 'DONE');
  if ((run.counts.DONE ?? 0) > 0 && !done) {
    throw codedError(
      `Push ${run.jobId} can no longer be reverted: its record of the leads' before-values is not in your storage (only the person who ran it can revert it, and the oldest records give way when storage is full).`,
      'runForgotten',
      { runId: run.jobId },
    );
  }
  checkScope(clientFor(settings), settings, 'stage');
  const locale = currentLocale();
  const jobOptions: PushRevertOptions = {
    v: 1,
    mode: options?.preview ? 'revertPreview' : 'revert',
    runId: run.jobId,
    run: runOptions,
    runShards,
    locale,
  };
  return startJob({
    owner: ownerOf(settings),
    kind: PUSH_REVERT_KIND,
    options: jobOptions,
    statuses: PUSH_REVERT_STATUSES,
    message: translator(locale)('leadjob.message.revertProgress', {
      runId: run.jobId,
      done: 0,
      total: 0,
    }),
    sheet: { id: runOptions.sheetId, name: runOptions.sheetName, jobName: 'Push revert' },
  });
}
