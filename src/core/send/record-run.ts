import { decodeLeadIds, type SendCursor } from './batch';
import {
  applyRecordEntry,
  compactRecord,
  dueOf,
  hasDue,
  RECORD_COMPACT_ROWS,
  type RecordedLead,
  type RecordView,
  recordRow,
  recordViews,
  type SendRecordEntry,
  type SendRecordStore,
  unsureFromRecord,
  withDue,
} from './sent-record';

/** Which record rows are this job's: its sheet and template, and the job. */
export interface RecordScope {
  sheetId: number;
  sheetName: string;
  templateId: number;
  templateName: string;
  jobId: string;
}

/**
 * One execution's use of the send record (sent-record.ts): read once, on first use, kept up
 * to date with what this execution appends; every append carries the answers due. Without a
 * store (unit tests of the handler) it records nothing and knows nothing.
 */
export class SendRecordRun {
  private view: RecordView | undefined;
  /** Rows the record holds, as far as this execution knows (read, then appended). */
  private rows = 0;
  /** Other sheets' words (reachedElsewhere), as of the last read. */
  private others: RecordView | undefined;

  constructor(
    private readonly store: SendRecordStore | undefined,
    private readonly scope: RecordScope,
    /** The person asked to send again to leads that got the template before. */
    private readonly resend: boolean,
    /** Applies pending sheet writes (SpreadsheetApp.flush), the record's row included. */
    private readonly flushWrites: () => void,
  ) {}

  /** What planning asks of the record: nothing when resending. */
  planView(cursor: SendCursor): RecordView | undefined {
    return this.resend ? undefined : this.load(cursor);
  }

  /** The cursor with every lead the record says may have got the template `unsure`. */
  claimUnsure(cursor: SendCursor): SendCursor {
    const view = this.planView(cursor);
    return view ? unsureFromRecord(view, cursor, decodeLeadIds(cursor.sent)) : cursor;
  }

  /** `work` under the record's lock; undefined (`work` not run) when another execution holds it. */
  locked<T>(work: () => T): T | undefined {
    return this.store ? this.store.locked(work) : work();
  }

  /**
   * Under `locked`, right before a batch leaves: which of its `leads` another sheet's send of
   * this template reached, or is trying now, by the record read again. This execution read the
   * record once, but another person's send (their own lease, their own executions) appends to
   * it meanwhile: two people sending one template from two tabs each sent every lead once. The
   * record is read again here, and this execution's view with it. Nothing when resending.
   */
  reachedElsewhere(cursor: SendCursor, leads: readonly number[]): Map<number, RecordedLead> {
    const reached = new Map<number, RecordedLead>();
    if (!this.store || this.resend || leads.length === 0) return reached;
    // Read again only when the record has rows this execution did not read or write.
    if (this.others === undefined || this.store.count?.() !== this.rows) {
      this.viewOf(this.store.read(), cursor);
    }
    const others = this.others ?? new Map<number, RecordedLead>();
    for (const lead of leads) {
      const word = others.get(lead);
      if (word) reached.set(lead, word);
    }
    return reached;
  }

  /**
   * Before a batch's requests leave, under `locked`, flushed by the caller with the SENDING
   * marks: one row saying they may leave from `at`, with the answers due. The cursor without
   * the answers written.
   */
  beforeSend(cursor: SendCursor, leads: readonly number[], at: number): SendCursor {
    if (!this.store) return cursor;
    this.load(cursor);
    return this.append(cursor, leads, at);
  }

  /** Answers (or settlements) that reached leads, or did not: due for the next append. */
  answered(cursor: SendCursor, sent: readonly number[], notSent: readonly number[]): SendCursor {
    if (!this.store) return cursor;
    if (this.view) applyRecordEntry(this.view, this.entry([], sent, notSent, 0));
    return withDue(cursor, sent, notSent);
  }

  /**
   * At the job's end: the answers due, written, and a record grown past RECORD_COMPACT_ROWS
   * folded, read again under the lock. Undefined when the record is busy (another execution
   * holds its lock) and there were answers to write: the job does not end yet, its checkpoint
   * keeps them, and it tries again. Ending without them left their leads "may have left" in the
   * record for good (each later job asks their conversations again). A fold alone waits for the
   * next job.
   */
  flush(cursor: SendCursor, at: number): SendCursor | undefined {
    const { store } = this;
    const fold = this.rows > RECORD_COMPACT_ROWS;
    if (!store || (!hasDue(cursor) && !fold)) return cursor;
    const done = store.locked(() => {
      const written = hasDue(cursor) ? this.append(cursor, [], at) : cursor;
      if (fold) store.replace(compactRecord(store.read(), at));
      this.flushWrites();
      this.rows = 0;
      return written;
    });
    return done ?? (hasDue(cursor) ? undefined : cursor);
  }

  private append(cursor: SendCursor, leads: readonly number[], at: number): SendCursor {
    const due = dueOf(cursor);
    const entry = this.entry(leads, due.sent, due.notSent, at);
    this.store?.append(recordRow(entry));
    this.rows += 1;
    if (this.view) applyRecordEntry(this.view, entry);
    const { recordDue: _written, ...rest } = cursor;
    return rest;
  }

  private entry(
    trying: readonly number[],
    sent: readonly number[],
    notSent: readonly number[],
    at: number,
  ): SendRecordEntry {
    return { ...this.scope, at, trying, sent, notSent };
  }

  /** The record read once per execution, with the answers the checkpoint still holds. */
  private load(cursor: SendCursor): RecordView | undefined {
    if (!this.store) return undefined;
    return this.view ?? this.viewOf(this.store.read(), cursor);
  }

  /** The view of the record's `rows`, with the answers the checkpoint still holds. */
  private viewOf(rows: readonly (readonly unknown[])[], cursor: SendCursor): RecordView {
    this.rows = rows.length;
    const { view, others } = recordViews(rows, this.scope);
    this.others = others;
    const due = dueOf(cursor);
    applyRecordEntry(view, this.entry([], due.sent, due.notSent, 0));
    this.view = view;
    return view;
  }
}
