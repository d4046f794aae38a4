import type { CrmApi, CrmClient } from '../../api/client';
import { NotFoundError } from '../../api/errors';
import type { ChatappTemplateSent } from '../../api/schemas';
import { type Translate, translator } from '../i18n';
import type { JobHandler, StepContext, StepResult } from '../jobs/engine';
import { JobYield, jobControlOf, messageOf, withCheckpoint } from '../jobs/errors';
import type { JobRecord } from '../jobs/record';
import { pacedAll, stepPacing } from '../jobs/requests';
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
import type { PaceGrant, Pacer } from '../pacing';
import type { Clock, KeyValueStore } from '../ports';
import {
  applyEntries,
  applySettlements,
  batchSize,
  cellsForSheet,
  claimKeys,
  type Entry,
  foundInPlace,
  isWhole,
  type KnownLead,
  type LookupRow,
  MAX_BATCH_ROWS,
  misplacedEntries,
  type NextWork,
  type PlacedRow,
  type PlannedRow,
  placeAnswers,
  placeBatch,
  planStep,
  readSendCursor,
  recoverPlanned,
  type SendCursor,
  type SendRow,
  type SettleLead,
  type Settlement,
  settleBatch,
  settlementOf,
  settleWork,
  withRowHistory,
} from './batch';
import {
  missingStatusHeaders,
  placeSources,
  SendColumnsError,
  type StatusColumns,
  statusColumnsOf,
} from './columns';
import { isRecorded, SendLedger } from './job-ledger';
import { lookupQuery, pickLead } from './lookup';
import { readSendJobOptions, type SendJobOptions } from './options';
import { outcomeOf } from './outcome';
import { SendRecordRun } from './record-run';
import {
  analyseSendSheet,
  countSendRows,
  hasPendingRows,
  type SendAnalysis,
  type SendCounts,
  type SendSheetValues,
  sentSince,
} from './rows';
import type { SendRecordStore } from './sent-record';
import type { SendSheet } from './sheet';
import { SEND_ROW_STATUSES } from './status-columns';

export const SEND_JOB_KIND = 'send';

/** What the send handler needs from the platform; built once per execution, on first use. */
export interface SendJobEnv {
  client: CrmClient;
  /** The user's shared pacer for the API key, over the clock given. */
  pacer(clock: Clock): Pacer;
  /** For phones typed without a country code (matchBy). */
  defaultCountry: string;
  /** The job's sheet, found by id (renaming it is harmless); null when it was deleted. */
  openSheet(sheetId: number, headerRow: number): SendSheet | null;
  /** The spreadsheet's send record (sent-record.ts); left out, nothing is recorded. */
  record?: SendRecordStore;
  /** The person's data store for this spreadsheet: the jobs' ledgers of their rows. */
  store: KeyValueStore;
}

export interface SendHandlerOptions {
  /** Random source for back-off jitter of lookups; tests pass a seeded one. */
  random?: () => number;
}

/** A wait for rate-limit slots at least this long is followed by a look for a pause or cancel. */
export const STOP_CHECK_AFTER_WAIT_MS = 1_000;
/** A batch short of slots waits this long at most for the rest to free up. */
export const MERGE_SLOTS_MS = 3_000;
/** Candidates read for one e-mail or phone (the API's maximum page): more means "ambiguous". */
export const LOOKUP_PER_PAGE = 200;

/** A send that found the send record busy tries again this much later. */
export const RECORD_RETRY_MS = 5_000;

/** Rows read past a batch, so that the read after it also holds the next batch. */
export const LOOKAHEAD_ROWS = 2 * MAX_BATCH_ROWS;
/** Rows read where the scan goes on when no batch is in hand. */
export const SCAN_WINDOW_ROWS = 3 * MAX_BATCH_ROWS;

/** The data rows from the first of `rows` to the last, and `extra` rows after them. */
function spanOf(rows: readonly PlannedRow[], extra: number): RowWindow {
  const ats = rows.map(({ at }) => at);
  const first = Math.min(...ats);
  return { first, count: Math.max(...ats) - first + 1 + extra };
}

