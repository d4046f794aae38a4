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
import type { Settled } from '../../api/http';
import { platformLimitOf } from '../../api/platform-error';
import type { ChatappTemplateSent } from '../../api/schemas';
import type { Translate } from '../i18n';
import { messageOf } from '../jobs/errors';
import { pauseForAccessError } from '../jobs/requests';
import { isRateLimited } from '../pacing';
import { crmDetail } from '../person-message';
import type { SendJobOptions } from './options';
import {
  classifyProviderFailure,
  type ProviderFailureRule,
  TRANSIENT_RETRIES,
  transientRetryDelayMs,
} from './provider-failures';
import type { SendRowStatus } from './status-columns';

/**
 * What one send's answer means for its row and for the job (pure). The request left at most
 * once; nothing here ever asks for a send that may have reached the CRM to be repeated: only
 * refusals (429, 401/403, 422 template checks, the provider's coded refusals) put a row back in
 * the queue.
 */

/** The four status cells of a row: status, message id, detail, time. */
export type Cells = [
  status: SendRowStatus,
  messageId: string | number,
  detail: string,
  at: Date | '',
];

export type Outcome =
  /** Final for this job: SENT, SKIPPED, FAILED or UNCERTAIN. */
  | { kind: 'done'; cells: Cells }
  /** Refused before sending, to be sent again later in this job (a 429, a transient provider failure). */
  | { kind: 'retry'; cells: Cells; notBefore?: number; retryAfterSeconds?: number }
  /** The provider refuses every row for one reason: back to QUEUED; the job pauses after a few. */
  | { kind: 'systemic'; cells: Cells; pauseMessage: (refusals: number) => string }
  /** Refused before sending for a reason a person must fix (key, template, number): pause now. */
  | { kind: 'pause'; cells: Cells; pauseMessage: string }
  /** Apps Script refused the request before it left (a quota): QUEUED, and the job waits. */
  | { kind: 'platform'; cells: Cells; error: unknown };

export interface AnswerContext {
  leadId: number;
  jobId: string;
  options: Pick<SendJobOptions, 'templateId' | 'templateName' | 'instanceId'>;
  at: number;
  /** When the batch was marked SENDING, just before it left (ms): an UNCERTAIN row's time. */
  attemptAt?: number;
  /** Automatic retries this row has had in this job already. */
  retries: number;
  /** Sends in the batch this one left with (one UrlFetchApp.fetchAll). */
  batchSize: number;
  t: Translate;
}

export function queuedCells(detail: string): Cells {
  return ['QUEUED', '', detail, ''];
}

/**
 * An UNCERTAIN row: `at` is when the send may have left (its SENDING mark), which the lead's
 * conversation is later compared with; the detail names the lead, so the row can be settled
 * whichever way it was found.
 */
export function uncertainCells(
  t: Translate,
  at: number | undefined,
  why: string,
  lead: { leadId: number | undefined; template: string },
): Cells {
  const detail = t('send.detail.uncertain', {
    why,
    leadId: lead.leadId ?? '?',
    template: lead.template,
  });
  return ['UNCERTAIN', '', detail, at === undefined ? '' : new Date(at)];
}

export function sentCells(result: ChatappTemplateSent, ctx: AnswerContext): Cells {
  const params = {
    template: result.template_name ?? ctx.options.templateName,
    leadId: ctx.leadId,
    conversation: result.conversation_id ?? '',
  };
  const detail = result.conversation_id
    ? ctx.t('send.detail.sentInConversation', params)
    : ctx.t('send.detail.sent', params);
  return ['SENT', result.message_id, detail, new Date(ctx.at)];
}

