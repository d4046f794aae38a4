import type { CrmClient } from '../../api/client';
import {
  CrmError,
  InvalidInputError,
  LimitReachedError,
  UnprocessableError,
} from '../../api/errors';
import type { JobHandler, StepContext, StepResult } from '../jobs/engine';
import { jobControlOf, messageOf } from '../jobs/errors';
import type { JobRecord } from '../jobs/record';
import { pacedCall, pauseForAccessError, stepPacing } from '../jobs/requests';
import {
  applyCounts,
  asText,
  guardedStep,
  headersChangedMessage,
  readWithStatusColumns,
  StepClock,
  setCells,
  stopJob,
  writeInRuns,
} from '../jobs/row-job';
import type { Pacer } from '../pacing';
import type { Clock, KeyValueStore } from '../ports';
import { matchKeyId, payloadFingerprint } from './fingerprint';
import { HeaderMappingError } from './headers';
import { type FingerprintBook, openFingerprintBook } from './job-fingerprints';
import { type ImportJobOptions, readImportJobOptions } from './job-options';
import { fetchReferenceData, type ReferenceData } from './job-requests';
import {
  analyseSheet,
  countRows,
  type Decision,
  type JobCounts,
  mapJobHeaders,
  missingStatusHeaders,
  type PayloadCache,
  relocateSentRow,
  type SheetAnalysis,
  type StatusColumns,
  statusColumnsOf,
} from './job-sheet';
import type { SheetTable } from './job-table';
import type { DateFormatter } from './normalize';
import type { ImportContext } from './row';
import { IMPORT_ROW_STATUSES, type ImportRowStatus } from './status-columns';

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
}

export interface ImportHandlerOptions {
  /** Random source for back-off jitter; tests pass a seeded one. */
  random?: () => number;
}

/**
 * Values read at the end of one step are reused by the next step of the same execution when
 * this recent: the request-to-request gap is about a second, and re-reading the whole sheet
 * for each row would double the SpreadsheetApp reads. The sent row is always found again by
 * its key after its request, so a sort in between is harmless.
 */
export const REUSE_READ_MS = 5_000;
/** Fingerprints are saved after this many new ones, when a slice nears its end, and at the finish. */
export const FINGERPRINT_FLUSH_EVERY = 20;

interface RowOutcome {
  status: ImportRowStatus;
  /** The lead id to write; undefined keeps what the cell holds. */
  leadId?: number;
  detail: string;
}

