import type { CrmApi, CrmClient } from '../../api/client';
import {
  CrmError,
  InvalidInputError,
  LimitReachedError,
  UnprocessableError,
} from '../../api/errors';
import type { Settled } from '../../api/http';
import type { UpsertLeadInput } from '../../api/schemas';
import { errorCauseOf } from '../errors';
import { type Locale, type Translate, translator } from '../i18n';
import { inputProblemDetail } from '../input-problem';
import type { JobHandler, StepContext, StepResult } from '../jobs/engine';
import { JobYield, jobControlOf, messageOf } from '../jobs/errors';
import type { JobRecord } from '../jobs/record';
import { pacedAll, pacedCall, pauseForAccessError, stepPacing } from '../jobs/requests';
import {
  applyCounts,
  applyCountsDelta,
  guardedStep,
  headersChangedMessage,
  type RowWindow,
  readWithStatusColumns,
  StepClock,
  stopJob,
  writeInRuns,
} from '../jobs/row-job';
import type { Pacer } from '../pacing';
import { crmDetail } from '../person-message';
import type { Clock, KeyValueStore } from '../ports';
import { conflictReason } from './conflict';
import { matchKeyId } from './fingerprint';
import { HeaderMappingError } from './headers';
import { auditImportSheet, type WrittenOutcome } from './job-audit';
import { type FingerprintBook, openFingerprintBook } from './job-fingerprints';
import { ExistenceKnowledge } from './job-knowledge';
import { type ImportJobOptions, readImportJobOptions } from './job-options';
import { fetchReferenceData, findDefaultPipeline, type ReferenceData } from './job-requests';
import {
  analyseSheet,
  countRows,
  type Decision,
  emptyCounts,
  fingerprintOf,
  type JobCounts,
  mapJobHeaders,
  missingStatusHeaders,
  type PayloadCache,
  relocateRow,
  relocationKeys,
  type SendDecision,
  type SheetAnalysis,
  statusCells,
  statusColumnsOf,
} from './job-sheet';
import type { SheetTable } from './job-table';
import type { Existence } from './lookup';
import type { DateFormatter } from './normalize';
import { buildLeadPayload, type ImportContext, placeExisting } from './row';
import {
  DEFAULT_IMPORT_MODE,
  IMPORT_ROW_STATUSES,
  type ImportMode,
  type ImportRowStatus,
} from './status-columns';

export const IMPORT_JOB_KIND = 'import';

/** What the import handler needs from the platform; built once per execution, on first use. */
export interface ImportJobEnv {
  client: CrmClient;
  /** The user's shared pacer for the API key, over the clock given. */
  pacer(clock: Clock): Pacer;
  /** Document properties: the fingerprints of each sheet's last successful imports. */
  store: KeyValueStore;
  defaultCountry: string;
  /** Date cells to `YYYY-MM-DD` in the spreadsheet's time zone. */
  formatDate: DateFormatter;
  /** The job's sheet, found by id (renaming it is harmless); null when it was deleted. */
  openTable(sheetId: number, headerRow: number): SheetTable | null;
  /** Reference data already fetched in this execution (by crmImportLeads), if any. */
  referenceMemo?: { get(): ReferenceData | undefined; set(data: ReferenceData): void };
  /** Bytes the import memory may still grow by in `store` (its budget); unbounded without. */
  memoryRoom?: () => number;
}

export interface ImportHandlerOptions {
  /** Random source for back-off jitter; tests pass a seeded one. */
  random?: () => number;
}

/**
 * Rows sent per step. Each step reads the sheet before deciding and again right before writing
 * the batch's statuses, so the two reads are shared by this many rows.
 */
export const IMPORT_BATCH_ROWS = 20;
/**
 * Rows read where the scan goes on (the whole sheet is read only at the start and at the end
 * of a pass): the next batch and as many again, so that a window is seldom without rows to send.
 */
export const IMPORT_WINDOW_ROWS = 2 * IMPORT_BATCH_ROWS;
/**
 * The memory is saved after this many new entries (a flush writes up to MEMORY_SHARDS
 * properties), when a slice nears its end, and at the finish.
 */
export const FINGERPRINT_FLUSH_EVERY = 100;
/** The CRM's pace (60 requests a minute): how many requests the rest of a slice can make. */
const MS_PER_REQUEST = 1_000;

export interface RowOutcome {
  status: ImportRowStatus;
  /** The lead id to write; undefined keeps what the cell holds. */
  leadId?: number;
  detail: string;
}

/** An outcome decided for a row found by its match key, to write once it is found again. */
interface KeyedOutcome {
  matchKey: string;
  fingerprint: string;
  hintIndex: number;
  outcome: RowOutcome;
}

interface JobRun {
  options: ImportJobOptions;
  mode: ImportMode;
  t: Translate;
  table: SheetTable;
  book: FingerprintBook;
  payloads: PayloadCache;
  knowledge: ExistenceKnowledge;
  /** The default country, to compare the row's phone with the lead's. */
  country: string;
  /**
   * What the job wrote per match key id (matchKeyId): the sheet is checked against it
   * (job-audit.ts). This execution's writes, and those of earlier ones not yet checked (from
   * the cursor: status and lead id, no detail).
   */
  written: Map<string, WrittenOutcome>;
  /** Rows written since the last check (data row, key id), kept in the cursor across slices. */
  unchecked: { row: number; keyId: string }[];
}

/** Job options that no longer fit the CRM's data: the user must fix something first. */
class ImportOptionsError extends Error {
  override name = 'ImportOptionsError';
}

/** Utilities.formatDate is a service call; the same date cells come back at every step. */
function memoizedFormatter(format: DateFormatter): DateFormatter {
  const seen = new Map<number, string>();
  return (date) => {
    const time = date.getTime();
    let text = seen.get(time);
    if (text === undefined) {
      text = format(date);
      seen.set(time, text);
    }
    return text;
  };
}

