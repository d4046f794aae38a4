import type { CrmClient } from '../../api/client';
import {
  InvalidInputError,
  NetworkError,
  NotFoundError,
  ProviderError,
  SkipError,
  UnexpectedResponseError,
  UnprocessableError,
  ValidationError,
} from '../../api/errors';
import type { ChatappTemplateSent } from '../../api/schemas';
import type { JobHandler, StepContext, StepResult } from '../jobs/engine';
import { JobYield, jobControlOf, messageOf } from '../jobs/errors';
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
  writeInRuns,
} from '../jobs/row-job';
import { isRateLimited, type Pacer } from '../pacing';
import type { Clock } from '../ports';
import { missingStatusHeaders, placeSources, SendColumnsError, statusColumnsOf } from './columns';
import { type LookupBy, lookupQuery, pickLead } from './lookup';
import { readSendJobOptions, type SendJobOptions } from './options';
import {
  analyseSendSheet,
  countSendRows,
  hasPendingRows,
  type RowDecision,
  type SendAnalysis,
  type SendPayload,
  sentSince,
  statusOf,
} from './rows';
import type { SendSheet } from './sheet';
import { SEND_ROW_STATUSES, type SendRowStatus } from './status-columns';

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
}

export interface SendHandlerOptions {
  /** Random source for back-off jitter of lookups; tests pass a seeded one. */
  random?: () => number;
}

/** Values read at the end of a step are reused by the next step when this recent. */
export const REUSE_READ_MS = 5_000;
/**
 * The SENDING mark goes on the row found in a read at most this old: a wait for a rate-limit
 * slot between the read and the mark leaves time for a person to sort the sheet.
 */
export const MARK_FRESH_MS = 1_000;
/** 429s answered to one send before the step gives way (the pacer keeps the wait shared). */
export const RATE_LIMIT_ATTEMPTS = 5;
/** Candidates read for one e-mail or phone (the API's maximum page): more means "ambiguous". */
export const LOOKUP_PER_PAGE = 200;

type Cells = [status: SendRowStatus, messageId: string | number, detail: string, at: Date | ''];

/** A refusal that concerns every row (template no longer approved, number changed): pause. */
class SendSetupError extends Error {
  override name = 'SendSetupError';
}

interface JobRun {
  options: SendJobOptions;
  sheet: SendSheet;
  needsDisplay: boolean;
  analysis?: SendAnalysis;
  /** Lead ids (or the next lookup to make) found in this execution, by row key. */
  lookups: Map<string, { leadId: number } | { next: 'phone' }>;
}

function finishedMessage(analysis: SendAnalysis, since: number): string {
  const { counts } = countSendRows(analysis);
  const earlier = counts.SENT - sentSince(analysis, since);
  const parts: string[] = [];
  if (counts.SENT > 0) {
    parts.push(
      earlier > 0
        ? `${counts.SENT} sent (${earlier} of them by an earlier send, not sent again)`
        : `${counts.SENT} sent`,
    );
  }
  for (const status of ['SKIPPED', 'FAILED', 'UNCERTAIN'] as const) {
    if (counts[status] > 0) parts.push(`${counts[status]} ${status.toLowerCase()}`);
  }
  if (parts.length === 0) return 'Send finished: the sheet has no data rows.';
  const uncertain =
    counts.UNCERTAIN > 0
      ? ' UNCERTAIN rows may have been sent: check their conversations in the CRM and clear the status of those to send again.'
      : '';
  return `Send finished: ${parts.join(', ')}.${uncertain}`;
}

function progressMessage(job: JobRecord, options: SendJobOptions): string {
  return `Sending "${options.templateName}": ${job.done} of ${job.total} rows done.`;
}

/** What a decision becomes once these cells are in the row (keeps a reused read in step with the sheet). */
function decisionAfter(cells: Cells, previous: RowDecision | undefined): RowDecision {
  const [status] = cells;
  if (status === 'SENDING') return { kind: 'in-flight' };
  if (status === 'QUEUED' && previous?.kind === 'send') return { ...previous, queued: true };
  return { kind: 'done', status };
}

