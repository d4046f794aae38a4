import type { DateFormatter } from './normalize';

/**
 * A DateFormatter for runtimes with full Intl time-zone support (Node: tests, tools).
 * Apps Script passes `(d) => Utilities.formatDate(d, spreadsheetTimeZone, 'yyyy-MM-dd')`.
 */
export function intlDateFormatter(timeZone: string): DateFormatter {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (date) => {
    const parts: Record<string, string> = {};
    for (const part of format.formatToParts(date)) parts[part.type] = part.value;
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
}
