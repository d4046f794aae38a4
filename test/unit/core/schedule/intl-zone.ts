import type { Zone } from '../../../../src/core/schedule/schedule';

/** A Zone read with Intl, as Utilities.formatDate reads the spreadsheet's zone in Apps Script. */
export function intlZone(timeZone: string): Zone {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (epochMs) => {
    const parts: Record<string, string> = {};
    for (const part of format.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
    return {
      day: `${parts.year}-${parts.month}-${parts.day}`,
      hour: Number(parts.hour),
      minute: Number(parts.minute),
    };
  };
}