/**
 * The `send` job: `POST /leads/{id}/send-chatapp-template` once per row (PRODUCT.md, Bulk
 * send). A step makes at most one request: a lead lookup (matchBy) or a send.
 *
 * At most once: before the send leaves, the row is marked SENDING and the sheet flushed;
 * after the answer it is SENT (message id and time), SKIPPED or FAILED. An answer that does
 * not tell whether the message went out (no answer, a timeout, an unreadable body) makes the
 * row UNCERTAIN, and so does a SENDING row found by a later step (its execution died). Sends
 * are never retried automatically, except after a 429, which refuses before sending: then the
 * row goes back to QUEUED and the same row is sent once the pacer allows.
 *
 * A 502 `Falha ao enviar:` / `Provedor retornou erro:` makes the row FAILED with the
 * provider's raw error and is not retried: the contract does not say the provider never got
 * the message (the sandbox refuses after opening the conversation), and a bulk send must not
 * risk doubles. FAILED belongs to this job only: a new send job tries such rows again.
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
    if (!options) {
      return 'This send was started by another version of the add-on and cannot be continued; start it again (rows already SENT are never sent twice).';
    }
    const sheet = env.openSheet(options.sheetId, options.headerRow);
    if (!sheet) {
      return `The sheet "${options.sheetName}" no longer exists; the send stopped (messages already sent are in the CRM).`;
    }
    const sources = [
      ...Object.values(options.variables),
      options.headerMediaUrl,
      options.headerMediaFilename,
    ];
    const run: JobRun = {
      options,
      sheet,
      needsDisplay: sources.some((source) => source !== undefined && 'column' in source),
      lookups: new Map(),
    };
    runs.set(job.jobId, run);
    return run;
  }

  /** Reads the sheet (creating missing status columns) and decides every row. */
  function readSheet(run: JobRun, job: JobRecord, ctx: StepContext, env: SendJobEnv) {
    const { options, sheet } = run;
    const { read: values, columns } = readWithStatusColumns({
      read: () => sheet.read(run.needsDisplay),
      columnsOf: (read) => statusColumnsOf(read.header),
      missingHeaders: (read) => missingStatusHeaders(read.header),
      appendHeaders: (headers) => sheet.appendHeaders(headers),
      what: 'The send status columns',
    });
    const sources = placeSources(values.header, options, options.sheetName);
    return analyseSendSheet({
      values,
      columns,
      sources,
      since: job.createdAt,
      defaultCountry: env.defaultCountry,
      headerRow: options.headerRow,
      readAt: ctx.clock.now(),
    });
  }

  /**
   * Writes cells of rows with one write per run of consecutive rows, and keeps `analysis` in
   * step with the sheet. Stops between runs once `stopAfter` has passed; returns rows written.
   */
  function writeCells(
    run: JobRun,
    analysis: SendAnalysis,
    entries: ReadonlyArray<{ index: number; cells: Cells }>,
    now: () => number,
    stopAfter?: number,
  ): number {
    const { columns } = analysis;
    const indexes = [columns.status, columns.messageId, columns.detail, columns.sentAt];
    const writeRun = (slice: { index: number; cells: Cells }[]) => {
      run.sheet.writeRows(
        slice[0]?.index ?? 0,
        indexes,
        // A string message id stays text: Sheets would turn "000123" or a 19-digit id into a number.
        slice.map(({ cells }) => [
          cells[0],
          typeof cells[1] === 'string' ? asText(cells[1]) : cells[1],
          asText(cells[2]),
          cells[3],
        ]),
      );
      for (const { index, cells } of slice) {
        const row = analysis.rows[index];
        if (!row) continue;
        setCells(row, indexes, cells);
        analysis.decisions[index] = decisionAfter(cells, analysis.decisions[index]);
      }
    };
    return writeInRuns(entries, writeRun, now, stopAfter);
  }

  function step(job: JobRecord, ctx: StepContext): StepResult {
    return guardedStep(job, ctx, {
      clock: stepClock,
      env: getEnv,
      runFor,
      work: (run, env) => stepRun(job, ctx, env, run),
      afterError: (error) => {
        // A yield keeps what this execution learnt (lookups); anything else starts afresh.
        if (jobControlOf(error) !== 'yield') runs.delete(job.jobId);
      },
      pauseMessage: (error, run) => {
        if (error instanceof SendSetupError) return error.message;
        if (error instanceof SendColumnsError) {
          return headersChangedMessage(run.options.sheetName, 'send', error.message);
        }
        return undefined;
      },
    });
  }

  function stepRun(job: JobRecord, ctx: StepContext, env: SendJobEnv, run: JobRun): StepResult {
    const now = () => ctx.clock.now();
    let analysis = run.analysis;
    if (!analysis || now() - analysis.readAt > REUSE_READ_MS) {
      analysis = readSheet(run, job, ctx, env);
    }
    run.analysis = undefined;

    // Rows that cost no request: written in one go, on the way to the next row to send.
    const queuedDetail = `Queued: job ${job.jobId} sends it in turn.`;
    const batch: { index: number; cells: Cells }[] = [];
    let target: { index: number; decision: Extract<RowDecision, { kind: 'send' }> } | undefined;
    analysis.decisions.forEach((decision, index) => {
      if (decision.kind === 'in-flight') {
        batch.push({ index, cells: uncertainCells(now(), 'an earlier run stopped mid-send') });
      } else if (decision.kind === 'skip') {
        batch.push({ index, cells: ['SKIPPED', '', decision.reason, new Date(now())] });
      } else if (decision.kind === 'send') {
        if (!decision.queued) batch.push({ index, cells: ['QUEUED', '', queuedDetail, ''] });
        if (!target) target = { index, decision };
      }
    });
    const written = writeCells(run, analysis, batch, now, ctx.latestStartAt);
    if (written < batch.length || !target) {
      applyCounts(job, countSendRows(analysis));
      run.analysis = analysis;
      const finished = written === batch.length && !hasPendingRows(analysis);
      job.message = finished
        ? finishedMessage(analysis, job.createdAt)
        : progressMessage(job, run.options);
      return finished ? { status: 'finished' } : { status: 'more' };
    }

    const { decision } = target;
    let leadId: number;
    if (decision.lead.kind === 'id') {
      leadId = decision.lead.leadId;
    } else {
      const known = run.lookups.get(decision.key);
      if (known && 'leadId' in known) {
        leadId = known.leadId;
      } else {
        return lookupStep(job, ctx, env, run, target, known ? 'phone' : undefined);
      }
    }
    return sendStep(job, ctx, env, run, analysis, target, leadId);
  }

  /** One GET /leads?q=… for the target row; a lead found is sent by the next step. */
  function lookupStep(
    job: JobRecord,
    ctx: StepContext,
    env: SendJobEnv,
    run: JobRun,
    target: { index: number; decision: Extract<RowDecision, { kind: 'send' }> },
    next: 'phone' | undefined,
  ): StepResult {
    const { decision } = target;
    if (decision.lead.kind !== 'match')
      throw new Error('A lookup needs a row matched by e-mail or phone.');
    const { email, phone } = decision.lead;
    const by: LookupBy = next === 'phone' || email === undefined ? 'phone' : 'email';
    const value = by === 'email' ? email : phone;
    if (value === undefined) throw new Error('A lookup needs the row’s e-mail or phone.');
    const page = pacedCall(
      () => env.client.leads.list({ q: lookupQuery(by, value), per_page: LOOKUP_PER_PAGE }),
      stepPacing(pacerOf(env), ctx, handlerOptions.random),
    );
    const phoneNext = by === 'email' && phone !== undefined;
    const complete = page.meta?.has_more !== true;
    const outcome = pickLead(page.data, by, value, env.defaultCountry, phoneNext, complete);
    if (outcome.kind === 'found') {
      run.lookups.set(decision.key, { leadId: outcome.leadId });
    } else if (outcome.kind === 'try-phone') {
      run.lookups.set(decision.key, { next: 'phone' });
    }
    const fresh = readSheet(run, job, ctx, env);
    if (outcome.kind === 'skip') {
      const index = locateSendRow(fresh, decision.key, target.index);
      if (index !== undefined) {
        writeCells(
          run,
          fresh,
          [{ index, cells: ['SKIPPED', '', outcome.reason, new Date(ctx.clock.now())] }],
          () => ctx.clock.now(),
        );
      }
    }
    return afterStep(job, run, fresh);
  }

  function afterStep(job: JobRecord, run: JobRun, analysis: SendAnalysis): StepResult {
    applyCounts(job, countSendRows(analysis));
    run.analysis = analysis;
    const finished = !hasPendingRows(analysis);
    job.message = finished
      ? finishedMessage(analysis, job.createdAt)
      : progressMessage(job, run.options);
    return finished ? { status: 'finished' } : { status: 'more' };
  }

  function sendStep(
    job: JobRecord,
    ctx: StepContext,
    env: SendJobEnv,
    run: JobRun,
    read: SendAnalysis,
    target: { index: number; decision: Extract<RowDecision, { kind: 'send' }> },
    leadId: number,
  ): StepResult {
    const { options } = run;
    const key = target.decision.key;
    const pacerNow = pacerOf(env);
    const now = () => ctx.clock.now();
    let analysis = read;
    let hint = target.index;
    let marked = false;
    let payload: SendPayload = target.decision.payload;

    /** Puts a row this step marked SENDING back to QUEUED: the CRM refused before sending. */
    const unmark = (detail: string) => {
      if (!marked) return;
      const fresh = readSheet(run, job, ctx, env);
      const index = locateInFlightRow(fresh, key, hint);
      if (index !== undefined)
        writeCells(run, fresh, [{ index, cells: ['QUEUED', '', detail, ''] }], now);
      marked = false;
      run.analysis = fresh;
    };

    let result: ChatappTemplateSent | undefined;
    let outcome: Cells | undefined;
    for (let attempt = 1; result === undefined && outcome === undefined; attempt++) {
      if (!pacerNow.acquire({ deadline: ctx.latestStartAt })) {
        unmark('Queued: waiting for the rate limit; sent in the next run.');
        throw new JobYield(
          'The rate limit leaves no request slot before this run must end; continuing later.',
          pacerNow.nextSlotAt(),
        );
      }
      // The mark must land on the row about to be sent: place it in a read taken after the wait.
      if (now() - analysis.readAt > MARK_FRESH_MS) analysis = readSheet(run, job, ctx, env);
      const index = locateSendRow(analysis, key, hint);
      if (index === undefined) {
        // The row was deleted, or its key or values changed while waiting: plan again.
        return afterStep(job, run, analysis);
      }
      const current = analysis.decisions[index];
      if (current?.kind === 'send') payload = current.payload;
      hint = index;
      writeCells(
        run,
        analysis,
        [{ index, cells: ['SENDING', '', `Sending now (job ${job.jobId}).`, new Date(now())] }],
        now,
      );
      run.sheet.flush();
      marked = true;
      try {
        result = env.client.leads.sendChatappTemplate(leadId, {
          template_id: options.templateId,
          instance_id: options.instanceId,
          ...payload,
        });
      } catch (error) {
        if (isRateLimited(error)) {
          pacerNow.reportRateLimited(error.retryAfterSeconds);
          unmark(
            `Queued: the CRM asked to wait ${error.retryAfterSeconds} s (rate limit, nothing sent); this row is sent next.`,
          );
          if (attempt >= RATE_LIMIT_ATTEMPTS) {
            throw new JobYield(
              'The CRM keeps answering 429 (rate limit); going on when it lets us.',
              pacerNow.nextSlotAt(),
            );
          }
          analysis = run.analysis ?? analysis;
          continue;
        }
        if (jobControlOf(error)) {
          unmark('Queued: the send was interrupted before the request left.');
          throw error;
        }
        if (pauseForAccessError(error)) {
          unmark('Queued: the CRM refused the API key; nothing was sent.');
          throw error;
        }
        const setup = setupProblem(error, options);
        if (setup) {
          unmark('Queued: the CRM refused the template or number; nothing was sent.');
          throw new SendSetupError(setup);
        }
        outcome = failureCells(error, leadId, now());
        if (!outcome) throw error;
      }
    }

    const cells: Cells = result
      ? [
          'SENT',
          result.message_id,
          `Sent "${result.template_name ?? options.templateName}" to lead ${leadId}${result.conversation_id ? ` (conversation ${result.conversation_id})` : ''}.`,
          new Date(now()),
        ]
      : (outcome as Cells);
    // The person may have sorted, inserted or deleted rows during the request.
    const fresh = readSheet(run, job, ctx, env);
    const index = locateInFlightRow(fresh, key, hint) ?? locateSendRow(fresh, key, hint);
    if (index !== undefined) writeCells(run, fresh, [{ index, cells }], now);
    return afterStep(job, run, fresh);
  }

  return { kind: SEND_JOB_KIND, statuses: SEND_ROW_STATUSES, step };
}