/** Statuses of an earlier import whose `CRM Lead ID` cell names the row's lead. */
const LEAD_ID_STATUSES: ReadonlySet<string> = new Set([
  'CREATED',
  'UPDATED',
  'UNCHANGED',
  'EXISTS',
]);

/**
 * The `import` job (PRODUCT.md, Import). A step reads the sheet, writes the rows that cost no
 * request (INVALID, DUPLICATE, UNCHANGED), takes the next batch of rows to send, learns which
 * of their leads exist (job-knowledge.ts), decides each row by the job's `mode`, upserts, then
 * reads the sheet again and writes each status on the row its match key is on now.
 *
 * An existing lead is sent only the row's own cells, so it keeps its pipeline, stage and
 * name unless the sheet has a column for them; a new lead also gets the job's pipeline and
 * stage. The CRM's 422 field errors mark the row INVALID; FAILED is kept for failures where
 * the same row may succeed later (5xx, network, plan limit).
 */
export function createImportJobHandler(
  getEnv: () => ImportJobEnv,
  handlerOptions: ImportHandlerOptions = {},
): JobHandler {
  const runs = new Map<string, JobRun>();
  const stepClock = new StepClock('import');
  let pacer: Pacer | undefined;
  let reference: ReferenceData | undefined;
  let context: { key: string; value: ImportContext } | undefined;

  function pacerOf(_ctx: StepContext, env: ImportJobEnv): Pacer {
    pacer ??= env.pacer(stepClock);
    return pacer;
  }

  function pacedOptions(ctx: StepContext, env: ImportJobEnv) {
    return stepPacing(pacerOf(ctx, env), ctx, handlerOptions.random);
  }

  function referenceData(ctx: StepContext, env: ImportJobEnv): ReferenceData {
    reference ??= env.referenceMemo?.get();
    if (!reference) {
      reference = fetchReferenceData(env.client, pacedOptions(ctx, env));
      env.referenceMemo?.set(reference);
    }
    return reference;
  }

  /**
   * The id of the account's default pipeline (0: none flagged), asked once per job and kept in
   * its cursor, and only by a job that may create leads with no pipeline option: GET /pipelines
   * lists no `is_default`, GET /pipelines/{id} does (crm-api-v1.md).
   */
  function defaultPipelineId(
    job: JobRecord,
    run: JobRun,
    ctx: StepContext,
    env: ImportJobEnv,
    data: ReferenceData,
  ): number {
    const { options } = run;
    if (run.mode === 'update' || options.pipeline !== undefined || options.stage !== undefined)
      return 0;
    const kept = (job.cursor as { defaultPipeline?: unknown } | null)?.defaultPipeline;
    if (typeof kept === 'number') return kept;
    const found = findDefaultPipeline(env.client, data.pipelines, pacedOptions(ctx, env));
    const id = found?.id ?? 0;
    job.cursor = { ...((job.cursor as object | null) ?? {}), defaultPipeline: id };
    return id;
  }

  function contextFor(run: JobRun, env: ImportJobEnv, data: ReferenceData, fallback: number) {
    const { options } = run;
    const key = JSON.stringify([
      options.matchBy,
      options.pipeline,
      options.stage,
      options.locale,
      fallback,
    ]);
    if (context?.key !== key) {
      const value: ImportContext = {
        customFields: data.customFields,
        pipelines: data.pipelines,
        users: data.users,
        defaultCountry: env.defaultCountry,
        matchBy: options.matchBy,
        formatDate: memoizedFormatter(env.formatDate),
        defaults: {
          ...(options.pipeline === undefined ? {} : { pipeline: options.pipeline }),
          ...(options.stage === undefined ? {} : { stage: options.stage }),
        },
        accountDefault: () => data.pipelines.find((p) => p.id === fallback),
        t: run.t,
      };
      context = { key, value };
    }
    return context.value;
  }

  /** Reads the sheet (creating missing status columns) and decides every row. */
  function readSheet(
    run: JobRun,
    job: JobRecord,
    ctx: StepContext,
    ctxImport: ImportContext,
    window?: RowWindow,
  ) {
    const { options, table } = run;
    const { read, columns } = readWithStatusColumns({
      read: () => {
        const values = table.read(window);
        return { values, headerMap: mapJobHeaders(values.header, ctxImport, options.mapping) };
      },
      columnsOf: ({ headerMap }) => statusColumnsOf(headerMap),
      missingHeaders: ({ headerMap }) => missingStatusHeaders(headerMap),
      appendHeaders: (headers) => table.appendHeaders(headers),
      t: run.t,
    });
    const { values, headerMap } = read;
    try {
      return analyseSheet({
        header: values.header,
        rows: values.rows,
        headerMap,
        columns,
        context: ctxImport,
        headerRow: options.headerRow,
        ...(options.dryRun ? {} : { processedSince: job.createdAt }),
        readAt: ctx.clock.now(),
        cache: run.payloads,
        offset: values.offset ?? 0,
        complete: values.complete ?? true,
      });
    } catch (error) {
      // Options checked at the start no longer fit the CRM (a pipeline was deleted…), said in
      // the job's language when the error carries the words.
      const problem = errorCauseOf(error)?.params?.problem;
      throw new ImportOptionsError(typeof problem === 'string' ? problem : messageOf(error));
    }
  }

  function runFor(job: JobRecord, env: ImportJobEnv): JobRun | string {
    const existing = runs.get(job.jobId);
    if (existing) return existing;
    const options = readImportJobOptions(job.options);
    const locale: Locale =
      (job.options as { locale?: unknown } | null)?.locale === 'pt' ? 'pt' : 'en';
    const t = translator(locale);
    if (!options) return t('import.job.oldVersion');
    const table = env.openTable(options.sheetId, options.headerRow);
    if (!table) return t('import.job.sheetGone', { sheet: options.sheetName });
    const run: JobRun = {
      options,
      mode: options.mode ?? DEFAULT_IMPORT_MODE,
      t,
      table,
      // The memory belongs to the CRM account and base URL the job runs against (its owner).
      book: openFingerprintBook(
        env.store,
        options.sheetId,
        job.owner ?? '',
        () => {
          try {
            return stepClock.now();
          } catch {
            return Date.now();
          }
        },
        env.memoryRoom,
      ),
      payloads: new Map(),
      knowledge: new ExistenceKnowledge(env.client, options.matchBy, env.defaultCountry),
      country: env.defaultCountry,
      written: new Map(),
      unchecked: [],
    };
    loadPendingChecks(job, run);
    runs.set(job.jobId, run);
    return run;
  }

  /**
   * Writes outcomes of rows of `analysis` (the read that immediately precedes this write),
   * one write per run of consecutive rows; returns how many rows it wrote.
   */
  function writeOutcomes(
    run: JobRun,
    analysis: SheetAnalysis,
    outcomes: ReadonlyArray<{ index: number; outcome: RowOutcome }>,
    now: () => number,
    stopAfter?: number,
  ): number {
    const sorted = [...outcomes].sort((a, b) => a.index - b.index);
    return writeInRuns(
      sorted,
      (slice) => {
        const at = new Date(now());
        const cells = statusCells(analysis, slice, at, run.options.dryRun);
        run.table.writeRows(analysis.offset + (slice[0]?.index ?? 0), cells.columns, cells.values);
        slice.forEach(({ index, outcome }) => {
          analysis.decisions[index] = { kind: 'done', status: outcome.status };
        });
      },
      now,
      stopAfter,
    );
  }

  /** What a row costs nothing to decide, before anything about its lead is known. */
  function outcomeWithoutRequest(decision: Decision, run: JobRun): RowOutcome | 'send' | undefined {
    const { t } = run;
    switch (decision.kind) {
      case 'skip':
      case 'done':
        return undefined;
      case 'invalid':
        return { status: 'INVALID', detail: decision.reason };
      case 'duplicate':
        return { status: 'DUPLICATE', detail: decision.reason };
      case 'send': {
        if (run.options.dryRun) return 'send';
        const last = run.book.get(matchKeyId(decision.matchKey));
        if (last && run.mode !== 'create' && last.fingerprint === fingerprintOf(decision)) {
          return { status: 'UNCHANGED', leadId: last.leadId, detail: t('import.unchanged') };
        }
        return 'send';
      }
    }
  }

  /** Existence of a row's lead from what costs no request: the memory, the sheet's id cell. */
  function knownWithoutRequest(
    run: JobRun,
    analysis: SheetAnalysis,
    index: number,
    decision: SendDecision,
  ): Existence | undefined {
    const known = run.knowledge.get(decision.matchKey);
    if (known) return known;
    // Mode `update` never creates: only the CRM can say its lead still exists (a lead deleted
    // since the memory or the id cell was written would come back as a new lead).
    if (run.mode === 'update') return undefined;
    // A stage cell alone is a stage of the lead's own pipeline, which only the CRM knows.
    if (decision.stageOnly !== undefined) return undefined;
    // The upsert matches by the row's key, not by the id remembered: the key may now be another
    // person's (an e-mail typed over, an id column pasted from elsewhere, a row written over).
    // Only the CRM's record of that lead can say, so a row that could be a CONFLICT asks it.
    if (mayConflict(run, decision)) return undefined;
    const by = decision.matchKey.startsWith('email:') ? 'email' : 'phone';
    const remembered = run.book.get(matchKeyId(decision.matchKey));
    if (remembered) return { exists: true, leadId: remembered.leadId, by, via: 'memory' };
    const row = analysis.rows[index] ?? [];
    const id = row[analysis.columns.leadId];
    const status = String(row[analysis.columns.status] ?? '');
    if (
      typeof id === 'number' &&
      Number.isSafeInteger(id) &&
      id > 0 &&
      LEAD_ID_STATUSES.has(status)
    )
      return { exists: true, leadId: id, by, via: 'sheet' };
    return undefined;
  }

  /** The outcome of a row whose existence is known, or the body to send for it. */
  function decideRow(
    run: JobRun,
    decision: SendDecision,
    existence: Existence,
    importContext: ImportContext,
  ): RowOutcome | { send: SendDecision['payload']; expectCreate: boolean } {
    const { t, mode } = run;
    const keyWord = t(
      existence.exists === false || existence.by === 'email'
        ? 'import.key.email'
        : 'import.key.phone',
    );
    const key = existence.exists === false ? keyOfMatch(decision.matchKey, t) : keyWord;
    if (existence.exists === 'unclear') {
      return {
        status: 'FAILED',
        detail: t('import.lookupUnclear', { key, count: existence.seen }),
      };
    }
    if (existence.exists) {
      // Any lead the key finds may be the one the CRM updates: each must be this person.
      const conflict =
        mode !== 'create' && run.options.onConflict !== 'update'
          ? (existence.leads ?? [])
              .map((lead) => conflictReason(decision.payload, lead, existence.by, run.country, t))
              .find((reason) => reason !== undefined)
          : undefined;
      if (conflict !== undefined) {
        // The other person's id is named in the detail, never written as this row's lead id
        // (a send by `CRM Lead ID` would message them).
        return { status: 'CONFLICT', detail: conflict };
      }
      if (mode === 'create') {
        return existence.leadId === undefined
          ? { status: 'EXISTS', detail: t('import.existsNoId', { key }) }
          : {
              status: 'EXISTS',
              leadId: existence.leadId,
              detail: t('import.exists', { id: existence.leadId, key }),
            };
      }
      let payload = decision.payload;
      if (decision.stageOnly !== undefined) {
        const placed = placeForExisting(decision, existence, importContext, t);
        if ('status' in placed) return placed;
        payload = { ...payload, ...placed };
      }
      if (run.options.dryRun) {
        const moved =
          payload.pipeline_id !== undefined || payload.stage_id !== undefined
            ? t('import.dry.moved')
            : '';
        return existence.leadId === undefined
          ? { status: 'VALID', detail: t('import.dry.updateNoId', { key, moved }) }
          : {
              status: 'VALID',
              leadId: existence.leadId,
              detail: t('import.dry.update', { id: existence.leadId, key, moved }),
            };
      }
      return { send: payload, expectCreate: false };
    }
    if (mode === 'update') return { status: 'NOT_FOUND', detail: t('import.notFound', { key }) };
    const create = decision.create;
    if (!create.ok) {
      return {
        status: 'INVALID',
        detail: t('import.cannotCreate', { key, reason: create.reason }),
      };
    }
    if (run.options.dryRun) {
      const [pipeline, stage] = create.names;
      const words = create.byDefault ? 'import.dry.createDefault' : 'import.dry.create';
      return { status: 'VALID', detail: t(words, { pipeline, stage }) };
    }
    return { send: { ...decision.payload, ...create.place }, expectCreate: true };
  }

  /**
   * A row's outcome from its upsert's answer; `stopWith` when the whole job must stop (plan
   * limit). Undefined when the request never left (no rate-limit slot before the slice ends):
   * the row stays for the next step. Errors that stop the job (401/403, bugs) are thrown.
   */
  function outcomeOfUpsert(
    run: JobRun,
    decision: SendDecision,
    expectCreate: boolean,
    answer: Settled<{ created: boolean; lead: { id: number } }>,
    matchedBy: 'email' | 'phone' | undefined,
  ): { outcome: RowOutcome; stopWith?: string } | undefined {
    const { t } = run;
    if (answer.ok) {
      const leadId = answer.value.lead.id;
      run.book.set(matchKeyId(decision.matchKey), { fingerprint: fingerprintOf(decision), leadId });
      // The key the lookup found the lead by (an e-mail row may match by its phone).
      const by = matchedBy ?? (decision.matchKey.startsWith('email:') ? 'email' : 'phone');
      const key = t(by === 'email' ? 'import.key.email' : 'import.key.phone');
      run.knowledge.remember(decision.matchKey, { exists: true, leadId, by, via: 'lookup' });
      if (!answer.value.created) {
        return {
          outcome: { status: 'UPDATED', leadId, detail: t('import.updated', { id: leadId, key }) },
        };
      }
      return {
        outcome: {
          status: 'CREATED',
          leadId,
          detail: expectCreate
            ? t('import.created', { id: leadId })
            : t('import.createdNotFound', { id: leadId, key }),
        },
      };
    }
    const error = answer.error;
    if (jobControlOf(error) === 'yield') return undefined;
    if (jobControlOf(error) || pauseForAccessError(error)) throw error;
    if (error instanceof LimitReachedError) {
      return {
        outcome: {
          status: 'FAILED',
          detail: t('import.crmLimit', { detail: crmDetail(error, t) }),
        },
        stopWith: t('import.job.limit', { message: error.message }),
      };
    }
    if (error instanceof UnprocessableError) {
      return {
        outcome: {
          status: 'INVALID',
          detail: t('import.crmRefused', { detail: crmDetail(error, t) }),
        },
      };
    }
    if (error instanceof InvalidInputError) {
      return { outcome: { status: 'INVALID', detail: inputProblemDetail(error, t) } };
    }
    if (error instanceof CrmError) {
      return {
        outcome: {
          status: 'FAILED',
          detail: t('import.crmError', { detail: crmDetail(error, t) }),
        },
      };
    }
    throw error;
  }

  /**
   * Mode `update` never creates (PRODUCT.md): a lead deleted in the CRM between the job's look
   * and its upsert came back as a new lead made of this row alone. It is deleted again at once
   * and the row is NOT_FOUND; if the delete fails, the row says so.
   */
  function undoCreation(
    run: JobRun,
    decision: SendDecision,
    created: RowOutcome,
    ctx: StepContext,
    env: ImportJobEnv,
  ): RowOutcome {
    const { t } = run;
    const id = created.leadId as number;
    const key = keyOfMatch(decision.matchKey, t);
    run.knowledge.remember(decision.matchKey, { exists: false, via: 'lookup' });
    try {
      pacedCall(() => env.client.leads.delete(id), pacedOptions(ctx, env));
    } catch (error) {
      if (jobControlOf(error)) throw error;
      return { ...created, detail: t('import.update.createdKept', { id, key }) };
    }
    run.book.forget(matchKeyId(decision.matchKey));
    return { status: 'NOT_FOUND', detail: t('import.update.createdUndone', { id, key }) };
  }

  function flushIfDue(run: JobRun, ctx: StepContext, finishing: boolean): void {
    if (finishing || nearSliceEnd(ctx) || run.book.unsaved >= FINGERPRINT_FLUSH_EVERY)
      run.book.flush();
  }

  function step(job: JobRecord, ctx: StepContext): StepResult {
    return guardedStep(job, ctx, {
      clock: stepClock,
      env: getEnv,
      runFor,
      work: (run, env) => stepRun(job, ctx, env, run),
      afterError: (_error, run) => {
        // Whatever stops the step, the fingerprints gathered so far are worth keeping.
        run.book.flush();
        runs.delete(job.jobId);
      },
      pauseMessage: (error, run) => {
        if (error instanceof ImportOptionsError) {
          return run.t('import.job.optionsChanged', { problem: error.message });
        }
        if (error instanceof HeaderMappingError) {
          return headersChangedMessage(run.options.sheetName, 'import', error.message, run.t);
        }
        return undefined;
      },
    });
  }

  function stepRun(job: JobRecord, ctx: StepContext, env: ImportJobEnv, run: JobRun): StepResult {
    const data = referenceData(ctx, env);
    const fallback = defaultPipelineId(job, run, ctx, env, data);
    const importContext = contextFor(run, env, data, fallback);
    const now = () => ctx.clock.now();
    const { dryRun } = run.options;
    const scan = scanOf(job);
    /** Count changes of windows, applied to the job's counts (a whole read recounts). */
    const deltas: [JobCounts, JobCounts][] = [];
    const write = (
      analysis: SheetAnalysis,
      outcomes: ReadonlyArray<{ index: number; outcome: RowOutcome }>,
      stopAfter?: number,
    ) => {
      const before = countRows(analysis);
      const written = writeOutcomes(run, analysis, outcomes, now, stopAfter);
      if (isWholeRead(analysis)) {
        applyCounts(job, countRows(analysis));
        deltas.length = 0;
      } else deltas.push([before, countRows(analysis)]);
      return written;
    };
    /** The job's counts after this step's writes (progress recounts a whole read anyway). */
    const settleCounts = () => {
      for (const [before, after] of deltas) applyCountsDelta(job, before, after);
      deltas.length = 0;
    };
    const goOn = (analysis: SheetAnalysis, finished: boolean, next?: number) => {
      settleCounts();
      return progress(job, run, analysis, finished && isWholeRead(analysis), ctx, next);
    };

    // 1. Rows that cost nothing, written by position in the read just taken: the whole sheet
    // at the start and at the end of a pass (and for a dry run, which writes every row at the
    // end of its one step), else the rows where the scan goes on.
    const first =
      dryRun || scan === undefined
        ? readSheet(run, job, ctx, importContext)
        : readSheet(run, job, ctx, importContext, { first: scan, count: IMPORT_WINDOW_ROWS });
    const { free, toSend } = splitRows(run, first);
    if (!dryRun) {
      // UNCHANGED is decided by key: recorded like a sent row's outcome (before the write
      // marks the rows done).
      const freeKeys = free.map(({ index, outcome }) => keyOfFree(first, index, outcome));
      const written = write(first, free, ctx.latestStartAt);
      free.slice(0, written).forEach(({ outcome }, i) => {
        const key = freeKeys[i];
        if (key) run.written.set(matchKeyId(key.matchKey), { ...outcome, fingerprint: key.print });
      });
      if (written < free.length) return goOn(first, false, scan);
      if (toSend.length === 0) {
        const end = endOfWindow(first);
        if (end !== undefined || !isWholeRead(first)) return goOn(first, true, end);
        // The end of a pass: check every status against what was written, repair what moved;
        // after repairs another pass decides the rows cleared, and checks again.
        const rounds = auditRoundsOf(job);
        const audited = auditAndRepair(run, job, ctx, importContext);
        if (audited.repaired > 0 && rounds < MAX_AUDIT_ROUNDS) {
          setAuditRounds(job, rounds + 1);
          return goOn(audited.read, false, undefined);
        }
        return goOn(audited.read, true, undefined);
      }
    }

    // 2. The next batch (every row for a dry run): what is known of its leads, then learn the rest.
    const batch = dryRun ? toSend : toSend.slice(0, IMPORT_BATCH_ROWS);
    let unknownRows = 0;
    for (const entry of toSend) {
      const known = knownWithoutRequest(run, first, entry.index, entry.decision);
      if (known) run.knowledge.remember(entry.decision.matchKey, known);
      else unknownRows += 1;
    }
    // A window sees only its rows: the rows the job has left bound those still to answer.
    if (!isWholeRead(first)) unknownRows = Math.max(unknownRows, job.total - job.done);
    const reach = Math.floor((ctx.deadline - now()) / MS_PER_REQUEST);
    const rowsToAnswer = Math.min(unknownRows, dryRun ? reach : Math.floor(reach / 2));
    run.knowledge.learn(
      batch.map(({ decision }) => decision),
      rowsToAnswer,
      pacedOptions(ctx, env),
    );
    // 3. Each row of the batch: refused, or sent; the upserts leave together, as many at once
    // as the rate limit has free slots (pacedAll). An error that stops the job (a refused key)
    // still lets the rows answered before it get their status.
    const keyed: KeyedOutcome[] = [];
    const toUpsert: {
      index: number;
      decision: SendDecision;
      body: { send: UpsertLeadInput; expectCreate: boolean };
      by: 'email' | 'phone' | undefined;
    }[] = [];
    for (const { index, decision } of batch) {
      const existence = run.knowledge.get(decision.matchKey);
      if (!existence && !dryRun) continue;
      const decided: ReturnType<typeof decideRow> = existence
        ? decideRow(run, decision, existence, importContext)
        : { status: 'VALID', detail: run.t('import.dry.unchecked') };
      if ('status' in decided) keyed.push(keyedOutcome(index, decision, decided));
      else {
        const by = existence?.exists === true ? existence.by : undefined;
        toUpsert.push({ index, decision, body: decided, by });
      }
    }
    let stopWith: string | undefined;
    let stopError: unknown;
    if (toUpsert.length > 0) {
      const answers = pacedAll(
        env.client,
        toUpsert.map(
          ({ body }) =>
            (c: CrmApi) =>
              c.leads.upsert(body.send),
        ),
        pacedOptions(ctx, env),
      );
      toUpsert.forEach(({ index, decision, body, by }, i) => {
        try {
          const result = outcomeOfUpsert(
            run,
            decision,
            body.expectCreate,
            answers[i] as Settled<{ created: boolean; lead: { id: number } }>,
            by,
          );
          if (!result) return;
          const outcome =
            run.mode === 'update' && result.outcome.status === 'CREATED'
              ? undoCreation(run, decision, result.outcome, ctx, env)
              : result.outcome;
          keyed.push(keyedOutcome(index, decision, outcome));
          stopWith ??= result.stopWith;
        } catch (error) {
          stopError ??= error;
        }
      });
    }
    if (keyed.length === 0) {
      if (stopError !== undefined) throw stopError;
      // Nothing could be sent before the slice ends: wait for the next free slot.
      if (toUpsert.length > 0) {
        throw new JobYield(run.t('messages.rateLimitWait'), pacerOf(ctx, env).nextSlotAt());
      }
    }

    // 4. Each status on the row its key is on now: the user may have sorted, inserted or
    // deleted rows meanwhile. This read immediately precedes the write: the batch's rows where
    // they were, or the whole sheet when any of them is no longer there.
    const batchRows = keyed.map(({ hintIndex }) => first.offset + hintIndex);
    let fresh =
      dryRun || batchRows.length === 0
        ? readSheet(run, job, ctx, importContext)
        : readSheet(run, job, ctx, importContext, {
            first: Math.min(...batchRows),
            count: Math.max(...batchRows) - Math.min(...batchRows) + 1,
            uncut: true,
          });
    let located = relocateAll(fresh, keyed, importContext, first.offset);
    if (located.unplaced > 0 && !isWholeRead(fresh)) {
      fresh = readSheet(run, job, ctx, importContext);
      located = relocateAll(fresh, keyed, importContext, first.offset);
    }
    const placed: { index: number; outcome: RowOutcome }[] = dryRun
      ? [...splitRows(run, fresh).free, ...located.placed]
      : located.placed;
    // Write-ahead: each sent key's lead id is saved (one property) before the statuses, so
    // the end check can tell a status on the wrong row even after a kill right after the write.
    if (!dryRun) run.book.journal();
    write(fresh, placed);
    if (dryRun) fresh = placeDryRun(run, job, ctx, importContext, fresh, placed, keyed, first);
    if (!dryRun) {
      for (const entry of keyed)
        run.written.set(matchKeyId(entry.matchKey), {
          ...entry.outcome,
          fingerprint: entry.fingerprint,
        });
      // A person may have sorted between the locating read and this write: the rows written
      // are checked every CHECK_EVERY_ROWS rows and when the slice nears its end (one read),
      // and repaired from a whole read when one of them holds another key. Until then they
      // wait in the cursor, so a slice that ends otherwise leaves them to the next one.
      for (const { index, matchKey } of located.placed)
        run.unchecked.push({ row: fresh.offset + index, keyId: matchKeyId(matchKey) });
      const due = run.unchecked.length >= CHECK_EVERY_ROWS || nearSliceEnd(ctx);
      if (due && !writtenHold(run, job, ctx, importContext))
        auditAndRepair(run, job, ctx, importContext);
      savePendingChecks(job, run);
    }
    const { unplaced } = located;
    if (unplaced > 0) addUnplaced(job, unplaced);
    if (stopError !== undefined) {
      settleCounts();
      throw stopError;
    }
    if (stopWith !== undefined) {
      settleCounts();
      run.book.flush();
      return stopJob(job, 'failed', stopWith);
    }
    // The scan goes on at the first row of the window still to do (a row whose lead could not
    // be learnt this step), or after the batch.
    const answered = new Set(keyed.map(({ hintIndex }) => hintIndex));
    const left = toSend.find(({ index }) => !answered.has(index));
    const next = left ? first.offset + left.index : endOfWindow(first);
    // A dry run decided every row in this one step; an import finishes after its end check
    // (step 1 of a step whose whole read finds nothing left to send).
    return goOn(fresh, dryRun, next);
  }

  /**
   * A dry run writes every row after one locating read, in several writes: a person who sorts
   * meanwhile would leave statuses on other rows, and a dry run has no end check. Its outcomes
   * depend only on each row's cells and on what the job learnt per key (kept, no request), so
   * the check reads the sheet again and, when a written row no longer holds the cells it was
   * decided for, places and writes everything again from that read.
   */
  function placeDryRun(
    run: JobRun,
    job: JobRecord,
    ctx: StepContext,
    importContext: ImportContext,
    written: SheetAnalysis,
    placed: ReadonlyArray<{ index: number }>,
    keyed: readonly KeyedOutcome[],
    first: SheetAnalysis,
  ): SheetAnalysis {
    let last = written;
    let rows = placed.map(({ index }) => index);
    for (let round = 0; round < MAX_DRY_RUN_PLACEMENTS; round++) {
      const check = readSheet(run, job, ctx, importContext);
      if (sameCells(last, check, rows)) return last;
      const located = relocateAll(check, keyed, importContext, first.offset);
      const again = [...splitRows(run, check).free, ...located.placed];
      writeOutcomes(run, check, again, () => ctx.clock.now());
      last = check;
      rows = again.map(({ index }) => index);
    }
    return last;
  }

  /**
   * Whether each row written since the last check still holds the key its outcome is for (one
   * read of their span). False also when a person moved rows after the write: the audit then
   * finds nothing to repair.
   */
  function writtenHold(
    run: JobRun,
    job: JobRecord,
    ctx: StepContext,
    importContext: ImportContext,
  ): boolean {
    const written = run.unchecked.splice(0);
    if (written.length === 0) return true;
    const rows = written.map(({ row }) => row);
    const first = Math.min(...rows);
    const check = readSheet(run, job, ctx, importContext, {
      first,
      count: Math.max(...rows) - first + 1,
      uncut: true,
    });
    return written.every(({ row, keyId }) => {
      const cells = check.rows[row - check.offset];
      if (!cells) return false;
      const result = buildLeadPayload(cells, check.headerMap, importContext);
      return result.ok && matchKeyId(result.matchKey) === keyId;
    });
  }

  /**
   * Reads the whole sheet and checks every status this job wrote against its record and the
   * import memory (job-audit.ts); rewrites or clears what stands on another lead's row. The
   * read returned is the one checked (its decisions updated for the repairs).
   */
  function auditAndRepair(
    run: JobRun,
    job: JobRecord,
    ctx: StepContext,
    importContext: ImportContext,
  ): { read: SheetAnalysis; repaired: number } {
    run.unchecked.length = 0;
    savePendingChecks(job, run);
    const read = readSheet(run, job, ctx, importContext);
    const { rewrite, clear } = auditImportSheet(
      read,
      importContext,
      run.written,
      (id) => run.book.get(id),
      run.options.headerRow,
    );
    if (rewrite.length > 0) writeOutcomes(run, read, rewrite, () => ctx.clock.now());
    const { columns } = read;
    const cells = [columns.status, columns.leadId, columns.detail, columns.importedAt];
    for (const index of clear) {
      run.table.writeRows(read.offset + index, cells, [['', '', '', '']]);
      read.decisions[index] = { kind: 'skip' };
    }
    const repaired = rewrite.length + clear.length;
    if (repaired > 0) addRepaired(job, repaired);
    return { read, repaired };
  }

  /** Each keyed outcome on its row in `fresh` (by match key), and how many found none. */
  function relocateAll(
    fresh: SheetAnalysis,
    keyed: readonly KeyedOutcome[],
    importContext: ImportContext,
    plannedOffset: number,
  ) {
    const keys = relocationKeys(fresh, importContext);
    const placed: { index: number; outcome: RowOutcome; matchKey: string }[] = [];
    const taken = new Set<number>();
    let unplaced = 0;
    for (const entry of keyed) {
      // The row's index when planned, in this read's terms.
      const hint = { ...entry, hintIndex: plannedOffset + entry.hintIndex - fresh.offset };
      const index = relocateRow(fresh, keys, hint, importContext, taken);
      if (index === undefined) unplaced += 1;
      else {
        taken.add(index);
        placed.push({ index, outcome: entry.outcome, matchKey: entry.matchKey });
      }
    }
    return { placed, unplaced };
  }

  /** Rows whose outcome costs nothing, and rows to send (in sheet order). */
  function splitRows(run: JobRun, analysis: SheetAnalysis) {
    const free: { index: number; outcome: RowOutcome }[] = [];
    const toSend: { index: number; decision: SendDecision }[] = [];
    analysis.decisions.forEach((decision, index) => {
      const outcome = outcomeWithoutRequest(decision, run);
      if (outcome === 'send' && decision.kind === 'send') toSend.push({ index, decision });
      else if (outcome && outcome !== 'send') free.push({ index, outcome });
    });
    return { free, toSend };
  }

  /**
   * Counts (recounted from a whole read; a window's changes are already applied), message and
   * where the scan goes on: `next`, or a whole read at the end of a pass (undefined).
   */
  function progress(
    job: JobRecord,
    run: JobRun,
    analysis: SheetAnalysis,
    finished: boolean,
    ctx?: StepContext,
    next?: number,
  ): StepResult {
    if (isWholeRead(analysis)) applyCounts(job, countRows(analysis));
    const counts: JobCounts = {
      total: job.total,
      done: job.done,
      counts: { ...emptyCounts(), ...job.counts } as JobCounts['counts'],
    };
    setScan(job, next);
    if (ctx) flushIfDue(run, ctx, finished);
    else if (finished) run.book.flush();
    const unplaced = unplacedOf(job);
    const tail = unplaced > 0 ? run.t('import.job.unplaced', { count: unplaced }) : '';
    job.message = finished
      ? finishedMessage(counts, run.options.dryRun, run.t) + tail
      : run.t('import.job.progress', { done: job.done, total: job.total }) + tail;
    return finished ? { status: 'finished' } : { status: 'more' };
  }

  return { kind: IMPORT_JOB_KIND, statuses: IMPORT_ROW_STATUSES, step };
}

