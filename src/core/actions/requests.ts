import type { CrmApi, CrmClock, Settled } from '../../api';
import {
  AuthError,
  BlockedError,
  CrmError,
  ForbiddenError,
  isRetryable,
  NotFoundError,
  RateLimitError,
  SkipError,
  UnexpectedResponseError,
  UnprocessableError,
} from '../../api/errors';
import type { Lead, LeadDetailInclude } from '../../api/schemas';
import { crmTimeVersus, readCrmTime } from '../crm-time';
import type { Translate } from '../i18n';
import { crmDetail } from '../person-message';
import { DEFAULT_OPT_OUT_TAG, isOptedOut } from '../settings/opt-out';
import type { ActionRequest } from './decide';
import type { ActionEntry } from './entry';
import { pendingBlock } from './reference';
import type { ActionReference, LeadActionName, LeadState } from './types';

/** The API call that makes one request of a row. */
export function callOf(leadId: number, request: ActionRequest): (api: CrmApi) => unknown {
  switch (request.op) {
    case 'stage':
      return (api) =>
        api.leads.moveStage(leadId, { stage_id: request.stageId, pipeline_id: request.pipelineId });
    case 'won':
      return (api) =>
        api.leads.markWon(leadId, {
          stage_id: request.stageId,
          ...(request.value === undefined ? {} : { value: request.value }),
        });
    case 'lost':
      return (api) =>
        api.leads.markLost(leadId, {
          stage_id: request.stageId,
          ...(request.reasonId === undefined ? {} : { reason_id: request.reasonId }),
        });
    case 'addTags':
      return (api) => api.leads.addTags(leadId, request.tags);
    case 'removeTag':
      return (api) => api.leads.removeTag(leadId, request.tag);
    case 'enroll':
      return (api) => api.leads.enrollSequence(leadId, request.sequenceId);
    case 'unenroll':
      return (api) => api.leads.unenrollSequence(leadId, request.sequenceId);
    case 'message':
      return (api) =>
        api.leads.sendChatapp(leadId, {
          type: 'text',
          body: request.body,
          ...(request.instanceId === undefined ? {} : { instance_id: request.instanceId }),
        });
    case 'delete':
      return (api) => api.leads.delete(leadId);
  }
}

/**
 * A stage or tag change towards a target (and leaving a sequence) lands the same however often
 * it is sent; a sale, a loss, an enrollment, a message or a delete does not (PRODUCT.md).
 */
export function isRepeatable(request: ActionRequest): boolean {
  return ['stage', 'addTags', 'removeTag', 'unenroll'].includes(request.op);
}

export type Outcome =
  | { kind: 'done' }
  /** Refused before it was applied (429): send it again later. */
  | { kind: 'again' }
  /** No answer for a repeatable request: send it again (a bounded number of times). */
  | { kind: 'retry'; words: string }
  /** No answer for a request that must not be repeated: read the lead back. */
  | { kind: 'uncertain'; words: string }
  | { kind: 'row'; status: 'BLOCKED' | 'SKIPPED' | 'FAILED' | 'NOT_FOUND'; words: string }
  /** The key was refused (401/403): the whole job pauses; this request was not applied. */
  | { kind: 'refused'; error: unknown };

export function outcomeOf(request: ActionRequest, answer: Settled<unknown>, t: Translate): Outcome {
  if (answer.ok) return { kind: 'done' };
  const error = answer.error;
  if (error instanceof RateLimitError) return { kind: 'again' };
  if (error instanceof AuthError || error instanceof ForbiddenError)
    return { kind: 'refused', error };
  if (error instanceof NotFoundError) {
    // A lead already gone is DONE for a delete; an enrollment already ended is one for unenroll.
    if (request.op === 'delete') return { kind: 'done' };
    if (request.op === 'unenroll') return { kind: 'done' };
    return { kind: 'row', status: 'NOT_FOUND', words: t('leadjob.detail.goneNow') };
  }
  if (error instanceof BlockedError) {
    const tasks = error.pendingTasks.map((task) => task.subject ?? `#${task.id}`).join(', ');
    return {
      kind: 'row',
      status: 'BLOCKED',
      words: t('leadjob.detail.blocked', { tasks, message: error.message }),
    };
  }
  if (error instanceof SkipError && error.skipReason === 'window_closed') {
    return { kind: 'row', status: 'SKIPPED', words: t('leadjob.detail.windowClosed') };
  }
  if (error instanceof UnexpectedResponseError && error.status >= 200 && error.status < 300) {
    return { kind: 'done' };
  }
  if (isRetryable(error)) {
    // No answer or an unreadable one: said in words, not the client's English.
    const message = error instanceof CrmError ? crmDetail(error, t) : String(error);
    const words = t('leadjob.detail.noAnswer', { message });
    return isRepeatable(request) ? { kind: 'retry', words } : { kind: 'uncertain', words };
  }
  if (error instanceof UnprocessableError) {
    const noPhone = /sem telefone/i.test(error.message);
    return { kind: 'row', status: noPhone ? 'SKIPPED' : 'FAILED', words: crmDetail(error, t) };
  }
  return {
    kind: 'row',
    status: 'FAILED',
    words: error instanceof Error ? error.message : String(error),
  };
}