/** What the job keeps between steps of one execution. */
interface JobRun {
  options: SendJobOptions;
  sheet: SendSheet;
  t: Translate;
  needsDisplay: boolean;
  /** Lead ids (or the next lookup to make) found in this execution, by row key. */
  lookups: Map<string, KnownLead>;
  /** The next batch, decided on the last read of the previous step (its rows are found again by key). */
  next?: Extract<NextWork, { kind: 'send' | 'lookup' | 'settle' }>;
  /** Whether this execution has looked for the batch the last checkpoint planned (a kill mid-batch). */
  checked: boolean;
  /** The spreadsheet's send record, as this execution knows it. */
  record: SendRecordRun;
  /** The rows this job ended SKIPPED or FAILED (job-ledger.ts). */
  ledger: SendLedger;
}

/**
 * The `send` job: `POST /leads/{id}/send-chatapp-template` once per row (PRODUCT.md, Bulk
 * send), in batches of at most MAX_BATCH_ROWS rows. A step is one batch of sends or of lead
 * lookups (matchBy):
 *
 * 1. slots for the batch are taken from the pacer (waiting if needed), and a pause or cancel
 *    asked for meanwhile stops the job before anything leaves;
 * 2. the sheet is read, the batch's rows are found by key, marked SENDING in one write and
 *    flushed: a kill from here on finds them SENDING, and a later step makes them UNCERTAIN;
 * 3. the requests leave; then the sheet is read again and each answer written to the row of
 *    its key still marked SENDING (SENT, SKIPPED, FAILED, UNCERTAIN, or QUEUED again for a
 *    refusal: a 429, a transient or systemic provider refusal, a refused key or template).
 *
 * Every write goes to rows found in the read just before it, by key, never by a position from
 * an earlier read; people sort, insert and delete rows mid-send. A send that may have reached
 * the CRM is never repeated (outcome.ts, provider-failures.ts say which answers are refusals).
 */