interface JobRun {
  options: ImportJobOptions;
  table: SheetTable;
  book: FingerprintBook;
  analysis?: SheetAnalysis;
  payloads: PayloadCache;
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

function finishedMessage(counts: JobCounts, dryRun: boolean): string {
  const parts = IMPORT_ROW_STATUSES.filter((s) => counts.counts[s] > 0).map(
    (s) => `${counts.counts[s]} ${s.toLowerCase()}`,
  );
  if (dryRun) {
    return parts.length
      ? `Dry run finished: ${parts.join(', ')}; nothing was sent.`
      : 'Dry run finished: the sheet has no data rows.';
  }
  return parts.length
    ? `Import finished: ${parts.join(', ')}.`
    : 'Import finished: the sheet has no data rows.';
}

/**
 * The `import` job: one row per step, `POST /leads/upsert` with match_by (PRODUCT.md,
 * Import). Rows that cost no request (INVALID, DUPLICATE, UNCHANGED, every row of a dry run)
 * are written in batches on the way to the next row that needs one.
 *
 * The CRM's 422 field errors mark the row INVALID (the row's data must change, the detail
 * says how in the CRM's words); FAILED is kept for failures where the same row may succeed
 * later (5xx, network, plan limit).
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

  function pacedOptions(ctx: StepContext, env: ImportJobEnv) {
    pacer ??= env.pacer(stepClock);
    return stepPacing(pacer, ctx, handlerOptions.random);
  }

  function referenceData(ctx: StepContext, env: ImportJobEnv): ReferenceData {
    reference ??= env.referenceMemo?.get();
    if (!reference) {
      reference = fetchReferenceData(env.client, pacedOptions(ctx, env));
      env.referenceMemo?.set(reference);
    }
    return reference;
  }

  function contextFor(options: ImportJobOptions, env: ImportJobEnv, data: ReferenceData) {
    const key = JSON.stringify([options.matchBy, options.pipeline, options.stage]);
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
      };
      context = { key, value };
    }
    return context.value;
  }

  /** Reads the sheet (creating missing status columns) and decides every row. */
  function readSheet(run: JobRun, job: JobRecord, ctx: StepContext, ctxImport: ImportContext) {
    const { options, table } = run;
    const { read, columns } = readWithStatusColumns({
      read: () => {
        const values = table.read();
        return { values, headerMap: mapJobHeaders(values.header, ctxImport, options.mapping) };
      },
      columnsOf: ({ headerMap }) => statusColumnsOf(headerMap),
      missingHeaders: ({ headerMap }) => missingStatusHeaders(headerMap),
      appendHeaders: (headers) => table.appendHeaders(headers),
      what: 'The status columns',
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
      });
    } catch (error) {
      // Options checked at the start no longer fit the CRM (a pipeline was deleted…).
      throw new ImportOptionsError(messageOf(error));
    }
  }

  function runFor(job: JobRecord, env: ImportJobEnv): JobRun | string {
    const existing = runs.get(job.jobId);
    if (existing) return existing;
    const options = readImportJobOptions(job.options);
    if (!options) {
      return 'This import was started by another version of the add-on and cannot be continued; start it again.';
    }
    const table = env.openTable(options.sheetId, options.headerRow);
    if (!table) {
      return `The sheet "${options.sheetName}" no longer exists; the import stopped (rows already sent are in the CRM).`;
    }
    const run: JobRun = {
      options,
      table,
      book: openFingerprintBook(env.store, options.sheetId),
      payloads: new Map(),
    };
    runs.set(job.jobId, run);
    return run;
  }

  /** Writes outcomes of consecutive rows with one write per run; returns how many rows it wrote. */
  function writeOutcomes(
    run: JobRun,
    analysis: SheetAnalysis,
    outcomes: ReadonlyArray<{ index: number; outcome: RowOutcome }>,
    now: () => number,
    stopAfter?: number,
  ): number {
    const { columns } = analysis;
    const dryRun = run.options.dryRun;
    // A dry run marks no progress and keeps an earlier import's lead id and date.
    const targets: (keyof StatusColumns)[] = dryRun
      ? ['status', 'detail']
      : ['status', 'leadId', 'detail', 'importedAt'];
    const indexes = targets.map((t) => columns[t]);
    const writeRun = (slice: { index: number; outcome: RowOutcome }[]) => {
      const at = new Date(now());
      const cells = slice.map(({ index, outcome }) => {
        const row = analysis.rows[index] ?? [];
        const values: Record<keyof StatusColumns, unknown> = {
          status: outcome.status,
          leadId: outcome.leadId ?? row[columns.leadId] ?? '',
          detail: outcome.detail,
          importedAt: at,
        };
        return targets.map((t) => values[t]);
      });
      run.table.writeRows(
        slice[0]?.index ?? 0,
        indexes,
        cells.map((line) => line.map((v, c) => (targets[c] === 'detail' ? asText(String(v)) : v))),
      );
      // Keep the values read in step with the sheet, for the next step to reuse.
      slice.forEach(({ index }, k) => {
        const row = analysis.rows[index];
        const line = cells[k];
        if (!row || !line) return;
        setCells(row, indexes, line);
        if (!dryRun) analysis.processed[index] = true;
        analysis.decisions[index] = { kind: 'done', status: line[0] as ImportRowStatus };
      });
    };
    return writeInRuns(outcomes, writeRun, now, stopAfter);
  }

  function outcomeWithoutRequest(decision: Decision, run: JobRun): RowOutcome | 'send' | undefined {
    switch (decision.kind) {
      case 'skip':
      case 'done':
        return undefined;
      case 'invalid':
        return { status: 'INVALID', detail: decision.reason };
      case 'duplicate':
        return { status: 'DUPLICATE', detail: decision.reason };
      case 'send': {
        if (run.options.dryRun) {
          return { status: 'VALID', detail: 'Dry run: valid; an import would send this row.' };
        }
        const last = run.book.get(matchKeyId(decision.matchKey));
        if (last && last.fingerprint === payloadFingerprint(decision.payload)) {
          return {
            status: 'UNCHANGED',
            leadId: last.leadId,
            detail: 'Unchanged since its last successful import; nothing was sent.',
          };
        }
        return 'send';
      }
    }
  }

  function flushIfDue(run: JobRun, ctx: StepContext, finishing: boolean): void {
    const estimate = ctx.deadline - ctx.latestStartAt;
    const nearEnd = ctx.clock.now() + 2 * estimate > ctx.deadline;
    if (finishing || nearEnd || run.book.unsaved >= FINGERPRINT_FLUSH_EVERY) run.book.flush();
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
          return `${error.message}; fix it, then resume the job.`;
        }
        if (error instanceof HeaderMappingError) {
          return headersChangedMessage(run.options.sheetName, 'import', error.message);
        }
        return undefined;
      },
    });
  }

  function stepRun(job: JobRecord, ctx: StepContext, env: ImportJobEnv, run: JobRun): StepResult {
    const data = referenceData(ctx, env);
    const importContext = contextFor(run.options, env, data);
    const now = () => ctx.clock.now();

    let analysis = run.analysis;
    if (!analysis || run.options.dryRun || now() - analysis.readAt > REUSE_READ_MS) {
      analysis = readSheet(run, job, ctx, importContext);
    }
    run.analysis = undefined;

    const batch: { index: number; outcome: RowOutcome }[] = [];
    let target: { index: number; decision: Extract<Decision, { kind: 'send' }> } | undefined;
    for (let index = 0; index < analysis.decisions.length && !target; index++) {
      const decision = analysis.decisions[index];
      if (!decision) continue;
      const outcome = outcomeWithoutRequest(decision, run);
      if (outcome === 'send' && decision.kind === 'send') target = { index, decision };
      else if (outcome && outcome !== 'send') batch.push({ index, outcome });
    }

    // A dry run keeps no progress marks, so it must write every row in one step.
    const stopAfter = run.options.dryRun ? undefined : ctx.latestStartAt;
    const written = writeOutcomes(run, analysis, batch, now, stopAfter);
    if (written < batch.length || !target) {
      applyCounts(job, countRows(analysis));
      const finished = written === batch.length && !target;
      run.analysis = analysis;
      flushIfDue(run, ctx, finished);
      if (finished) job.message = finishedMessage(countRows(analysis), run.options.dryRun);
      else job.message = progressMessage(job);
      return finished ? { status: 'finished' } : { status: 'more' };
    }

    const sent = { ...target.decision, fingerprint: payloadFingerprint(target.decision.payload) };
    let outcome: RowOutcome;
    let stopWith: string | undefined;
    try {
      const result = pacedCall(() => env.client.leads.upsert(sent.payload), pacedOptions(ctx, env));
      const leadId = result.lead.id;
      run.book.set(matchKeyId(sent.matchKey), { fingerprint: sent.fingerprint, leadId });
      outcome = result.created
        ? { status: 'CREATED', leadId, detail: `Created lead ${leadId}.` }
        : {
            status: 'UPDATED',
            leadId,
            detail: `Updated lead ${leadId}, found by its ${sent.matchKey.slice(0, sent.matchKey.indexOf(':'))}.`,
          };
    } catch (error) {
      if (jobControlOf(error) || pauseForAccessError(error)) throw error;
      if (error instanceof LimitReachedError) {
        outcome = { status: 'FAILED', detail: `CRM: ${error.detail}` };
        stopWith = `The CRM plan's lead limit is reached ("${error.message}"): upgrade the plan or delete leads in the CRM, then start the import again; rows already imported keep their status.`;
      } else if (error instanceof UnprocessableError) {
        outcome = { status: 'INVALID', detail: `CRM refused the row: ${error.detail}` };
      } else if (error instanceof InvalidInputError) {
        outcome = { status: 'INVALID', detail: error.message };
      } else if (error instanceof CrmError) {
        outcome = { status: 'FAILED', detail: `CRM error after retries: ${error.detail}` };
      } else {
        throw error;
      }
    }

    // The user may have sorted, inserted or deleted rows during the request.
    const fresh = readSheet(run, job, ctx, importContext);
    const index = relocateSentRow(
      fresh,
      { matchKey: sent.matchKey, fingerprint: sent.fingerprint, hintIndex: target.index },
      importContext,
    );
    if (index !== undefined) writeOutcomes(run, fresh, [{ index, outcome }], now);
    const counts = countRows(fresh);
    applyCounts(job, counts);
    if (stopWith !== undefined) {
      run.book.flush();
      return stopJob(job, 'failed', stopWith);
    }
    run.analysis = fresh;
    const finished = !fresh.decisions.some((d) => d.kind !== 'skip' && d.kind !== 'done');
    flushIfDue(run, ctx, finished);
    job.message = finished ? finishedMessage(counts, false) : progressMessage(job);
    return finished ? { status: 'finished' } : { status: 'more' };
  }

  return { kind: IMPORT_JOB_KIND, statuses: IMPORT_ROW_STATUSES, step };
}

function progressMessage(job: JobRecord): string {
  return `Importing: ${job.done} of ${job.total} rows done.`;
}
