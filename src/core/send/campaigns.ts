import { isDateCell } from '../import/job/sheet';
import { isBlankCell } from '../import/normalize';
import type { StatusColumns } from './columns';

/**
 * Which templates a row's lead has got from this sheet (pure). A SENT row's detail names its
 * template in quotes and its lead ("… "boas_vindas" … lead 42 …", in every language), and a
 * row that got a template before a later send wrote over it keeps a history at the end of its
 * detail: ` [✓ "lembrete_pagamento" 2026-11-25]` (a mark, so every language reads it). The row carries its own memory, so it
 * moves with the row when a person sorts, and clearing the status (and detail) forgets it.
 */

/** A template a row's lead got, and when (ISO date, '' when unknown). */
export interface Received {
  template: string;
  date: string;
}

export interface RowCampaigns {
  /** Every template the row's lead got from this row, the latest first. */
  received: Received[];
  /** The lead the row's detail names (SENT, SENDING and UNCERTAIN details name it). */
  leadId?: number;
}

const HISTORY = / \[✓ ((?:"[^"]*" [0-9?-]+(?:; )?)+)\]$/;
const HISTORY_ITEM = /"([^"]*)" ([0-9?-]+)/g;

function dateOf(value: unknown): string {
  return isDateCell(value) ? value.toISOString().slice(0, 10) : '?';
}

/** The history suffix of a detail, without the suffix. */
function splitHistory(detail: string): { text: string; history: Received[] } {
  const match = HISTORY.exec(detail);
  if (!match) return { text: detail, history: [] };
  const history: Received[] = [];
  for (const item of (match[1] ?? '').matchAll(HISTORY_ITEM)) {
    history.push({ template: item[1] ?? '', date: item[2] ?? '' });
  }
  return { text: detail.slice(0, match.index), history };
}

/** What a row's status cells say about the templates its lead got. */
export function campaignsOfRow(
  row: readonly unknown[] | undefined,
  columns: StatusColumns,
): RowCampaigns {
  const statusCell = row?.[columns.status];
  const status = isBlankCell(statusCell) ? '' : String(statusCell).trim().toUpperCase();
  const detailCell = row?.[columns.detail];
  const detail = isBlankCell(detailCell) ? '' : String(detailCell);
  const { text, history } = splitHistory(detail);
  const lead = /\blead (\d+)/.exec(text)?.[1];
  if (status !== 'SENT') return { received: history, ...(lead ? { leadId: Number(lead) } : {}) };
  const template = templateNamedIn(text);
  const received = template
    ? [{ template, date: dateOf(row?.[columns.sentAt]) }, ...history]
    : history;
  return { received, ...(lead ? { leadId: Number(lead) } : {}) };
}

/** The detail with the row's history at its end (so a later send's cells keep it). */
export function withHistory(detail: string, more: readonly Received[]): string {
  const { text, history } = splitHistory(detail);
  const received: Received[] = [];
  for (const item of [...history, ...more]) {
    if (!received.some(({ template }) => template === item.template)) received.push(item);
  }
  if (received.length === 0) return text;
  const items = received.map(({ template, date }) => `"${template}" ${date || '?'}`);
  return `${text} [✓ ${items.join('; ')}]`;
}

/** The template a detail names: the quoted name just before "lead N" (SENT, UNCERTAIN). */
export function templateNamedIn(detail: string): string | undefined {
  return /"([^"]+)"[^"]*?\blead \d+/.exec(splitHistory(detail).text)?.[1];
}
