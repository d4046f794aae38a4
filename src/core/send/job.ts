import { translator } from '../i18n';
import type { JobHandler, StepContext, StepResult } from '../jobs/engine';
import { jobControlOf } from '../jobs/errors';
import { plannedStep } from '../jobs/pipeline/planned/walk';
import type { JobRecord } from '../jobs/record';
import { pacedCall } from '../jobs/requests';
import { guardedStep, headersChangedMessage, StepClock } from '../jobs/row-job';
import type { Pacer } from '../pacing';
import { scopedSheet } from '../rows/scope';
import { readOptedOutLeads } from '../settings/opt-out';
import { unionOfTags } from '../settings/opt-out-tags';
import { SendColumnsError } from './columns';
import { readSendCursor } from './cursor';
import { SendLedger } from './job-ledger';
import { readSendJobOptions } from './options';
import { SendRecordRun } from './record-run';
import { SEND_ROW_STATUSES } from './status-columns';
import type { JobRun, SendHandlerOptions, SendJobEnv } from './step-base';
import { SendWalkKind } from './walk-kind';

export const SEND_JOB_KIND = 'send';

export {
  LOOKAHEAD_ROWS,
  LOOKUP_PER_PAGE,
  MERGE_SLOTS_MS,
  RECORD_RETRY_MS,
  SCAN_WINDOW_ROWS,
  type SendHandlerOptions,
  type SendJobEnv,
  SLICE_CHECK_ROWS_PER_SENT,
  STOP_CHECK_AFTER_WAIT_MS,
} from './step-base';

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
 * The steps are the planned walk of the row pipeline (jobs/pipeline/planned/walk.ts); the send
 * hands it its pieces (walk-kind.ts).
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
    const opened = env.openSheet(options.sheetId, options.headerRow);
    const sheet = opened && scopedSheet(opened, options.rowScope);
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
      sentRows: 0,
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
      ledger: new SendLedger(env.store, job.jobId, readSendCursor(job.cursor).ledger === 1),
    };
    runs.set(job.jobId, run);
    return run;
  }

  function step(job: JobRecord, ctx: StepContext): StepResult {
    return guardedStep(job, ctx, {
      clock: stepClock,
      env: getEnv,
      runFor,
      work: (run, env) => {
        const pacer = pacerOf(env);
        // Read at each execution's start (a run lives one execution, job-handlers.ts builds the
        // handler anew each time), so a lead tagged after this read and before one of this
        // execution's sends is the only race left: bounded by an execution's length (6 min).
        // The tags the job started with stay in force to its end, with those set since
        // (settings/opt-out-tags.ts): a lead its start skipped is never messaged by a later slice.
        run.optOutTags ??= unionOfTags(run.options.optOutTags, env.optOutTags);
        const optOutTags = run.optOutTags;
        run.optedOut ??= new Map(
          readOptedOutLeads(
            (filters) =>
              pacedCall(() => env.client.leads.list(filters), {
                pacer,
                clock: stepClock,
                latestStartAt: ctx.latestStartAt,
              }),
            optOutTags,
          ).map(({ lead, tag }) => [lead.id, tag]),
        );
        return plannedStep(job, ctx, new SendWalkKind(job, ctx, env, run), {
          client: env.client,
          pacer,
          ...(handlerOptions.random ? { random: handlerOptions.random } : {}),
          noSlotWords: () => run.t('jobs.yield.noSlot'),
        });
      },
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

  return { kind: SEND_JOB_KIND, statuses: SEND_ROW_STATUSES, step };
}
