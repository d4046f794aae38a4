import type { SendCursor } from './batch';

/**
 * The send record (issue 16 item 2): which lead got which template from which sheet, and when,
 * kept once per spreadsheet for every editor (pure: parsing, folding and the rows to append;
 * the store is src/gas/send-record-sheet.ts). A row of a sheet carries its own memory (the SENT
 * status and its `[✓ …]` history, campaigns.ts), but a person may delete that row and paste
 * the lead again, or a second person's job may never see the row at all: the record is what a
 * later job of the same template on the same sheet asks before sending a lead.
 *
 * One appended row per batch of sends: the leads whose request may leave now ("may have left",
 * written and flushed before the requests go out), and what the previous batches' answers said
 * (sent, or nothing went out). A lead whose latest word is "may have left" is settled from its
 * conversation in the CRM by the next job that would send it, never sent blindly.
 */

/** The record's header row: fixed names, like the status columns (PRODUCT.md). */
export const SEND_RECORD_HEADER = [
  'At',
  'Sheet ID',
  'Sheet',
  'Template ID',
  'Template',
  'Job',
  'May have left',
  'Sent',
  'Not sent',
] as const;

/** One row of the record. */
export interface SendRecordEntry {
  at: number;
  sheetId: number;
  sheetName: string;
  templateId: number;
  templateName: string;
  jobId: string;
  /** Leads whose request may leave from `at` on (written before it leaves). */
  trying: readonly number[];
  /** Leads earlier requests reached (answered, or confirmed from the conversation). */
  sent: readonly number[];
  /** Leads earlier requests did not reach (refused, or settled as never sent). */
  notSent: readonly number[];
}

/** Where the record lives (one per spreadsheet, shared by every editor). */
export interface SendRecordStore {
  /** Every row below the header (one read). */
  read(): unknown[][];
  /**
   * How many rows are below the header now (one call), to tell whether another execution
   * appended since a read; absent: unknown (the record is read again).
   */
  count?(): number;
  /**
   * `work` under a lock every execution on the spreadsheet shares; undefined, `work` not run,
   * when another execution holds it. `work` flushes (SpreadsheetApp.flush) what it appended
   * before the lock goes, so a second execution reads it, and before any request leaves.
   */
  locked<T>(work: () => T): T | undefined;
  /** Appends one row; only under `locked`. */
  append(row: unknown[]): void;
  /** Replaces every row below the header (a folded record); only under `locked`. */
  replace(rows: unknown[][]): void;
}

/** What the record says of one lead for one template (from any sheet of the spreadsheet). */
export interface RecordedLead {
  state: 'sent' | 'trying';
  /** When its latest request may have left (ms). */
  at: number;
  /** The sheet whose send reached it (or may have): what a SKIPPED detail names. */
  sheetName: string;
}

export type RecordView = Map<number, RecordedLead>;

