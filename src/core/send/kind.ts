import type { CrmApi, CrmClock, Settled } from '../../api';
import { NotFoundError } from '../../api/errors';
import type { ChatappTemplateSent, Lead } from '../../api/schemas';
import type { Translate } from '../i18n';
import { messageOf } from '../jobs/errors';
import type { SendJobOptions } from './options';
import { type Outcome, outcomeOf } from './outcome';
import type { SendPayload } from './rows';
import { type Settlement, settlementOf } from './settle';

/**
 * What is the send's own in the walk of a row job (the pipeline's words, jobs/pipeline/types.ts):
 * how a row is decided (rows.ts, plan.ts), the request it makes, that this request is never
 * repeated, how an answer reads (outcome.ts), how a row that may have been sent settles
 * (`include=conversation`), and its words (message.ts, cancel.ts). The planned walk of the
 * pipeline (jobs/pipeline/planned/walk.ts) walks the sheet with them (walk-kind.ts).
 */

/** A send may have reached the CRM once it left: it is never sent again blindly. */
export const SEND_REPEATABLE = false;

/** The request of one row: the template to its lead, with the row's variables. */
export function sendCall(
  options: Pick<SendJobOptions, 'templateId' | 'instanceId'>,
  row: { leadId: number; payload: SendPayload },
): (api: CrmApi) => ChatappTemplateSent {
  return (api) =>
    api.leads.sendChatappTemplate(row.leadId, {
      template_id: options.templateId,
      instance_id: options.instanceId,
      ...row.payload,
    });
}

/** How each answer of a batch reads for its row and the job (outcome.ts). */
export function readAnswers(
  answers: readonly Settled<ChatappTemplateSent>[],
  batch: readonly { leadId: number; key: string }[],
  ctx: {
    jobId: string;
    options: SendJobOptions;
    at: number;
    attemptAt: number;
    retries: (key: string) => number;
    t: Translate;
  },
): Outcome[] {
  return answers.map((answer, i) => {
    const row = batch[i] as (typeof batch)[number];
    return outcomeOf(answer, {
      leadId: row.leadId,
      jobId: ctx.jobId,
      options: ctx.options,
      at: ctx.at,
      attemptAt: ctx.attemptAt,
      retries: ctx.retries(row.key),
      batchSize: batch.length,
      t: ctx.t,
    });
  });
}

/** The read that settles a lead that may have been messaged: its conversation. */
export function settleCall(leadId: number): (api: CrmApi) => Lead {
  return (api) => api.leads.get(leadId, ['conversation']);
}

/**
 * What the conversation read says of a send that may have left at `since`; undefined when the
 * read was not made (it is made by a later step). A conversation of another number than the
 * send's proves nothing (a lead may have one per number, and the API names one). `clock`: the
 * CRM's clock as the reads' answers told it (their times are the CRM's, issue 16).
 */
export function settledBy(
  answer: Settled<Lead> | undefined,
  since: number,
  instanceId: number | string | undefined,
  clock?: CrmClock,
): Settlement | undefined {
  if (answer?.ok) {
    const conversation = answer.value.conversation;
    const number = conversation?.instance_id;
    const other =
      instanceId !== undefined &&
      number !== null &&
      number !== undefined &&
      `${number}` !== `${instanceId}`
        ? number
        : undefined;
    return settlementOf(conversation?.last_message_at, since, other, clock);
  }
  if (answer && answer.error instanceof NotFoundError)
    return { unsettled: messageOf(answer.error) };
  return undefined;
}
