/**
 * What a response's `Date` header tells of the CRM's clock. The CRM stamps its records
 * (a message's `created_at`, a conversation's `last_message_at`) with its own clock, which may
 * be minutes away from ours; comparing one of those stamps with a time of ours (when a send
 * left) needs the difference between the two clocks, and how sure we are of it.
 */

/** The CRM's time minus ours lies in [low, high] (ms). */
export interface CrmClock {
  low: number;
  high: number;
}

/**
 * The clock reading of one response: its `Date` header (an HTTP-date, whole seconds: RFC 9110
 * §6.6.1, https://www.rfc-editor.org/rfc/rfc9110#section-6.6.1) was stamped by the CRM at some
 * instant of ours between `sentAt` and `receivedAt`, and the CRM's true time then lies in
 * [D, D + 999 ms]. Undefined when the header is missing or unreadable.
 */
export function clockReadingOf(
  headers: Readonly<Record<string, string>>,
  sentAt: number,
  receivedAt: number,
): CrmClock | undefined {
  const at = httpDateOf(headers.date ?? headers.Date);
  if (at === undefined || !(receivedAt >= sentAt)) return undefined;
  return { low: at - receivedAt, high: at + 999 - sentAt };
}

/**
 * The instant of an HTTP-date, or undefined. A header sent twice reaches us joined with ", "
 * (both transports join repeated headers), which no date parser reads: the first one counts.
 */
function httpDateOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const first = value.split(/,\s*(?=[A-Z][a-z]{2},)/)[0] ?? '';
  const at = Date.parse(first);
  return Number.isNaN(at) ? undefined : at;
}