function uncertainCells(at: number, why: string): Cells {
  return [
    'UNCERTAIN',
    '',
    `Uncertain: ${why}, so this message may have been sent. Check the lead's conversation in the CRM; to send it again, clear this status and run the send again.`,
    new Date(at),
  ];
}

/** Where the row of `key` that is still to be sent is now, if it is still there. */
export function locateSendRow(
  analysis: SendAnalysis,
  key: string,
  hint: number,
): number | undefined {
  if (analysis.keys[hint] === key && analysis.decisions[hint]?.kind === 'send') return hint;
  const index = analysis.decisions.findIndex(
    (decision, i) => decision.kind === 'send' && analysis.keys[i] === key,
  );
  return index < 0 ? undefined : index;
}

/** Where the row this step marked SENDING is now (found by its key and its mark). */
export function locateInFlightRow(
  analysis: SendAnalysis,
  key: string,
  hint: number,
): number | undefined {
  const inFlight = (i: number) =>
    analysis.keys[i] === key && statusOf(analysis.rows[i], analysis.columns) === 'SENDING';
  if (inFlight(hint)) return hint;
  const index = analysis.rows.findIndex((_, i) => inFlight(i));
  return index < 0 ? undefined : index;
}

/** Template or number refusals that every row would get: the job pauses with the fix. */
function setupProblem(error: unknown, options: SendJobOptions): string | undefined {
  const template = `template ${options.templateId} "${options.templateName}"`;
  const resume = 'then resume the job (rows already SENT are never sent again)';
  if (error instanceof SkipError && error.skipReason === 'template_not_approved') {
    return `The CRM no longer accepts ${template} ("${error.message}"): only APPROVED templates can be sent. Get it approved in the CRM, ${resume}; or cancel the job and send another template.`;
  }
  if (error instanceof ValidationError) {
    const field = ['template_id', 'instance_id'].find((name) => name in error.fieldErrors);
    if (field) {
      return `The CRM refused the ${field === 'template_id' ? 'template' : 'number'} of this send ("${error.detail}"): check ${template} and number ${options.instanceId} in the CRM, ${resume}; or cancel the job.`;
    }
  }
  if (
    error instanceof UnprocessableError &&
    !(error instanceof SkipError) &&
    /Cloud API|inst[aâ]ncia/i.test(error.message)
  ) {
    return `The CRM refused number ${options.instanceId} for ${template} ("${error.message}"): templates are sent only from an official-API (cloud_api) number that owns the template. Fix it in the CRM, ${resume}; or cancel the job.`;
  }
  return undefined;
}

