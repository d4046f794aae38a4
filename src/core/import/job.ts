import type { CrmApi } from '../../api/client';
import type { Translate } from '../i18n';
import type { JobHandler, StepContext, StepResult } from '../jobs/engine';
import { JobYield } from '../jobs/errors';
import type { JobRecord } from '../jobs/record';
import { pacedAll, pacedCall } from '../jobs/requests';
import {
  applyCounts,
  applyCountsDelta,
  guardedStep,
  headersChangedMessage,
  stopJob,
} from '../jobs/row-job';
import { matchKeyId } from './fingerprint';
import { HeaderMappingError } from './headers';
import { outcomeOfUpsert, type UpsertAnswer, undoCreation } from './job-answer';
import {
  addUnplaced,
  auditRoundsOf,
  MAX_AUDIT_ROUNDS,
  scanOf,
  setAuditRounds,
  setScan,
  unplacedOf,
} from './job-cursor';
import {
  decideRow,
  knownWithoutRequest,
  outcomeWithoutRequest,
  type RowOutcome,
  type UpsertBody,
} from './job-decide';
import {
  auditAndRepair,
  endOfWindow,
  isWholeRead,
  type KeyedOutcome,
  nearSliceEnd,
  placeDryRun,
  read,
  recordWritten,
  relocateAll,
  type StepScope,
  writeOutcomes,
} from './job-place';
import {
  type ImportHandlerOptions,
  type ImportJobEnv,
  ImportOptionsError,
  ImportSession,
  type JobRun,
} from './job-run';
import {
  countRows,
  emptyCounts,
  fingerprintOf,
  type JobCounts,
  type SendDecision,
  type SheetAnalysis,
} from './job-sheet';
import { IMPORT_ROW_STATUSES } from './status-columns';

export type { RowOutcome } from './job-decide';
export type { ImportHandlerOptions, ImportJobEnv } from './job-run';

export const IMPORT_JOB_KIND = 'import';

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

/**
 * The `import` job (PRODUCT.md, Import). A step reads the sheet, writes the rows that cost no
 * request (INVALID, DUPLICATE, UNCHANGED), takes the next batch of rows to send, learns which
 * of their leads exist (job-knowledge.ts), decides each row by the job's `mode`
 * (job-decide.ts), upserts and reads the answers (job-answer.ts), then reads the sheet again
 * and writes each status on the row its match key is on now (job-place.ts), checking the
 * sheet against the job's record of what it wrote at the end of each pass (job-audit.ts).
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
  const session = new ImportSession(handlerOptions);

  function step(job: JobRecord, ctx: StepContext): StepResult {
    return guardedStep(job, ctx, {
      clock: session.clock,
      env: getEnv,
      runFor: (j, env) => session.runFor(j, env),
      work: (run, env) => new ImportStep(session, env, job, ctx, run).step(),
      afterError: (_error, run) => {
        // Whatever stops the step, the fingerprints gathered so far are worth keeping.
        run.book.flush();
        session.forget(job);
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

  return { kind: IMPORT_JOB_KIND, statuses: IMPORT_ROW_STATUSES, step };
}

/** A row of the batch to upsert: where it was planned, its decision, body and matched key. */
interface ToUpsert {
  index: number;
  decision: SendDecision;
  body: UpsertBody;
  by: 'email' | 'phone' | undefined;
}

/** What the batch's requests left to do once their statuses are placed. */
interface BatchEnd {
  stopWith?: string;
  stopError?: unknown;
}

/** One step of an import job: the rows that cost nothing, then one batch, then its statuses. */
class ImportStep {
  private readonly scope: StepScope;
  /** Count changes of windows, applied to the job's counts (a whole read recounts). */
  private readonly deltas: [JobCounts, JobCounts][] = [];

  constructor(
    private readonly session: ImportSession,
    private readonly env: ImportJobEnv,
    private readonly job: JobRecord,
    private readonly ctx: StepContext,
    private readonly run: JobRun,
  ) {
    const data = session.referenceData(ctx, env);
    const fallback = session.defaultPipelineId(job, run, ctx, env, data);
    const importContext = session.contextFor(run, env, data, fallback);
    this.scope = { job, ctx, run, importContext };
  }

  private get t(): Translate {
    return this.run.t;
  }

