import { decodeLeadIds, type SendCursor } from './batch';
import {
  applyRecordEntry,
  dueOf,
  hasDue,
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

  constructor(
    private readonly store: SendRecordStore | undefined,
    private readonly scope: RecordScope,
    /** The person asked to send again to leads that got the template before. */
    private readonly resend: boolean,
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

  /**
   * Before a batch's requests leave: one row saying they may leave from `at` (and the answers
   * due), then `andThen` (the SENDING marks and their flush), under the record's lock. The
   * cursor without the answers written, or undefined when the record is busy (nothing written).
   */
  beforeSend(
    cursor: SendCursor,
    leads: readonly number[],
    at: number,
    andThen: () => void,
  ): SendCursor | undefined {
    if (!this.store) {
      andThen();
      return cursor;
    }
    this.load(cursor);
    return this.append(cursor, leads, at, andThen);
  }

  /** Answers (or settlements) that reached leads, or did not: due for the next append. */
  answered(cursor: SendCursor, sent: readonly number[], notSent: readonly number[]): SendCursor {
    if (!this.store) return cursor;
    if (this.view) applyRecordEntry(this.view, this.entry([], sent, notSent, 0));
    return withDue(cursor, sent, notSent);
  }

  /** At the job's end: the answers due, written (or left to settle, should the record be busy). */
  flush(cursor: SendCursor, at: number): SendCursor {
    if (!this.store || !hasDue(cursor)) return cursor;
    return this.append(cursor, [], at) ?? cursor;
  }

  private append(
    cursor: SendCursor,
    leads: readonly number[],
    at: number,
    andThen?: () => void,
  ): SendCursor | undefined {
    const due = dueOf(cursor);
    const entry = this.entry(leads, due.sent, due.notSent, at);
    if (!this.store?.append(recordRow(entry), andThen)) return undefined;
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
      this.view = recordView(this.store.read(), this.scope);
      const due = dueOf(cursor);
      applyRecordEntry(this.view, this.entry([], due.sent, due.notSent, 0));
    }
    return this.view;
  }
}