/** The row's status after a send that threw; undefined for errors that are not the CRM's answer. */
function failureCells(error: unknown, leadId: number, at: number): Cells | undefined {
  const when = new Date(at);
  if (error instanceof NetworkError) {
    return uncertainCells(at, `no answer came from the CRM (${error.message})`);
  }
  if (error instanceof UnexpectedResponseError) {
    if (error.status >= 200 && error.status < 300) {
      return uncertainCells(at, `the CRM answered ${error.status} with an unreadable body`);
    }
    if (error.status >= 500 || error.status === 0) {
      return uncertainCells(at, `the CRM answered ${error.status} with an unreadable body`);
    }
    return [
      'FAILED',
      '',
      `The CRM answered ${error.status} with an unreadable body; nothing says it was sent.`,
      when,
    ];
  }
  if (error instanceof ProviderError) {
    if (/^(Falha ao enviar:|Provedor retornou erro:)/.test(error.message.trim())) {
      return [
        'FAILED',
        '',
        `CRM: ${error.detail}. Not retried automatically; fix the cause and run the send again to retry this row.`,
        when,
      ];
    }
    return uncertainCells(
      at,
      `the CRM failed while handling the send (HTTP ${error.status}: ${error.detail})`,
    );
  }
  if (error instanceof SkipError) {
    return ['SKIPPED', '', `Not sent: CRM: ${error.message}`, when];
  }
  if (error instanceof NotFoundError) {
    return ['SKIPPED', '', `Not sent: lead ${leadId} is not in the CRM (${error.message}).`, when];
  }
  if (error instanceof UnprocessableError) {
    if (/telefone/i.test(error.message)) {
      return [
        'SKIPPED',
        '',
        `Not sent: CRM: ${error.message} Add the lead's phone in the CRM, then run the send again.`,
        when,
      ];
    }
    return ['FAILED', '', `CRM refused the send: ${error.detail}`, when];
  }
  if (error instanceof InvalidInputError) {
    return ['SKIPPED', '', `Not sent: ${messageOf(error)}`, when];
  }
  return undefined;
}