export function createSendJobHandler(
  getEnv: () => SendJobEnv,
  handlerOptions: SendHandlerOptions = {},
): JobHandler {
  const runs = new Map<string, JobRun>();
  const stepClock = new StepClock('send');
  let pacer: Pacer | undefined;

  function pacerOf(env: SendJobEnv): Pacer {
    pacer ??= env.pacer(stepClock);
    return pacer;
  }

  function runFor(job: JobRecord, env: SendJobEnv): JobRun | string {
    const existing = runs.get(job.jobId);
    if (existing) return existing;
    const options = readSendJobOptions(job.options);
    // Jobs stored before the locale was kept speak English.
    const t = translator(options?.locale ?? 'en');
    if (!options) return t('send.message.otherVersion');
    const sheet = env.openSheet(options.sheetId, options.headerRow);
    if (!sheet) return t('send.message.sheetGone', { sheet: options.sheetName });
    const sources = [
      ...Object.values(options.variables),
      options.headerMediaUrl,
      options.headerMediaFilename,
    ];
    const run: JobRun = {
      options,
      sheet,
      t,
      needsDisplay: sources.some((source) => source !== undefined && 'column' in source),
      lookups: new Map(),
      checked: false,
      record: new SendRecordRun(
        env.record,
        {
          sheetId: options.sheetId,
          sheetName: options.sheetName,
          templateId: options.templateId,
          templateName: options.templateName,
          jobId: job.jobId,
        },
        options.resend === true,
        () => sheet.flush(),
      ),
      ledger: new SendLedger(env.store, job.jobId),
    };
    runs.set(job.jobId, run);
    return run;
  }

  function step(job: JobRecord, ctx: StepContext): StepResult {
    return guardedStep(job, ctx, {
      clock: stepClock,
      env: getEnv,
      runFor,
      work: (run, env) => new SendStep(job, ctx, env, run, pacerOf(env)).run(),
      afterError: (error) => {
        // A yield keeps what this execution learnt (lookups); anything else starts afresh.
        if (jobControlOf(error) !== 'yield') runs.delete(job.jobId);
      },
      pauseMessage: (error, run) =>
        error instanceof SendColumnsError
          ? headersChangedMessage(run.options.sheetName, 'send', error.message, run.t)
          : undefined,
    });
  }

  class SendStep {
    private cursor: SendCursor;
    private readonly initialCursor: SendCursor;
    /** Count changes of the rows read in windows this step (whole reads recount instead). */
    private readonly delta = { before: [] as SendCounts[], after: [] as SendCounts[] };
    constructor(
      private readonly job: JobRecord,
      private readonly ctx: StepContext,
      private readonly env: SendJobEnv,
      private readonly work: JobRun,
      private readonly pacer: Pacer,
    ) {
      this.cursor = readSendCursor(job.cursor);
      this.initialCursor = this.cursor;
    }

    run(): StepResult {
      try {
        return this.dispatch();
      } finally {
        // After the step's last write, before its checkpoint.
        this.work.ledger.save();
      }
    }

    private dispatch(): StepResult {
      const { work } = this;
      const next = work.next;
      work.next = undefined;
      if (next?.kind === 'send') return this.sendBatch(next.rows);
      if (next?.kind === 'lookup') return this.lookupBatch(next.rows);
      if (next?.kind === 'settle') return this.settleLeads(next.leads);
      return this.scan();
    }

    /**
     * No batch in hand (the first step of an execution, or the scan moving on): reads the rows
     * where the scan goes on (the whole sheet at the start and at the end of a pass), writes
     * the marks they call for and plans the next batch, which the next step sends: a batch
     * leaves only once a checkpoint names its rows (`planned`).
     */
    private scan(): StepResult {
      const { work } = this;
      const planned = this.cursor.planned ?? [];
      let analysis: SendAnalysis | undefined;
      if (this.cursor.scan !== undefined) {
        const ats = planned.map(({ at }) => at);
        const first = Math.min(this.cursor.scan, ...ats);
        const end = Math.max(this.cursor.scan + SCAN_WINDOW_ROWS, ...ats.map((at) => at + 1));
        analysis = this.read(true, { first, count: end - first });
        // A batch planned by an earlier execution that is not where it was planned: the whole
        // sheet tells whether it was sent.
        if (!work.checked && !foundInPlace(analysis, planned)) analysis = undefined;
      }
      analysis ??= this.read(true);
      if (!work.checked) {
        this.cursor = recoverPlanned(analysis, planned, this.cursor, this.now());
        work.checked = true;
      }
      // Leads the sheet says got this template (any job): later reads are windows, which may
      // not hold those rows, so the job keeps them (issue 16 item 4).
      if (isWhole(analysis) && analysis.sentLeads.size > 0) {
        const keys = [...analysis.sentLeads.keys()].map((id) => `lead:${id}`);
        const claimed = claimKeys(this.cursor, keys);
        // Only a real change is a new cursor: an unchanged one lets the job wait for a retry.
        if (claimed.sent !== this.cursor.sent) this.cursor = claimed;
      }
      // Leads another job may have messaged from this sheet: settled before any is sent.
      this.cursor = work.record.claimUnsure(this.cursor);
      const plan = planStep(analysis, this.planInput(this.cursor));
      const written = this.writeMarks(analysis, plan.marks, this.ctx.latestStartAt);
      if (written < plan.marks.length) {
        return this.progress(this.analyse(analysis), { ...this.cursor, planned: [] });
      }
      const updated = this.analyse(analysis);
      // Nothing to do before a retry is due: wait, unless the cursor learnt claims to keep.
      if (plan.next.kind === 'wait' && isWhole(updated) && this.cursor === this.initialCursor) {
        return { status: 'wait', notBefore: plan.next.until };
      }
      return this.goOn(updated, plan.next, this.cursor);
    }

    /** One batch of sends: slots, SENDING marks, the requests, the answers by key. */
    private sendBatch(rows: readonly SendRow[]): StepResult {
      const { ctx, work, pacer } = this;
      const askedAt = this.now();
      const grants = this.acquireBatch(Math.min(rows.length, batchSize(this.cursor)));
      const grant = { count: grants.reduce((sum, { count }) => sum + count, 0) };
      if (grant.count === 0) {
        throw new JobYield(work.t('jobs.yield.noSlot'), pacer.nextSlotAt());
      }
      // A pause or cancel asked for while waiting: nothing has left; the engine sees the new
      // state. Without a wait, the engine's own check just before this step is as recent, and
      // the two Properties reads of another check are saved.
      if (this.now() - askedAt >= STOP_CHECK_AFTER_WAIT_MS && ctx.stopRequested?.()) {
        return { status: 'wait' };
      }

      // Under the send record's lock: read, marked SENDING, recorded, flushed (markBatch).
      const marked = work.record.locked(() => this.markBatch(rows, grant.count));
      if (marked === undefined) {
        for (const part of grants) pacer.answered(part);
        throw new JobYield(work.t('send.yield.recordBusy'), this.now() + RECORD_RETRY_MS);
      }
      const { before, batch, at } = marked;
      if (batch.length === 0) return this.progress(before, { ...this.cursor, planned: [] });

      const { options } = work;
      // All leave together (UrlFetchApp.fetchAll); none is ever sent again by this step.
      const answers = this.env.client.all<ChatappTemplateSent>(
        batch.map(
          ({ leadId, payload }) =>
            (api: CrmApi) =>
              api.leads.sendChatappTemplate(leadId, {
                template_id: options.templateId,
                instance_id: options.instanceId,
                ...payload,
              }),
        ),
      );
      for (const part of grants) pacer.answered(part);
      const answeredAt = this.now();
      const outcomes = answers.map((answer, i) => {
        const row = batch[i] as (typeof batch)[number];
        return outcomeOf(answer, {
          leadId: row.leadId,
          jobId: this.job.jobId,
          options,
          at: answeredAt,
          attemptAt: at.getTime(),
          retries: this.cursor.retries[row.key]?.attempts ?? 0,
          batchSize: batch.length,
          t: work.t,
        });
      });
      const settled = settleBatch(batch, outcomes, this.cursor);
      // Answers that end their row SKIPPED or FAILED go into the job's ledger before the read that
      // places them: a kill after their write never leaves such a row to send again.
      this.work.ledger.add(
        settled.answers.flatMap(({ key, cells: [status] }) =>
          isRecorded(status) ? [{ k: key, s: status }] : [],
        ),
      );
      if (settled.retryAfterSeconds !== undefined) {
        pacer.reportRateLimited(settled.retryAfterSeconds);
      }

      // The person may have sorted, inserted or deleted rows during the requests: the answers
      // go to the rows of their keys still marked SENDING, read from where the batch was (and
      // the rows after it, for the next batch), or from the whole sheet when any has moved.
      // Placing answers needs keys and statuses only, not what each cell shows.
      const sentRows = batch.map(({ key, index }) => ({ key, at: before.offset + index }));
      let after = this.read(false, { ...spanOf(sentRows, LOOKAHEAD_ROWS), uncut: true });
      let placed = placeAnswers(after, settled.answers);
      if (placed.unplaced > 0 && !isWhole(after)) {
        after = this.read(false);
        placed = placeAnswers(after, settled.answers);
      }
      const cursor = work.record.answered(
        { ...settled.cursor, unplaced: settled.cursor.unplaced + placed.unplaced },
        ...reachedOrNot(batch, settled.answers),
      );
      const result = this.writeBack(after, placed.entries, cursor);
      // The rows are QUEUED (or UNCERTAIN) in the sheet; the engine makes the job wait.
      if (settled.platformError !== undefined) {
        throw withCheckpoint(settled.platformError, this.job);
      }
      if (settled.pauseMessage !== undefined) {
        work.next = undefined;
        return stopJob(this.job, 'paused', settled.pauseMessage);
      }
      return result;
    }

    /**
     * The batch's rows found where they were planned (the whole sheet when any has moved),
     * marked SENDING with the marks the read calls for (rows added meanwhile), then one row of
     * the send record saying their leads may get the template from now on, and one flush of
     * both: a kill from here on finds the rows SENDING and the record saying "may have left".
     */
    private markBatch(
      rows: readonly SendRow[],
      count: number,
    ): { before: SendAnalysis; batch: PlacedRow[]; at: Date } {
      const { work } = this;
      let before = this.read(true, { ...spanOf(rows, 0), uncut: true });
      if (!foundInPlace(before, rows)) before = this.read(true);
      const batch = placeBatch(before, rows, count);
      const at = new Date(this.now());
      // Rows deleted, edited or marked meanwhile: nothing to mark (progress, outside the lock).
      if (batch.length === 0) return { before, batch, at };
      const sending = (leadId: number) =>
        work.t('send.detail.sending', { jobId: this.job.jobId, leadId });
      const inBatch = new Set(batch.map(({ index }) => index));
      const marks = planStep(before, this.planInput(this.cursor)).marks.filter(
        ({ index }) => !inBatch.has(index),
      );
      this.writeMarks(before, [
        ...marks,
        ...batch.map(
          ({ index, leadId }): Entry => ({ index, cells: ['SENDING', '', sending(leadId), at] }),
        ),
      ]);
      const leads = batch.map(({ leadId }) => leadId);
      this.cursor = work.record.beforeSend(this.cursor, leads, at.getTime());
      work.sheet.flush();
      return { before, batch, at };
    }

    /**
     * Slots for a batch of `wanted` sends: what is free now, then the slots that free up within
     * MERGE_SLOTS_MS. Slots free up in the clumps they were taken in (a job's first batches are
     * small); without waiting for the rest, that pattern would repeat every minute as small
     * batches, each costing its own sheet reads and writes.
     */
    private acquireBatch(wanted: number): PaceGrant[] {
      const { pacer, ctx } = this;
      const grants = [pacer.acquireUpTo(wanted, { deadline: ctx.latestStartAt })];
      let count = grants[0]?.count ?? 0;
      while (count > 0 && count < wanted && pacer.nextSlotAt() - this.now() <= MERGE_SLOTS_MS) {
        const more = pacer.acquireUpTo(wanted - count, { deadline: ctx.latestStartAt });
        if (more.count === 0) break;
        grants.push(more);
        count += more.count;
      }
      return grants;
    }

    /**
     * Settles leads that may have been messaged from their conversations (`GET /leads/{id}
     * ?include=conversation`): nothing is sent by this step. Rows UNCERTAIN for a lead that got
     * its message become SENT (confirmed); those for a lead that got nothing go back to the
     * queue and are sent once; a lead the CRM cannot settle stays UNCERTAIN, saying why.
     */
    private settleLeads(leads: readonly SettleLead[]): StepResult {
      const { ctx, env, work } = this;
      const answers = pacedAll(
        env.client,
        leads.map(
          ({ leadId }) =>
            (api: CrmApi) =>
              api.leads.get(leadId, ['conversation']),
        ),
        stepPacing(this.pacer, ctx, handlerOptions.random),
      );
      const results = new Map<number, Settlement>();
      let failure: unknown;
      leads.forEach(({ leadId, since }, i) => {
        const answer = answers[i];
        if (answer?.ok) {
          const conversation = answer.value.conversation;
          const number = conversation?.instance_id;
          const ours = work.options.instanceId;
          const other =
            ours !== undefined &&
            number !== null &&
            number !== undefined &&
            `${number}` !== `${ours}`
              ? number
              : undefined;
          results.set(leadId, settlementOf(conversation?.last_message_at, since, other));
        } else if (answer && answer.error instanceof NotFoundError) {
          results.set(leadId, { unsettled: messageOf(answer.error) });
        } else failure ??= answer?.error;
      });
      const analysis = this.read(false);
      const settled = applySettlements(analysis, results, this.cursor, {
        t: work.t,
        now: this.now(),
      });
      this.cursor = work.record.answered(settled.cursor, ...settledLeads(results));
      const result = this.writeBack(analysis, settled.entries, this.cursor);
      // A lookup that could not be made this step is made by a later one.
      if (failure !== undefined && results.size === 0) throw failure;
      return result;
    }

    /** One batch of lead lookups (matchBy): leads found go out with the next batch. */
    private lookupBatch(rows: readonly LookupRow[]): StepResult {
      const { ctx, work, env } = this;
      // Lookups send nothing: a pause or cancel is seen before the batch they lead to.
      const skips: { key: string; reason: string }[] = [];
      // Lookups are safe to repeat: pacedAll retries a 429'd or failed one on its own.
      const pages = pacedAll(
        env.client,
        rows.map(
          (row) => (api: CrmApi) =>
            api.leads.list({ q: lookupQuery(row.by, row.value), per_page: LOOKUP_PER_PAGE }),
        ),
        stepPacing(this.pacer, ctx, handlerOptions.random),
      );
      let failure: unknown;
      rows.forEach((row, i) => {
        const answer = pages[i];
        if (!answer?.ok) {
          // A lookup that could not be made this step (yield) is made by a later one.
          if (failure === undefined || jobControlOf(failure) === 'yield') failure = answer?.error;
          return;
        }
        const page = answer.value;
        const complete = page.meta?.has_more !== true;
        const outcome = pickLead(
          page.data,
          row.by,
          row.value,
          env.defaultCountry,
          row.phoneNext,
          complete,
          work.t,
        );
        if (outcome.kind === 'found') work.lookups.set(row.key, { leadId: outcome.leadId });
        else if (outcome.kind === 'try-phone') work.lookups.set(row.key, { next: 'phone' });
        else skips.push({ key: row.key, reason: outcome.reason });
      });
      // What the others found is kept (this execution's lookups); the failure ends the step.
      if (failure !== undefined && skips.length === 0) throw failure;
      let analysis = this.read(false, spanOf(rows, LOOKAHEAD_ROWS));
      if (!foundInPlace(analysis, rows)) analysis = this.read(false);
      const reasons = new Map(skips.map(({ key, reason }) => [key, reason]));
      const entries = placeBatch(
        analysis,
        skips.map(({ key }) => ({ key, leadId: 0 })),
        skips.length,
      ).map(
        ({ index, key }): Entry => ({
          index,
          cells: ['SKIPPED', '', reasons.get(key) ?? '', ''],
        }),
      );
      const result = this.writeBack(analysis, entries, this.cursor);
      if (failure !== undefined) throw failure;
      return result;
    }

    /**
     * Writes a batch's cells (placed in `analysis`, read just before) and plans the next batch
     * on the result. Marks wait for a read with display values (the next batch's, or the next
     * step's): whether a row's variables pass the rules is judged on what its cells show.
     */
    private writeBack(analysis: SendAnalysis, entries: Entry[], cursor: SendCursor): StepResult {
      this.writeMarks(analysis, entries);
      const updated = this.analyse(analysis);
      const next = planStep(updated, this.planInput(cursor)).next;
      return this.goOn(updated, next, cursor);
    }

    /**
     * Where the job goes on after `analysis` (the rows as written): the next batch (sent by the
     * next step), else the rest of the sheet below the rows read, else a whole read (the end
     * of a pass finds rows moved above the scan); finished when a whole read has nothing left.
     */
    private goOn(analysis: SendAnalysis, next: NextWork, cursor: SendCursor): StepResult {
      if (next.kind === 'settle') {
        this.work.next = next;
        return this.progress(analysis, { ...cursor, planned: [] }, true);
      }
      if (next.kind === 'send' || next.kind === 'lookup') {
        this.work.next = next;
        // The lead ids go in the checkpoint too: a run killed after the batch left claims its
        // leads by id, which a later lookup of another row of the same lead finds.
        const planned =
          next.kind === 'send' ? next.rows.map(({ key, at, leadId }) => ({ key, at, leadId })) : [];
        const scan = Math.min(...next.rows.map(({ at }) => at));
        return this.progress(analysis, { ...cursor, scan, planned, plannedAt: this.now() });
      }
      const { scan: _scan, ...rest } = cursor;
      const end = analysis.offset + analysis.rows.length;
      // A window ending on a blank row is taken for the sheet's end: should rows follow the
      // gap, the whole read at the end of the pass finds them.
      const last = analysis.decisions[analysis.decisions.length - 1];
      const atEnd = analysis.complete || last === undefined || last.kind === 'blank';
      return this.progress(
        analysis,
        atEnd ? { ...rest, planned: [] } : { ...rest, scan: end, planned: [] },
      );
    }

    /**
     * Counts, cursor and message after a step: recounted from a whole read (finished when no
     * row is left to do), moved by what this step wrote after a window.
     */
    private progress(analysis: SendAnalysis, cursor: SendCursor, settling = false): StepResult {
      const { job, work } = this;
      const whole = isWhole(analysis);
      if (whole) applyCounts(job, countSendRows(analysis));
      else {
        this.delta.before.forEach((before, i) => {
          applyCountsDelta(job, before, this.delta.after[i] ?? before);
        });
      }
      job.cursor = cursor;
      // Not before every UNCERTAIN row it can settle is settled from the CRM, nor before the
      // sheet agrees with what the job wrote.
      const finished =
        whole &&
        !settling &&
        !hasPendingRows(analysis) &&
        settleWork(analysis, cursor).length === 0 &&
        !this.repairMisplaced(analysis, cursor);
      // What the last answers said goes to the send record (a kill leaves them to settle).
      if (finished) job.cursor = work.record.flush(cursor, this.now());
      job.message = finished
        ? finishedMessage(work.t, analysis, job.createdAt, cursor.unplaced)
        : work.t('send.message.progress', {
            template: work.options.templateName,
            done: job.done,
            total: job.total,
          });
      return finished ? { status: 'finished' } : { status: 'more' };
    }

    /**
     * The end-of-job check: each SENT record names its lead, so a status a sort put on another
     * lead's row goes back to its own (misplacedEntries). True when something was repaired:
     * the job goes on (a row may be left to send or to settle).
     */
    private repairMisplaced(analysis: SendAnalysis, cursor: SendCursor): boolean {
      const { job, work } = this;
      const moved = misplacedEntries(analysis, cursor, {
        t: work.t,
        since: job.createdAt,
        templateName: work.options.templateName,
      });
      if (moved.length === 0) return false;
      this.writeMarks(analysis, moved);
      applyCounts(job, countSendRows(this.analyse(analysis)));
      return true;
    }

    private planInput(cursor: SendCursor) {
      return {
        jobId: this.job.jobId,
        templateName: this.work.options.templateName,
        t: this.work.t,
        now: this.now(),
        lookups: this.work.lookups,
        cursor,
        maxRows: batchSize(cursor),
        record: this.work.record.planView(cursor),
      };
    }

    /**
     * Reads the sheet, or the rows of `window` (creating missing status columns), and decides
     * every row read.
     */
    private read(withDisplay: boolean, window?: RowWindow): SendAnalysis {
      const { sheet, needsDisplay, ledger } = this.work;
      // The ledger of the rows written since the last read: stored in this gap, which no
      // write placed by an earlier read follows.
      ledger.save();
      const { read, columns } = readWithStatusColumns({
        read: () => sheet.read(withDisplay && needsDisplay, window),
        columnsOf: (values) => statusColumnsOf(values.header),
        missingHeaders: (values) => missingStatusHeaders(values.header),
        appendHeaders: (headers) => sheet.appendHeaders(headers),
        t: this.work.t,
      });
      return this.analyse({ ...read, columns });
    }

    private analyse(values: SendSheetValues & { columns: StatusColumns }): SendAnalysis {
      const { options } = this.work;
      return analyseSendSheet({
        values,
        columns: values.columns,
        sources: placeSources(values.header, options, options.sheetName, this.work.t),
        since: this.job.createdAt,
        templateName: options.templateName,
        t: this.work.t,
        defaultCountry: this.env.defaultCountry,
        headerRow: options.headerRow,
        readAt: this.now(),
        mine: (status, key) => this.work.ledger.has(status, key),
      });
    }

    /**
     * Writes entries of `analysis` (the read just taken) one run of adjacent rows at a time and
     * puts them in its rows; returns the entries written. A row found SENDING (its run stopped
     * mid-batch) claims its lead as its UNCERTAIN mark is written. The count change of a
     * window is kept for the step's progress.
     */
    private writeMarks(
      analysis: SendAnalysis,
      entries: readonly Entry[],
      stopAfter?: number,
    ): number {
      const { columns, offset } = analysis;
      const indexes = [columns.status, columns.messageId, columns.detail, columns.sentAt];
      const sorted = withRowHistory(analysis, entries).sort((a, b) => a.index - b.index);
      const counted = countSendRows(analysis);

      const written = writeInRuns(
        sorted,
        (run) =>
          this.work.sheet.writeRows(
            offset + (run[0]?.index ?? 0),
            indexes,
            run.map(({ cells }) => cellsForSheet(cells)),
          ),
        () => this.now(),
        stopAfter,
      );
      const done = sorted.slice(0, written);
      // Into the job's ledger, stored before the next read (job-ledger.ts). A kill before then
      // leaves a SKIPPED row to decide again (the same skip); a FAILED answer was recorded
      // before its row was read to place it (sendBatch).
      this.toLedger(analysis, done);
      // By the lead id its SENDING detail names when it has one (a row matched by e-mail or
      // phone), so another row of the lead with another key is not sent either.
      const inFlight = done
        .map(({ index }) => {
          const decision = analysis.decisions[index];
          if (decision?.kind !== 'in-flight') return '';
          return decision.leadId === undefined
            ? (analysis.keys[index] ?? '')
            : `lead:${decision.leadId}`;
        })
        .filter((key) => key !== '');
      this.cursor = claimKeys(this.cursor, inFlight);
      applyEntries(analysis, done);
      // Kept for whole reads too: when a later read of the same step is a window, progress
      // applies every change of the step (the marks of a whole read included).
      this.delta.before.push(counted);
      this.delta.after.push(countSendRows(this.analyse(analysis)));
      return written;
    }

    /** Rows of `analysis` written SKIPPED or FAILED go into the job's ledger (not stored yet). */
    private toLedger(analysis: SendAnalysis, entries: readonly Entry[]): void {
      this.work.ledger.add(
        entries.flatMap(({ index, cells: [status] }) =>
          isRecorded(status) ? [{ k: analysis.recordKeys[index] ?? '', s: status }] : [],
        ),
      );
    }

    private now(): number {
      return this.ctx.clock.now();
    }
  }

  return { kind: SEND_JOB_KIND, statuses: SEND_ROW_STATUSES, step };
}