function ids(cell: unknown): number[] {
  return String(cell ?? '')
    .split(/[^0-9]+/)
    .filter((part) => part !== '')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

function timeOf(cell: unknown): number {
  if (cell instanceof Date) return cell.getTime();
  const parsed = typeof cell === 'number' ? cell : Date.parse(String(cell ?? ''));
  return Number.isFinite(parsed) ? parsed : 0;
}

export function parseRecordRow(row: readonly unknown[]): SendRecordEntry | undefined {
  const sheetId = Number(row[1]);
  const templateId = Number(row[3]);
  if (!Number.isFinite(sheetId) || !Number.isSafeInteger(templateId) || templateId <= 0) {
    return undefined;
  }
  return {
    at: timeOf(row[0]),
    sheetId,
    sheetName: String(row[2] ?? ''),
    templateId,
    templateName: String(row[4] ?? ''),
    jobId: String(row[5] ?? ''),
    trying: ids(row[6]),
    sent: ids(row[7]),
    notSent: ids(row[8]),
  };
}

/**
 * The row to append. Lead ids are text ("42 57"): one id alone must not become a number cell,
 * and no cell may become a formula.
 */
export function recordRow(entry: SendRecordEntry): unknown[] {
  const list = (leads: readonly number[]) => (leads.length === 0 ? '' : `'${leads.join(' ')}`);
  return [
    new Date(entry.at),
    entry.sheetId,
    `'${entry.sheetName}`,
    entry.templateId,
    `'${entry.templateName}`,
    `'${entry.jobId}`,
    list(entry.trying),
    list(entry.sent),
    list(entry.notSent),
  ];
}

/** Applies one entry to a view: its outcomes first (they are of earlier requests), then its tries. */
export function applyRecordEntry(view: RecordView, entry: SendRecordEntry): void {
  for (const lead of entry.notSent) view.delete(lead);
  for (const lead of entry.sent) {
    const before = view.get(lead);
    view.set(lead, {
      state: 'sent',
      at: before?.at ?? entry.at,
      sheetName: before?.sheetName ?? entry.sheetName,
    });
  }
  for (const lead of entry.trying) {
    view.set(lead, { state: 'trying', at: entry.at, sheetName: entry.sheetName });
  }
}

/**
 * The record's rows as entries in the order they were written: by their time. The sheet's order
 * is not that order: the record is a sheet a person may unhide and sort, and a lead's "not sent"
 * applied after its later "sent" forgot that it got the template. Rows of one instant (batches
 * in one second, a fold's rows beside the old ones) are applied as one: every "not sent" first,
 * then every "sent", then every "may have left", as one row is. Whatever their order, a lead is
 * then at worst "may have left" (settled from its conversation) where it was "sent", never
 * forgotten. A fold interrupted half-way (the folded rows below the old ones) reads the same: a
 * folded row's time is no later than what it says of its leads.
 */
export function recordEntries(rows: readonly (readonly unknown[])[]): SendRecordEntry[] {
  const parts: { entry: SendRecordEntry; phase: number }[] = [];
  for (const row of rows) {
    const entry = parseRecordRow(row);
    if (!entry) continue;
    const none = { trying: [], sent: [], notSent: [] };
    parts.push({ entry: { ...entry, ...none, notSent: entry.notSent }, phase: 0 });
    parts.push({ entry: { ...entry, ...none, sent: entry.sent }, phase: 1 });
    parts.push({ entry: { ...entry, ...none, trying: entry.trying }, phase: 2 });
  }
  // A stable sort (ECMAScript 2019): one instant's rows keep their order within a phase.
  parts.sort((a, b) => a.entry.at - b.entry.at || a.phase - b.phase);
  return parts.map(({ entry }) => entry);
}

/**
 * What the record says of every lead for one template, from every sheet of the spreadsheet
 * (issue 27 item 6): a template reaches a lead once per spreadsheet, so a week's new tab of the
 * same list skips the leads an earlier tab's send reached.
 */
export function recordView(
  rows: readonly (readonly unknown[])[],
  of: { sheetId: number; templateId: number },
): RecordView {
  return recordViews(rows, of).view;
}

/**
 * recordView, and what the record says of every lead for one template from the spreadsheet's
 * OTHER sheets, tries that may still be in flight included (a "sent" word wins over a try):
 * the view leaves another sheet's try out of planning (that sheet's job settles it), but right
 * before a batch leaves, a lead another sheet's send is trying now must not be sent again.
 * One parse of the rows for both.
 */
export function recordViews(
  rows: readonly (readonly unknown[])[],
  of: { sheetId: number; templateId: number },
): { view: RecordView; others: RecordView } {
  // Each sheet's word on its own leads first (a sheet's "not sent" answers that sheet's own
  // try, never another sheet's send). This sheet's view, then every lead another sheet's send
  // reached (the latest such send named). Another sheet's unsettled try is that sheet's job's
  // to settle: this job would settle it again at every execution, its "not sent" never
  // answering the other sheet's try.
  const sheets = new Map<number, RecordView>();
  for (const entry of recordEntries(rows)) {
    if (entry.templateId !== of.templateId) continue;
    const sheet = sheets.get(entry.sheetId) ?? new Map();
    applyRecordEntry(sheet, entry);
    sheets.set(entry.sheetId, sheet);
  }
  const view: RecordView = new Map(sheets.get(of.sheetId) ?? []);
  const others: RecordView = new Map();
  for (const [sheetId, sheet] of sheets) {
    if (sheetId === of.sheetId) continue;
    for (const [lead, word] of sheet) {
      if (others.get(lead)?.state !== 'sent' || word.state === 'sent') others.set(lead, word);
      const before = view.get(lead);
      if (word.state !== 'sent' || (before?.state === 'sent' && before.at >= word.at)) continue;
      view.set(lead, word);
    }
  }
  return { view, others };
}

/** Answers of this job not yet in the record, kept in the checkpoint until the next append. */
export interface RecordDue {
  sent: number[];
  notSent: number[];
}

export function dueOf(cursor: SendCursor): RecordDue {
  return {
    sent: [...(cursor.recordDue?.sent ?? [])],
    notSent: [...(cursor.recordDue?.notSent ?? [])],
  };
}

/** The cursor with more answers due for the record (the latest word on a lead wins). */
export function withDue(
  cursor: SendCursor,
  sent: readonly number[],
  notSent: readonly number[],
): SendCursor {
  if (sent.length === 0 && notSent.length === 0) return cursor;
  const due = dueOf(cursor);
  const sentSet = new Set(due.sent.filter((id) => !notSent.includes(id)));
  const notSentSet = new Set(due.notSent.filter((id) => !sent.includes(id)));
  for (const id of sent) sentSet.add(id);
  for (const id of notSent) notSentSet.add(id);
  return { ...cursor, recordDue: { sent: [...sentSet], notSent: [...notSentSet] } };
}

export function hasDue(cursor: SendCursor): boolean {
  const due = cursor.recordDue;
  return due !== undefined && due.sent.length + due.notSent.length > 0;
}

/**
 * Leads the record says may have got the template, that this job has not settled or sent:
 * settled from their conversations before any row of theirs is sent (`unsure`, since the try).
 */
export function unsureFromRecord(
  view: RecordView,
  cursor: SendCursor,
  sent: ReadonlySet<number>,
): SendCursor {
  const unsure = { ...(cursor.unsure ?? {}) };
  const unsettled = new Set(cursor.unsettled ?? []);
  let added = false;
  for (const [lead, { state, at }] of view) {
    const key = String(lead);
    if (state !== 'trying' || sent.has(lead) || unsettled.has(lead) || key in unsure) continue;
    unsure[key] = at;
    added = true;
  }
  return added ? { ...cursor, unsure } : cursor;
}

/** The ISO date (YYYY-MM-DD) a detail names for a recorded lead. */
export function recordDate(lead: Pick<RecordedLead, 'at'>): string {
  return lead.at > 0 ? new Date(lead.at).toISOString().slice(0, 10) : '?';
}

/** A record longer than this many rows is folded at the end of the job that finds it so. */
export const RECORD_COMPACT_ROWS = 2_000;
/** Lead ids in one folded cell: about 14,000 characters, well under a cell's 50,000. */
const IDS_PER_CELL = 2_000;

/**
 * The record folded to what it says (pure): per sheet and template, the leads that got it, a row
 * per day (the date a SKIPPED detail names), and the leads whose request may have left, a row
 * per instant (what their conversation is compared with); "not sent" says nothing once folded.
 * Every sheet's and template's view is the same before and after. A 10,000-lead campaign folds
 * from about 1,000 rows to 5; the record then grows by campaigns, not by batches.
 */
export function compactRecord(rows: readonly (readonly unknown[])[], now: number): unknown[][] {
  const scopes = new Map<string, { last: SendRecordEntry; view: RecordView }>();
  for (const entry of recordEntries(rows)) {
    const key = `${entry.sheetId} ${entry.templateId}`;
    const scope = scopes.get(key) ?? { last: entry, view: new Map() };
    scope.last = entry;
    applyRecordEntry(scope.view, entry);
    scopes.set(key, scope);
  }
  const out: unknown[][] = [];
  for (const { last, view } of scopes.values()) {
    const groups = new Map<string, { at: number; state: RecordedLead['state']; leads: number[] }>();
    for (const [lead, { state, at }] of view) {
      const when = state === 'sent' ? recordDate({ at }) : String(at);
      const group = groups.get(`${state} ${when}`) ?? { at, state, leads: [] };
      group.at = Math.min(group.at, at);
      group.leads.push(lead);
      groups.set(`${state} ${when}`, group);
    }
    for (const { at, state, leads } of groups.values()) {
      for (let i = 0; i < leads.length; i += IDS_PER_CELL) {
        const part = leads.slice(i, i + IDS_PER_CELL).sort((a, b) => a - b);
        // A folded row's time is its leads' (the same day for "sent"): what a detail names.
        out.push(
          recordRow({
            ...last,
            jobId: `folded ${new Date(now).toISOString().slice(0, 10)}`,
            at,
            trying: state === 'trying' ? part : [],
            sent: state === 'sent' ? part : [],
            notSent: [],
          }),
        );
      }
    }
  }
  return out;
}