  step(): StepResult {
    const { dryRun } = this.run.options;
    const scan = scanOf(this.job);
    // 1. Rows that cost nothing, written by position in the read just taken: the whole sheet
    // at the start and at the end of a pass (and for a dry run, which writes every row at the
    // end of its one step), else the rows where the scan goes on.
    const first =
      dryRun || scan === undefined
        ? read(this.scope)
        : read(this.scope, { first: scan, count: IMPORT_WINDOW_ROWS });
    const { free, toSend } = this.splitRows(first);
    if (!dryRun) {
      const ended = this.writeFree(first, free, scan);
      if (ended) return ended;
      if (toSend.length === 0) return this.endOfPass(first);
    }
    // 2. The next batch (every row for a dry run): what is known of its leads, then learn the rest.
    const batch = dryRun ? toSend : toSend.slice(0, IMPORT_BATCH_ROWS);
    this.learn(first, toSend, batch);
    // 3. Each row of the batch: refused, or sent.
    const keyed: KeyedOutcome[] = [];
    const toUpsert = this.decideBatch(batch, keyed);
    const end = this.upsertAll(toUpsert, keyed);
    if (keyed.length === 0) {
      if (end.stopError !== undefined) throw end.stopError;
      // Nothing could be sent before the slice ends: wait for the next free slot.
      if (toUpsert.length > 0)
        throw new JobYield(
          this.t('messages.rateLimitWait'),
          this.session.pacerOf(this.env).nextSlotAt(),
        );
    }
    // 4. Each status on the row its key is on now.
    const fresh = this.place(first, keyed);
    return this.finishStep(first, fresh, toSend, keyed, end);
  }

  /** Rows whose outcome costs nothing, and rows to send (in sheet order). */
  private splitRows(analysis: SheetAnalysis) {
    const free: { index: number; outcome: RowOutcome }[] = [];
    const toSend: { index: number; decision: SendDecision }[] = [];
    analysis.decisions.forEach((decision, index) => {
      const outcome = outcomeWithoutRequest(decision, this.run);
      if (outcome === 'send' && decision.kind === 'send') toSend.push({ index, decision });
      else if (outcome && outcome !== 'send') free.push({ index, outcome });
    });
    return { free, toSend };
  }

  /**
   * Writes the rows that cost nothing; a result when the slice ends first. UNCHANGED is decided
   * by key: recorded like a sent row's outcome (before the write marks the rows done).
   */
  private writeFree(
    first: SheetAnalysis,
    free: { index: number; outcome: RowOutcome }[],
    scan: number | undefined,
  ): StepResult | undefined {
    const keys = free.map(({ index, outcome }) => keyOfFree(first, index, outcome));
    const written = this.write(first, free, this.ctx.latestStartAt);
    free.slice(0, written).forEach(({ outcome }, i) => {
      const key = keys[i];
      if (key)
        this.run.written.set(matchKeyId(key.matchKey), { ...outcome, fingerprint: key.print });
    });
    return written < free.length ? this.goOn(first, false, scan) : undefined;
  }

  /**
   * A window with nothing left to send goes on below it; the end of a pass checks every status
   * against what was written and repairs what moved; after repairs another pass decides the
   * rows cleared, and checks again.
   */
  private endOfPass(first: SheetAnalysis): StepResult {
    const end = endOfWindow(first);
    if (end !== undefined || !isWholeRead(first)) return this.goOn(first, true, end);
    const rounds = auditRoundsOf(this.job);
    const audited = auditAndRepair(this.scope);
    if (audited.repaired > 0 && rounds < MAX_AUDIT_ROUNDS) {
      setAuditRounds(this.job, rounds + 1);
      return this.goOn(audited.read, false, undefined);
    }
    return this.goOn(audited.read, true, undefined);
  }

