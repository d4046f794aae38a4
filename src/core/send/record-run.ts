import { decodeLeadIds, type SendCursor } from './batch';
import {
  applyRecordEntry,
  compactRecord,
  dueOf,
  hasDue,
  RECORD_COMPACT_ROWS,
  type RecordView,
  recordRow,
  recordView,
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
  /** Rows the record held when read. */
  private rows = 0;

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
   * At the job's end: the answers due, written (or left to settle, should the record be busy),
   * and a record grown past RECORD_COMPACT_ROWS folded, read again under the lock.
   */
  flush(cursor: SendCursor, at: number): SendCursor {
    const { store } = this;
    const fold = this.rows > RECORD_COMPACT_ROWS;
    if (!store || (!hasDue(cursor) && !fold)) return cursor;
    return (
      store.locked(() => {
        const written = hasDue(cursor) ? this.append(cursor, [], at) : cursor;
        if (fold) store.replace(compactRecord(store.read(), at));
        this.flushWrites();
        this.rows = 0;
        return written;
      }) ?? cursor
    );
  }

  private append(cursor: SendCursor, leads: readonly number[], at: number): SendCursor {
    const due = dueOf(cursor);
    const entry = this.entry(leads, due.sent, due.notSent, at);
    this.store?.append(recordRow(entry));
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
    if (!this.view) {
      const rows = this.store.read();
      this.rows = rows.length;
      this.view = recordView(rows, this.scope);
      const due = dueOf(cursor);
      applyRecordEntry(this.view, this.entry([], due.sent, due.notSent, 0));
    }
    return this.view;
  }
}