/**
 * The job's closing message: what this send did (rows SENT by it, settled or skipped by it),
 * then what earlier sends had done already, never counted as sent now (issue 18 item 8).
 */
function finishedMessage(
  t: Translate,
  analysis: SendAnalysis,
  since: number,
  unplaced: number,
): string {
  const { counts } = countSendRows(analysis);
  const sentNow = sentSince(analysis, since);
  const earlier = counts.SENT - sentNow;
  const parts: string[] = [t('send.message.sent', { count: sentNow })];
  if (counts.SKIPPED > 0) parts.push(t('send.message.skipped', { count: counts.SKIPPED }));
  if (counts.FAILED > 0) parts.push(t('send.message.failed', { count: counts.FAILED }));
  if (counts.UNCERTAIN > 0) parts.push(t('send.message.uncertain', { count: counts.UNCERTAIN }));
  if (earlier > 0) parts.push(t('send.message.sentBefore', { count: earlier }));
  if (analysis.decisions.every((d) => d.kind === 'blank')) return t('send.message.empty');
  return [
    t('send.message.finished', { parts: parts.join('; ') }),
    ...(counts.UNCERTAIN > 0 ? [t('send.message.uncertainHint')] : []),
    ...(unplaced > 0 ? [t('send.message.unplaced', { count: unplaced })] : []),
  ].join(' ');
}

/** A batch's leads its answers reached, and those nothing reached (UNCERTAIN: neither). */
function reachedOrNot(
  batch: readonly { key: string; leadId: number }[],
  answers: readonly { key: string; cells: readonly unknown[] }[],
): [number[], number[]] {
  const sent: number[] = [];
  const notSent: number[] = [];
  answers.forEach(({ cells }, i) => {
    const leadId = batch[i]?.leadId;
    if (leadId === undefined || cells[0] === 'UNCERTAIN') return;
    (cells[0] === 'SENT' ? sent : notSent).push(leadId);
  });
  return [sent, notSent];
}

/** Leads whose conversations settled them: sent, and not sent (unsettled: neither). */
function settledLeads(results: ReadonlyMap<number, Settlement>): [number[], number[]] {
  const sent: number[] = [];
  const notSent: number[] = [];
  for (const [leadId, result] of results) {
    if (result === 'sent') sent.push(leadId);
    else if (result === 'not-sent') notSent.push(leadId);
  }
  return [sent, notSent];
}