  /** What is known of the batch's leads at no cost, then what the CRM says of the rest. */
  private learn(
    first: SheetAnalysis,
    toSend: readonly { index: number; decision: SendDecision }[],
    batch: readonly { decision: SendDecision }[],
  ): void {
    const { run, job, ctx } = this;
    const { dryRun } = run.options;
    let unknownRows = 0;
    for (const entry of toSend) {
      const known = knownWithoutRequest(run, first, entry.index, entry.decision);
      if (known) run.knowledge.remember(entry.decision.matchKey, known);
      else unknownRows += 1;
    }
    // A window sees only its rows: the rows the job has left bound those still to answer.
    if (!isWholeRead(first)) unknownRows = Math.max(unknownRows, job.total - job.done);
    const reach = Math.floor((ctx.deadline - ctx.clock.now()) / MS_PER_REQUEST);
    const rowsToAnswer = Math.min(unknownRows, dryRun ? reach : Math.floor(reach / 2));
    run.knowledge.learn(
      batch.map(({ decision }) => decision),
      rowsToAnswer,
      this.session.paced(ctx, this.env),
      toSend.map(({ decision }) => decision),
    );
  }

  /** Each row of the batch whose lead is known: its outcome (into `keyed`), or its upsert. */
  private decideBatch(
    batch: readonly { index: number; decision: SendDecision }[],
    keyed: KeyedOutcome[],
  ): ToUpsert[] {
    const { run } = this;
    const toUpsert: ToUpsert[] = [];
    for (const { index, decision } of batch) {
      const existence = run.knowledge.get(decision.matchKey);
      if (!existence && !run.options.dryRun) continue;
      const decided = existence
        ? decideRow(run, decision, existence, this.scope.importContext)
        : { status: 'VALID' as const, detail: this.t('import.dry.unchecked') };
      if ('status' in decided) keyed.push(keyedOutcome(index, decision, decided));
      else {
        const by = existence?.exists === true ? existence.by : undefined;
        toUpsert.push({ index, decision, body: decided, by });
      }
    }
    return toUpsert;
  }

  /**
   * The upserts leave together, as many at once as the rate limit has free slots (pacedAll).
   * An error that stops the job (a refused key) still lets the rows answered before it get
   * their status.
   */
  private upsertAll(toUpsert: readonly ToUpsert[], keyed: KeyedOutcome[]): BatchEnd {
    if (toUpsert.length === 0) return {};
    const { run, env, ctx } = this;
    const answers = pacedAll(
      env.client,
      toUpsert.map(
        ({ body }) =>
          (c: CrmApi) =>
            c.leads.upsert(body.send),
      ),
      this.session.paced(ctx, env),
    );
    const end: BatchEnd = {};
    const deleteLead = (id: number) =>
      pacedCall(() => env.client.leads.delete(id), this.session.paced(ctx, env));
    toUpsert.forEach(({ index, decision, body, by }, i) => {
      try {
        const answer = answers[i] as UpsertAnswer;
        const result = outcomeOfUpsert(run, decision, body.expectCreate, answer, by);
        if (!result) return;
        const outcome =
          run.mode === 'update' && result.outcome.status === 'CREATED'
            ? undoCreation(run, decision, result.outcome, deleteLead)
            : result.outcome;
        keyed.push(keyedOutcome(index, decision, outcome));
        end.stopWith ??= result.stopWith;
      } catch (error) {
        end.stopError ??= error;
      }
    });
    return end;
  }

  /**
   * Each status on the row its key is on now: the user may have sorted, inserted or deleted
   * rows meanwhile. This read immediately precedes the write: the batch's rows where they
   * were, or the whole sheet when any of them is no longer there.
   */
  private place(first: SheetAnalysis, keyed: readonly KeyedOutcome[]): SheetAnalysis {
    const { run, scope } = this;
    const { dryRun } = run.options;
    const rows = keyed.map(({ hintIndex }) => first.offset + hintIndex);
    let fresh =
      dryRun || rows.length === 0
        ? read(scope)
        : read(scope, {
            first: Math.min(...rows),
            count: Math.max(...rows) - Math.min(...rows) + 1,
            uncut: true,
          });
    let located = relocateAll(fresh, keyed, scope.importContext, first.offset);
    if (located.unplaced > 0 && !isWholeRead(fresh)) {
      fresh = read(scope);
      located = relocateAll(fresh, keyed, scope.importContext, first.offset);
    }
    const placed = dryRun ? [...this.splitRows(fresh).free, ...located.placed] : located.placed;
    // Write-ahead: each sent key's lead id is saved (one property) before the statuses, so
    // the end check can tell a status on the wrong row even after a kill right after the write.
    if (!dryRun) run.book.journal();
    this.write(fresh, placed);
    if (dryRun) {
      const free = (analysis: SheetAnalysis) => this.splitRows(analysis).free;
      fresh = placeDryRun(scope, fresh, placed, keyed, first.offset, free);
    } else recordWritten(scope, keyed, located.placed, fresh.offset);
    if (located.unplaced > 0) addUnplaced(this.job, located.unplaced);
    return fresh;
  }