/** Include tokens the before-state of an action needs (all honoured by the list too). */
export function readIncludes(
  action: LeadActionName | 'revert',
): ('sales' | 'sequences' | 'owner' | 'tasks')[] {
  // A move out of a stage whose mandatory tasks are pending is refused: the tasks tell beforehand.
  if (action === 'won' || action === 'lost') return ['sales', 'tasks'];
  if (action === 'stage') return ['tasks'];
  // The delete's backup keeps every field: `assigned_to` comes only with include=owner.
  if (action === 'delete') return ['owner'];
  if (action === 'enroll' || action === 'unenroll' || action === 'revert') return ['sequences'];
  return [];
}

/**
 * What a run records of a lead before acting (only what its action touches, and its revert);
 * `ref` names the mandatory tasks of the lead's stage (stage, won, lost).
 */
export function stateOf(
  lead: Lead,
  action: LeadActionName | 'revert',
  ref?: ActionReference,
): LeadState {
  const state: LeadState = { p: lead.pipeline_id ?? 0, s: lead.stage_id ?? 0 };
  // A revert of a stage, won or lost run moves the lead out of its stage too.
  if (ref && ['stage', 'won', 'lost', 'revert'].includes(action)) {
    const pending = (lead.tasks ?? [])
      .filter((task) => task.status === 'pending')
      .map((task) => task.subject ?? `#${task.id}`);
    Object.assign(state, pendingBlock(ref, state.s, pending));
  }
  if (action === 'addTags' || action === 'removeTags' || action === 'revert')
    state.tags = [...(lead.tags ?? [])];
  if (action === 'enroll' || action === 'unenroll' || action === 'revert') {
    state.seq = activeSequences(lead);
  }
  if (action === 'won' || action === 'lost') {
    state.sales = lead.sales?.length ?? 0;
    state.lost = lead.lost_sales?.length ?? 0;
  }
  if (action === 'message') {
    state.phone = Boolean(lead.phone && lead.phone.trim() !== '');
    // Tags come with every lead read (list or one by one): the read right before the message.
    const optOutTag = isOptedOut(lead, ref?.optOutTags ?? [DEFAULT_OPT_OUT_TAG]);
    if (optOutTag !== undefined) state.out = optOutTag;
  }
  if (action === 'delete') state.name = lead.name ?? '';
  return state;
}

export function activeSequences(lead: Lead): number[] {
  const ids = (lead.sequences ?? [])
    .filter((s) => s.status === 'active' && typeof s.sequence_id === 'number')
    .map((s) => s.sequence_id as number);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The read that settles an UNCERTAIN request of this kind. */
export function settleIncludes(request: ActionRequest): LeadDetailInclude[] {
  if (request.op === 'won' || request.op === 'lost') return ['sales'];
  if (request.op === 'enroll') return ['sequences'];
  if (request.op === 'message') return ['conversation'];
  return [];
}

/**
 * Whether a request that may have left did its work, from the lead read back: `done`,
 * `not` (nothing happened: it may be sent once), or `unknown`.
 */
export function settledBy(
  request: ActionRequest,
  entry: ActionEntry,
  read: Settled<Lead>,
  clock?: CrmClock,
): 'done' | 'not' | 'unknown' {
  if (!read.ok) {
    if (read.error instanceof NotFoundError) return request.op === 'delete' ? 'done' : 'unknown';
    return 'unknown';
  }
  const lead = read.value;
  const before = entry.b;
  switch (request.op) {
    case 'delete':
      return 'not';
    case 'won':
      return (lead.sales?.length ?? 0) > (before?.sales ?? 0) ? 'done' : 'not';
    case 'lost':
      return (lead.lost_sales?.length ?? 0) > (before?.lost ?? 0) ? 'done' : 'not';
    case 'enroll':
      return activeSequences(lead).includes(request.sequenceId) ? 'done' : 'not';
    case 'message': {
      // A message at or after the attempt: the message's time is the CRM's clock, the
      // attempt's ours, a doubt about the clocks reads as done; a time that is unreadable, or
      // without a zone and either side of the attempt, says nothing (core/crm-time.ts).
      const last = readCrmTime(lead.conversation?.last_message_at);
      if (last.kind === 'none') return 'not';
      if (last.kind === 'unreadable') return 'unknown';
      const versus = crmTimeVersus(last, entry.u ?? 0, clock);
      return versus === 'either' ? 'unknown' : versus === 'at-or-after' ? 'done' : 'not';
    }
    default:
      return 'unknown';
  }
}
