import type { CrmClient } from '../../../api/client';
import { errorCauseOf } from '../../errors';
import { type Locale, type Translate, translator } from '../../i18n';
import type { StepContext } from '../../jobs/engine';
import { messageOf } from '../../jobs/errors';
import type { JobRecord } from '../../jobs/record';
import { stepPacing } from '../../jobs/requests';
import { type RowWindow, readWithStatusColumns, StepClock } from '../../jobs/row-job';
import type { Pacer } from '../../pacing';
import type { Clock, KeyValueStore } from '../../ports';
import { scopedSheet } from '../../rows/scope';
import type { DateFormatter, DateOrder, DecimalMark } from '../normalize';
import type { ImportContext } from '../row';
import type { WrittenOutcome } from './audit';
import {
  keepDefaultPipeline,
  keptDefaultPipeline,
  loadPendingChecks,
  type UncheckedRow,
} from './cursor';
import type { DecideRun } from './decide';
import { openFingerprintBook } from './fingerprints';
import { ExistenceKnowledge } from './knowledge';
import { type ImportJobOptions, readImportJobOptions } from './options';
import { fetchReferenceData, findDefaultPipeline, type ReferenceData } from './requests';
import {
  analyseSheet,
  mapJobHeaders,
  missingStatusHeaders,
  type PayloadCache,
  type SheetAnalysis,
  statusColumnsOf,
} from './sheet';
import type { SheetTable } from './table';

/**
 * What an import handler keeps across the steps of one execution: its clock and pacer, the
 * account's reference data, the import context built from them, and each job's run (its
 * options, sheet, memory, knowledge and record of what it wrote).
 */

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
  /** The spreadsheet locale's decimal mark: how amounts typed as text read (a comma unless said). */
  decimalMark?: DecimalMark;
  /** The spreadsheet locale's date order (dateOrderOf): how `01/02/2026` reads (DMY unless said). */
  dateOrder?: DateOrder;
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

export interface JobRun extends DecideRun {
  table: SheetTable;
  payloads: PayloadCache;
  /**
   * What the job wrote per match key id (matchKeyId): the sheet is checked against it
   * (job-audit.ts). This execution's writes, and those of earlier ones not yet checked (from
   * the cursor: status and lead id, no detail).
   */
  written: Map<string, WrittenOutcome>;
  /** Rows written since the last check, kept in the cursor across slices. */
  unchecked: UncheckedRow[];
}

/** Job options that no longer fit the CRM's data: the user must fix something first. */
export class ImportOptionsError extends Error {
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

export class ImportSession {
  readonly clock = new StepClock('import');
  private readonly runs = new Map<string, JobRun>();
  private pacer: Pacer | undefined;
  private reference: ReferenceData | undefined;
  private context: { key: string; value: ImportContext } | undefined;

  constructor(private readonly options: ImportHandlerOptions) {}

  pacerOf(env: ImportJobEnv): Pacer {
    this.pacer ??= env.pacer(this.clock);
    return this.pacer;
  }

  paced(ctx: StepContext, env: ImportJobEnv) {
    return stepPacing(this.pacerOf(env), ctx, this.options.random);
  }

  referenceData(ctx: StepContext, env: ImportJobEnv): ReferenceData {
    this.reference ??= env.referenceMemo?.get();
    if (!this.reference) {
      this.reference = fetchReferenceData(env.client, this.paced(ctx, env));
      env.referenceMemo?.set(this.reference);
    }
    return this.reference;
  }

  /**
   * The id of the account's default pipeline (0: none flagged), asked once per job and kept in
   * its cursor, and only by a job that may create leads with no pipeline option: GET /pipelines
   * lists no `is_default`, GET /pipelines/{id} does (crm-api-v1.md).
   */
  defaultPipelineId(
    job: JobRecord,
    run: JobRun,
    ctx: StepContext,
    env: ImportJobEnv,
    data: ReferenceData,
  ): number {
    const { options } = run;
    if (run.mode === 'update' || options.pipeline !== undefined || options.stage !== undefined)
      return 0;
    const kept = keptDefaultPipeline(job);
    if (kept !== undefined) return kept;
    const found = findDefaultPipeline(env.client, data.pipelines, this.paced(ctx, env));
    const id = found?.id ?? 0;
    keepDefaultPipeline(job, id);
    return id;
  }

  contextFor(run: JobRun, env: ImportJobEnv, data: ReferenceData, fallback: number) {
    const { options } = run;
    const key = JSON.stringify([
      options.matchBy,
      options.pipeline,
      options.stage,
      options.locale,
      fallback,
      env.decimalMark,
      env.dateOrder,
    ]);
    if (this.context?.key !== key) {
      const value: ImportContext = {
        customFields: data.customFields,
        pipelines: data.pipelines,
        users: data.users,
        defaultCountry: env.defaultCountry,
        matchBy: options.matchBy,
        formatDate: memoizedFormatter(env.formatDate),
        ...(env.decimalMark ? { decimalMark: env.decimalMark } : {}),
        ...(env.dateOrder ? { dateOrder: env.dateOrder } : {}),
        defaults: {
          ...(options.pipeline === undefined ? {} : { pipeline: options.pipeline }),
          ...(options.stage === undefined ? {} : { stage: options.stage }),
        },
        accountDefault: () => data.pipelines.find((p) => p.id === fallback),
        t: run.t,
      };
      this.context = { key, value };
    }
    return this.context.value;
  }

  /** The job's run in this execution, or why it cannot run (words for the person). */
  runFor(job: JobRecord, env: ImportJobEnv): JobRun | string {
    const existing = this.runs.get(job.jobId);
    if (existing) return existing;
    const options = readImportJobOptions(job.options);
    const locale: Locale =
      (job.options as { locale?: unknown } | null)?.locale === 'pt' ? 'pt' : 'en';
    const t = translator(locale);
    if (!options) return t('import.job.oldVersion');
    const opened = env.openTable(options.sheetId, options.headerRow);
    const table = opened && scopedSheet(opened, options.rowScope);
    if (!table) return t('import.job.sheetGone', { sheet: options.sheetName });
    const run = this.openRun(job, env, options, t, table);
    this.runs.set(job.jobId, run);
    return run;
  }

  forget(job: JobRecord): void {
    this.runs.delete(job.jobId);
  }

  private openRun(
    job: JobRecord,
    env: ImportJobEnv,
    options: ImportJobOptions,
    t: Translate,
    table: SheetTable,
  ): JobRun {
    const now = () => {
      try {
        return this.clock.now();
      } catch {
        return Date.now();
      }
    };
    const run: JobRun = {
      options,
      mode: options.mode,
      t,
      table,
      // The memory belongs to the CRM account and base URL the job runs against (its owner).
      book: openFingerprintBook(
        env.store,
        options.sheetId,
        job.owner ?? '',
        now,
        env.memoryRoom,
        job.createdAt,
      ),
      payloads: new Map(),
      knowledge: new ExistenceKnowledge(env.client, options.matchBy, env.defaultCountry),
      country: env.defaultCountry,
      written: new Map(),
      unchecked: [],
    };
    loadPendingChecks(job, run.unchecked, run.written);
    return run;
  }
}

/** Reads the sheet (creating missing status columns) and decides every row. */
export function readSheet(
  run: JobRun,
  job: JobRecord,
  ctx: StepContext,
  ctxImport: ImportContext,
  window?: RowWindow,
): SheetAnalysis {
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
      ...(options.dryRun ? { waitForEarlier: true } : { processedSince: job.createdAt }),
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