  /** The step's end: a stop the batch asked for, else where the scan goes on. */
  private finishStep(
    first: SheetAnalysis,
    fresh: SheetAnalysis,
    toSend: readonly { index: number }[],
    keyed: readonly KeyedOutcome[],
    end: BatchEnd,
  ): StepResult {
    if (end.stopError !== undefined) {
      this.settleCounts();
      throw end.stopError;
    }
    if (end.stopWith !== undefined) {
      this.settleCounts();
      this.run.book.flush();
      return stopJob(this.job, 'failed', end.stopWith);
    }
    // The scan goes on at the first row of the window still to do (a row whose lead could not
    // be learnt this step), or after the batch.
    const answered = new Set(keyed.map(({ hintIndex }) => hintIndex));
    const left = toSend.find(({ index }) => !answered.has(index));
    const next = left ? first.offset + left.index : endOfWindow(first);
    // A dry run decided every row in this one step; an import finishes after its end check
    // (step 1 of a step whose whole read finds nothing left to send).
    return this.goOn(fresh, this.run.options.dryRun, next);
  }

  private write(
    analysis: SheetAnalysis,
    outcomes: ReadonlyArray<{ index: number; outcome: RowOutcome }>,
    stopAfter?: number,
  ): number {
    const before = countRows(analysis);
    const written = writeOutcomes(
      this.run,
      analysis,
      outcomes,
      () => this.ctx.clock.now(),
      stopAfter,
    );
    if (isWholeRead(analysis)) {
      applyCounts(this.job, countRows(analysis));
      this.deltas.length = 0;
    } else this.deltas.push([before, countRows(analysis)]);
    return written;
  }

  /** The job's counts after this step's writes (progress recounts a whole read anyway). */
  private settleCounts(): void {
    for (const [before, after] of this.deltas) applyCountsDelta(this.job, before, after);
    this.deltas.length = 0;
  }

  private goOn(analysis: SheetAnalysis, finished: boolean, next?: number): StepResult {
    this.settleCounts();
    return this.progress(analysis, finished && isWholeRead(analysis), next);
  }

  /**
   * Counts (recounted from a whole read; a window's changes are already applied), message and
   * where the scan goes on: `next`, or a whole read at the end of a pass (undefined).
   */
  private progress(analysis: SheetAnalysis, finished: boolean, next?: number): StepResult {
    const { job, run, ctx } = this;
    if (isWholeRead(analysis)) applyCounts(job, countRows(analysis));
    const counts: JobCounts = {
      total: job.total,
      done: job.done,
      counts: { ...emptyCounts(), ...job.counts } as JobCounts['counts'],
    };
    setScan(job, next);
    if (finished || nearSliceEnd(ctx) || run.book.unsaved >= FINGERPRINT_FLUSH_EVERY)
      run.book.flush();
    const unplaced = unplacedOf(job);
    const tail = unplaced > 0 ? this.t('import.job.unplaced', { count: unplaced }) : '';
    job.message = finished
      ? finishedMessage(counts, run.options.dryRun, this.t) + tail
      : this.t('import.job.progress', { done: job.done, total: job.total }) + tail;
    return finished ? { status: 'finished' } : { status: 'more' };
  }
}

function keyedOutcome(index: number, decision: SendDecision, outcome: RowOutcome): KeyedOutcome {
  return {
    matchKey: decision.matchKey,
    fingerprint: fingerprintOf(decision),
    hintIndex: index,
    outcome,
  };
}

/** The match key and cells' fingerprint of a row whose free outcome is keyed (UNCHANGED). */
function keyOfFree(analysis: SheetAnalysis, index: number, outcome: RowOutcome) {
  const decision = analysis.decisions[index];
  if (outcome.status !== 'UNCHANGED' || decision?.kind !== 'send') return undefined;
  return { matchKey: decision.matchKey, print: fingerprintOf(decision) };
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