export function outcomeOf(answer: Settled<ChatappTemplateSent>, ctx: AnswerContext): Outcome {
  if (answer.ok) return { kind: 'done', cells: sentCells(answer.value, ctx) };
  const { error } = answer;
  const { t } = ctx;
  if (isRateLimited(error)) {
    return {
      kind: 'retry',
      cells: queuedCells(
        t('send.detail.queuedRateLimit', { seconds: error.retryAfterSeconds ?? '?' }),
      ),
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  const access = pauseForAccessError(error, t);
  if (access) {
    return {
      kind: 'pause',
      cells: queuedCells(t('send.detail.queuedKey')),
      pauseMessage: access.message,
    };
  }
  const setup = setupProblem(error, ctx);
  if (setup) {
    return { kind: 'pause', cells: queuedCells(t('send.detail.queuedSetup')), pauseMessage: setup };
  }
  const platform = platformOutcome(error, ctx);
  if (platform) return platform;
  const provider = classifyProviderFailure(error);
  if (provider && error instanceof ProviderError) {
    if (provider.kind === 'unknown') {
      return done([
        'FAILED',
        '',
        t('send.detail.failedProvider', { detail: crmDetail(error, t) }),
        ctx,
      ]);
    }
    return providerOutcome(provider, error, ctx);
  }
  return { kind: 'done', cells: failureCells(error, ctx) };
}

/**
 * A quota or allow-list refusal by Apps Script. A lone fetch refused so never left, and an
 * allow-list refusal checks every URL before any leaves: QUEUED, and the job waits for the
 * limit. Whether UrlFetchApp.fetchAll may send part of a batch before a quota refuses the rest
 * is not documented (https://developers.google.com/apps-script/reference/url-fetch/url-fetch-app#fetchAll(Object),
 * https://developers.google.com/apps-script/guides/services/quotas): with more than one send in
 * the batch, the rows are UNCERTAIN rather than risk a second message, and the job still waits.
 */
function platformOutcome(error: unknown, ctx: AnswerContext): Outcome | undefined {
  const limit = platformLimitOf(error);
  if (limit === undefined) return undefined;
  const { t } = ctx;
  const text = messageOf(error);
  if (limit === 'allowlist' || ctx.batchSize <= 1) {
    return {
      kind: 'platform',
      cells: queuedCells(t('send.detail.queuedPlatform', { error: text })),
      error,
    };
  }
  const why = t('send.why.platformBatch', { count: ctx.batchSize, error: text });
  return {
    kind: 'platform',
    cells: uncertainCells(t, ctx.attemptAt ?? ctx.at, why, leadOf(ctx)),
    error,
  };
}

function leadOf(ctx: AnswerContext) {
  return { leadId: ctx.leadId, template: ctx.options.templateName };
}

/** A refusal that ends the row (FAILED): no time, `CRM Sent At` holds sends only. */
function done([status, id, detail]: [SendRowStatus, string, string, AnswerContext]): Outcome {
  return { kind: 'done', cells: [status, id, detail, ''] };
}

function providerOutcome(
  rule: ProviderFailureRule & { code: number },
  error: ProviderError,
  ctx: AnswerContext,
): Outcome {
  const { t } = ctx;
  const reason = t(`send.provider.${rule.reason}`);
  const params = { reason, code: rule.code, detail: crmDetail(error, t) };
  if (rule.class === 'lead')
    return done(['FAILED', '', t('send.detail.failedForLead', params), ctx]);
  if (ctx.retries >= TRANSIENT_RETRIES) {
    return done([
      'FAILED',
      '',
      t('send.detail.failedAfterRetries', { ...params, retries: ctx.retries }),
      ctx,
    ]);
  }
  if (rule.class === 'transient') {
    const attempt = ctx.retries + 1;
    return {
      kind: 'retry',
      cells: queuedCells(
        t('send.detail.queuedRetry', { ...params, attempt, max: TRANSIENT_RETRIES }),
      ),
      notBefore: ctx.at + transientRetryDelayMs(rule, attempt),
    };
  }
  return {
    kind: 'systemic',
    cells: queuedCells(t('send.detail.queuedSystemic', params)),
    pauseMessage: (refusals) =>
      t('send.pause.systemic', {
        ...params,
        count: refusals,
        fix: t(`send.fix.${rule.reason}` as 'send.fix.templatePaused'),
      }),
  };
}

/** Template or number refusals that every row would get (422 from the CRM's own checks). */
function setupProblem(error: unknown, ctx: AnswerContext): string | undefined {
  const { t, options } = ctx;
  const params = {
    templateId: options.templateId,
    template: options.templateName,
    instanceId: options.instanceId,
  };
  if (error instanceof SkipError && error.skipReason === 'template_not_approved') {
    return t('send.pause.templateNotApproved', { ...params, crm: error.message });
  }
  if (error instanceof ValidationError) {
    const field = ['template_id', 'instance_id'].find((name) => name in error.fieldErrors);
    if (field) {
      const what = t(
        field === 'template_id' ? 'send.pause.what.template' : 'send.pause.what.number',
      );
      return t('send.pause.fieldRefused', { ...params, what, crm: crmDetail(error, t) });
    }
  }
  if (
    error instanceof UnprocessableError &&
    !(error instanceof SkipError) &&
    /Cloud API|inst[aâ]ncia/i.test(error.message)
  ) {
    return t('send.pause.instance', { ...params, crm: error.message });
  }
  return undefined;
}

/** The row's status after any other failed send: UNCERTAIN whenever it may have gone out. */
function failureCells(error: unknown, ctx: AnswerContext): Cells {
  const { t, at, leadId } = ctx;
  // SKIPPED and FAILED rows hold no time: `CRM Sent At` is when a message went (or may have).
  const when = '';
  const attempt = ctx.attemptAt ?? at;
  if (error instanceof NetworkError) {
    return uncertainCells(
      t,
      attempt,
      t('send.why.noAnswer', { error: error.message }),
      leadOf(ctx),
    );
  }
  if (error instanceof UnexpectedResponseError) {
    if ((error.status >= 200 && error.status < 300) || error.status >= 500 || error.status === 0) {
      return uncertainCells(
        t,
        attempt,
        t('send.why.unreadable', { status: error.status }),
        leadOf(ctx),
      );
    }
    return ['FAILED', '', t('send.detail.failedUnreadable', { status: error.status }), when];
  }
  if (error instanceof ProviderError) {
    // Not a provider refusal (no known prefix): the CRM failed somewhere after taking the send.
    return uncertainCells(
      t,
      attempt,
      t('send.why.crmFailed', { status: error.status, detail: crmDetail(error, t) }),
      leadOf(ctx),
    );
  }
  if (error instanceof SkipError) {
    return ['SKIPPED', '', t('send.detail.skippedCrm', { message: error.message }), when];
  }
  if (error instanceof NotFoundError) {
    return [
      'SKIPPED',
      '',
      t('send.detail.skippedNotFound', { leadId, message: error.message }),
      when,
    ];
  }
  if (error instanceof UnprocessableError) {
    if (/telefone/i.test(error.message)) {
      return ['SKIPPED', '', t('send.detail.skippedNoPhone', { message: error.message }), when];
    }
    return ['FAILED', '', t('send.detail.failedRefused', { detail: crmDetail(error, t) }), when];
  }
  if (error instanceof InvalidInputError) {
    // Thrown by the client before any request left.
    return ['SKIPPED', '', t('send.detail.skippedInput', { message: messageOf(error) }), when];
  }
  return uncertainCells(
    t,
    attempt,
    t('send.why.unexpected', { error: messageOf(error) }),
    leadOf(ctx),
  );
}
