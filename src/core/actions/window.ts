import type { CrmClock } from '../../api';
import type { Lead } from '../../api/schemas';
import { readCrmTime, UNKNOWN_CLOCK_SLACK_MS } from '../crm-time';
import type { ActionReference } from './types';

/** The official provider's chat window: a free text only within 24 hours of the contact's last message. */
export const CHAT_WINDOW_MS = 24 * 3_600_000;

type ChatNumber = NonNullable<ActionReference['chat']>;

/**
 * Whether the lead's 24-hour window with `chat` is closed for sure, from its conversation as
 * `GET /leads/{id}?include=conversation` shows it (crm-api-v1.md: {id, phone, status,
 * last_message_at, unread_count, instance_id}). The doc does not say whether `last_message_at`
 * counts only the contact's messages or ours too, nor which conversation it names when the lead
 * has one per number: only what holds under every reading says "closed" —
 * - no conversation at all (null): the contact never wrote;
 * - our number's conversation with no message, or whose last message (either reading) is more
 *   than 24 hours old by the CRM's clock.
 * Undefined (cannot tell: the preview promises nothing) when the conversation was not read,
 * is another number's, or its time is unreadable; a recent last message may be ours.
 */
export function windowClosed(
  lead: Lead,
  chat: ChatNumber,
  now: number,
  clock: CrmClock | undefined,
): boolean | undefined {
  if (!chat.window) return false;
  const conversation = lead.conversation;
  if (conversation === undefined) return undefined;
  if (conversation === null) return true;
  if (`${conversation.instance_id ?? ''}` !== `${chat.instanceId}`) return undefined;
  const last = readCrmTime(conversation.last_message_at);
  if (last.kind === 'none') return true;
  if (last.kind === 'unreadable') return undefined;
  // The CRM's now at the earliest (its clock's reading, or 2 minutes behind ours when none):
  // a window closing about now is left to the CRM to judge.
  const crmNow = now + (clock?.low ?? -UNKNOWN_CLOCK_SLACK_MS);
  // A time without a zone counts at its latest reading (crm-time.ts): closed only if both are.
  return last.latest + 999 + CHAT_WINDOW_MS <= crmNow ? true : undefined;
}