/**
 * Whether the row could turn out a CONFLICT (conflict.ts): it has a name and both keys, and the
 * job checks conflicts (mode `create` sends nothing to an existing lead; `onConflict: "update"`
 * overrides).
 */
function mayConflict(run: JobRun, decision: SendDecision): boolean {
  if (run.mode === 'create' || run.options.onConflict === 'update') return false;
  const { name, email, phone } = decision.payload;
  return typeof name === 'string' && name !== '' && Boolean(email) && Boolean(phone);
}

/** Times a dry run places its statuses again after a person moved rows under its write. */
const MAX_DRY_RUN_PLACEMENTS = 10;

/** Whether the mapped cells of rows `indices` of `before` are the same in `after`. */
function sameCells(
  before: SheetAnalysis,
  after: SheetAnalysis,
  indices: readonly number[],
): boolean {
  if (before.offset !== after.offset) return false;
  const columns = before.headerMap.columns.map((column) => column.index);
  const cellsOf = (analysis: SheetAnalysis, index: number) => {
    const row = analysis.rows[index];
    return row ? JSON.stringify(columns.map((c) => row[c] ?? '')) : undefined;
  };
  return indices.every((index) => {
    const left = cellsOf(before, index);
    return left !== undefined && left === cellsOf(after, index);
  });
}

