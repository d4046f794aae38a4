import { asText, setCells } from '../jobs/row-job';
import { campaignsOfRow, withHistory } from './campaigns';
import type { Cells } from './outcome';
import { type SendAnalysis, type SendPayload, statusOf } from './rows';

/**
 * Where a send's writes go (pure): rows are always found by their lead key in the read just
 * taken, never by a position remembered from an earlier read: people sort, insert and delete
 * rows mid-send. The cells as written keep each row's campaign history and stay text.
 */

/** A row's cells to write, at its position in the read just taken. */
export interface Entry {
  index: number;
  cells: Cells;
  /**
   * The row's cells are another lead's (a record a sort put there, moving away): what they say
   * that lead got is not this row's history (withRowHistory keeps none of it).
   */
  notOwnHistory?: boolean;
}

/** A batch row found again in a fresh read, with the payload its cells hold now. */
export interface PlacedRow {
  index: number;
  key: string;
  leadId: number;
  payload: SendPayload;
}

/**
 * The batch's rows still to be sent, found by key in a fresh read (the row may have moved; a
 * row deleted, edited or already marked by then drops out), at most `limit`, in row order.
 */
export function placeBatch(
  analysis: SendAnalysis,
  rows: readonly { key: string; leadId: number }[],
  limit: number,
): PlacedRow[] {
  const toSend = new Map<string, number>();
  analysis.decisions.forEach((decision, index) => {
    if (decision.kind === 'send') toSend.set(decision.key, index);
  });
  const placed: PlacedRow[] = [];
  for (const { key, leadId } of rows) {
    if (placed.length >= limit) break;
    const index = toSend.get(key);
    const decision = index === undefined ? undefined : analysis.decisions[index];
    if (index === undefined || decision?.kind !== 'send') continue;
    placed.push({ index, key, leadId, payload: decision.payload });
  }
  return placed.sort((a, b) => a.index - b.index);
}

/**
 * Where each answer goes in a fresh read: a row of its key, found by the key and never by where
 * a SENDING mark stands (a sort between the read that placed the marks and their write may have
 * put a mark on another lead's row, issue 16 item 12). The row of the key that shows this
 * job's SENDING mark first, else one still to send (its mark landed elsewhere). Answers whose
 * key has no such row are left out and counted (the end-of-job check puts a SENT record on
 * its lead's row from the job's ledger when one comes back).
 */
export function placeAnswers(
  analysis: SendAnalysis,
  answers: readonly { key: string; cells: Cells }[],
): { entries: Entry[]; unplaced: number } {
  const inFlight = new Map<string, number>();
  const waiting = new Map<string, number>();
  analysis.rows.forEach((row, index) => {
    const key = analysis.keys[index] ?? '';
    if (key === '') return;
    const own = !analysis.foreign[index];
    if (own && !inFlight.has(key) && statusOf(row, analysis.columns) === 'SENDING') {
      inFlight.set(key, index);
    }
    if (!waiting.has(key) && analysis.decisions[index]?.kind === 'send') waiting.set(key, index);
  });
  const entries: Entry[] = [];
  let unplaced = 0;
  for (const { key, cells } of answers) {
    const index = inFlight.get(key) ?? waiting.get(key);
    if (index === undefined) unplaced += 1;
    else entries.push({ index, cells, notOwnHistory: analysis.foreign[index] === true });
  }
  return { entries: entries.sort((a, b) => a.index - b.index), unplaced };
}

/** The walk's (jobs/pipeline/planned/walk.ts): whether a read is whole, or holds rows where planned. */
export { foundInPlace, isWholeRead as isWhole } from '../jobs/pipeline/planned/walk';

/** The cells as written: text that could turn into a formula or a number stays text. */
export function cellsForSheet(cells: Cells): unknown[] {
  const [status, messageId, detail, at] = cells;
  // A string message id stays text: Sheets would turn "000123" or a 19-digit id into a number.
  return [
    status,
    typeof messageId === 'string' ? asText(messageId) : messageId,
    asText(detail),
    at,
  ];
}

/** Puts written cells into the rows read, so that the next analysis of them sees the sheet as it is now. */
export function applyEntries(analysis: SendAnalysis, entries: readonly Entry[]): void {
  // Already carried by the cells (withRowHistory): applying them keeps what the sheet says.
  const { columns } = analysis;
  const indexes = [columns.status, columns.messageId, columns.detail, columns.sentAt];
  for (const { index, cells } of entries) {
    const row = analysis.rows[index];
    if (row) setCells(row, indexes, cells);
  }
}

/**
 * The entries with each row's history at the end of its detail: the templates its lead got
 * from the row stay written there whatever a later send writes (campaigns.ts).
 */
export function withRowHistory(analysis: SendAnalysis, entries: readonly Entry[]): Entry[] {
  return entries.map((entry) => {
    if (entry.notOwnHistory) return entry;
    const { received } = campaignsOfRow(analysis.rows[entry.index], analysis.columns);
    if (received.length === 0) return entry;
    const [status, messageId, detail, at] = entry.cells;
    return { index: entry.index, cells: [status, messageId, withHistory(detail, received), at] };
  });
}