/** Whether this step is likely the slice's last: less than two steps' time is left. */
function nearSliceEnd(ctx: StepContext): boolean {
  const estimate = ctx.deadline - ctx.latestStartAt;
  return ctx.clock.now() + 2 * estimate > ctx.deadline;
}

/** Whether a read holds every data row (a window from the first row to the last counts). */
function isWholeRead(analysis: SheetAnalysis): boolean {
  return analysis.offset === 0 && analysis.complete;
}

/**
 * Where the scan goes on after a window with nothing left to send: below it, or (a window at
 * the last row, or ending on a blank row) nowhere: the next step reads the whole sheet, which
 * finds rows moved above the scan, and any rows after a gap.
 */
function endOfWindow(analysis: SheetAnalysis): number | undefined {
  const last = analysis.decisions[analysis.decisions.length - 1];
  if (analysis.complete || last === undefined || last.kind === 'skip') return undefined;
  return analysis.offset + analysis.rows.length;
}

/** The data row where the job's scan goes on; undefined: read the whole sheet. */
function scanOf(job: JobRecord): number | undefined {
  const value = (job.cursor as { scan?: unknown } | null | undefined)?.scan;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function setScan(job: JobRecord, scan: number | undefined): void {
  const { scan: _old, ...cursor } = (
    job.cursor && typeof job.cursor === 'object' ? job.cursor : {}
  ) as Record<string, unknown>;
  job.cursor = scan === undefined ? cursor : { ...cursor, scan };
}

function keyedOutcome(index: number, decision: SendDecision, outcome: RowOutcome): KeyedOutcome {
  return {
    matchKey: decision.matchKey,
    fingerprint: fingerprintOf(decision),
    hintIndex: index,
    outcome,
  };
}

/**
 * The place of an existing lead whose row has a stage cell without a pipeline cell: that stage
 * in the lead's own pipeline (row.ts placeExisting), or INVALID naming the lead.
 */
function placeForExisting(
  decision: SendDecision,
  existence: Existence & { exists: true },
  context: ImportContext,
  t: Translate,
): { pipeline_id: number; stage_id: number } | RowOutcome {
  const pipelines = new Set((existence.leads ?? []).map((lead) => lead.pipelineId));
  const own = pipelines.size === 1 ? [...pipelines][0] : undefined;
  const placed = placeExisting(decision.stageOnly, own, context);
  if (placed.ok) return placed.value;
  return {
    status: 'INVALID',
    detail: t('import.stage.existing', { id: existence.leadId ?? '?', error: placed.error }),
  };
}

/** `e-mail` / `phone` in the job's language, for a match key `email:…` / `phone:…`. */
function keyOfMatch(matchKey: string, t: Translate): string {
  return t(matchKey.startsWith('email:') ? 'import.key.email' : 'import.key.phone');
}

/**
 * Rows written and not yet checked are checked once this many have gathered (one read of
 * their span); a step's write and its check share no read, so a check per step would cost a
 * sheet call per batch.
 */
const CHECK_EVERY_ROWS = 200;

/** A written row waiting for its check, in the cursor: [data row, key id, status, lead id]. */
type PendingCheck = [number, string, ImportRowStatus, number];

function loadPendingChecks(job: JobRecord, run: JobRun): void {
  const value = (job.cursor as { checks?: unknown } | null | undefined)?.checks;
  if (!Array.isArray(value)) return;
  for (const item of value as PendingCheck[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'number' || typeof item[1] !== 'string')
      continue;
    const [row, keyId, status, leadId] = item;
    run.unchecked.push({ row, keyId });
    if (!run.written.has(keyId))
      run.written.set(keyId, { status, ...(leadId > 0 ? { leadId } : {}) });
  }
}

function savePendingChecks(job: JobRecord, run: JobRun): void {
  const { checks: _old, ...cursor } = (
    job.cursor && typeof job.cursor === 'object' ? job.cursor : {}
  ) as Record<string, unknown>;
  const checks: PendingCheck[] = run.unchecked.map(({ row, keyId }) => {
    const outcome = run.written.get(keyId);
    return [row, keyId, outcome?.status ?? 'FAILED', outcome?.leadId ?? 0];
  });
  job.cursor = checks.length > 0 ? { ...cursor, checks } : cursor;
}

/** The match key and cells' fingerprint of a row whose free outcome is keyed (UNCHANGED). */
function keyOfFree(analysis: SheetAnalysis, index: number, outcome: RowOutcome) {
  const decision = analysis.decisions[index];
  if (outcome.status !== 'UNCHANGED' || decision?.kind !== 'send') return undefined;
  return { matchKey: decision.matchKey, print: fingerprintOf(decision) };
}

/**
 * End checks that repaired something, in a row: a sheet that keeps changing under the job
 * still lets it finish (the last check's repairs stand).
 */
const MAX_AUDIT_ROUNDS = 5;

function auditRoundsOf(job: JobRecord): number {
  const value = (job.cursor as { audits?: unknown } | null | undefined)?.audits;
  return typeof value === 'number' ? value : 0;
}

function setAuditRounds(job: JobRecord, rounds: number): void {
  const cursor = (job.cursor && typeof job.cursor === 'object' ? job.cursor : {}) as Record<
    string,
    unknown
  >;
  job.cursor = { ...cursor, audits: rounds };
}

/** Statuses the end check moved back to their own rows, kept in the job's cursor. */
function addRepaired(job: JobRecord, count: number): void {
  const cursor = (job.cursor && typeof job.cursor === 'object' ? job.cursor : {}) as Record<
    string,
    unknown
  >;
  const before = typeof cursor.repaired === 'number' ? cursor.repaired : 0;
  job.cursor = { ...cursor, repaired: before + count };
}

/** Statuses the job could not place (their row vanished), kept in the job's cursor across slices. */
function unplacedOf(job: JobRecord): number {
  const value = (job.cursor as { unplaced?: unknown } | null | undefined)?.unplaced;
  return typeof value === 'number' ? value : 0;
}

function addUnplaced(job: JobRecord, count: number): void {
  const cursor = (job.cursor && typeof job.cursor === 'object' ? job.cursor : {}) as Record<
    string,
    unknown
  >;
  job.cursor = { ...cursor, unplaced: unplacedOf(job) + count };
}

function finishedMessage(counts: JobCounts, dryRun: boolean, t: Translate): string {
  // Status values are the public contract, never translated.
  const parts = IMPORT_ROW_STATUSES.filter((s) => counts.counts[s] > 0)
    .map((s) => `${counts.counts[s]} ${s}`)
    .join(', ');
  if (dryRun)
    return parts ? t('import.job.dryFinished', { parts }) : t('import.job.dryFinishedEmpty');
  return parts ? t('import.job.finished', { parts }) : t('import.job.finishedEmpty');
}
