import { dropLedger, Ledger, type PipelineEntry } from '../jobs/pipeline/ledger/ledger';
import type { KeyValueStore } from '../ports';
import type { Cells } from './outcome';

/**
 * The send job's own ledger of the rows it ended SKIPPED or FAILED (the pipeline's ledger,
 * pipeline/ledger/ledger.ts): such a row is done for the job that wrote it and tried again by a later
 * one. The sheet cannot tell whose a SKIPPED row is once `CRM Sent At` holds only the times of
 * sends (issue 18 item 9), and a person may type anything there. UNCERTAIN and SENDING rows
 * keep their time, which is the attempt's, and need no record. SENT records are kept with their
 * cells (message id, detail, time): a write that a person's sort moved onto another lead's row
 * may cover one, and the end-of-job check writes it again on its lead's row (issue 16 item 12,
 * misplaced.ts); the send record and the checkpoint, not this, say who got the template.
 *
 * A row is named by its lead key; a row with none (no lead id, no e-mail or phone) by the
 * cells it was refused for (ledgerKeyOf, rows.ts). It is read once an execution, before its
 * first read of the sheet, when the job's checkpoint says it has one (`ledger`).
 */

/** The statuses a job records as its own. */
export type RecordedStatus = 'SKIPPED' | 'FAILED';

export function isRecorded(status: unknown): status is RecordedStatus {
  return status === 'SKIPPED' || status === 'FAILED';
}

/** Where a send job's record lives in the person's data store for the spreadsheet. */
export function sendLedgerPrefix(jobId: string): string {
  return `snd.${jobId}.`;
}

/**
 * An entry of the ledger: a row ended SKIPPED or FAILED, or a SENT record the job wrote, with
 * its message id, detail and time (ms): the end-of-job check writes it again on its lead's
 * row when a record that landed on the wrong row wrote over it (misplaced.ts).
 */
export interface SendLedgerEntry extends PipelineEntry {
  m?: string | number;
  d?: string;
  a?: number;
}

/**
 * SENT records kept with their cells, at most: the ledger lives in the person's user
 * properties, 500 KB for all their spreadsheets and jobs (APPS-SCRIPT-FACTS.md), and a record
 * takes about 130 bytes, so a 10,000-row campaign would not fit (300 take about 40 KB). A SENT
 * row covered past these is repaired as before the ledger kept SENT cells (misplaced.ts
 * leftBehind): a lead id row whose lead this job sent is UNCERTAIN since the job began and
 * settled from the lead's conversation (one read instead of a stored record), and a row found
 * by e-mail or phone goes back to the queue. The send record, not this ledger, keeps the lead
 * from a second message.
 */
export const SENT_CELLS_KEPT = 300;

export class SendLedger {
  private readonly ledger: Ledger<SendLedgerEntry>;
  private seen: Set<string> | undefined;
  /** SENT records in the ledger (see SENT_CELLS_KEPT). */
  private sentKept = 0;

  constructor(
    private readonly store: KeyValueStore,
    private readonly jobId: string,
    /** Whether the job's checkpoint says it has a ledger (else it starts empty, unread). */
    stored: boolean,
  ) {
    this.ledger = new Ledger(store, sendLedgerPrefix(jobId));
    if (!stored) this.seen = new Set();
  }

  /** Whether the job has recorded a row (its checkpoint says so from then on). */
  get used(): boolean {
    return (this.seen?.size ?? 0) > 0;
  }

  private loaded(): Set<string> {
    if (!this.seen) {
      this.ledger.loadAll();
      this.seen = new Set(this.ledger.entries().map(({ k, s }) => `${s}|${k}`));
      this.sentKept = this.ledger.entries().filter(({ s }) => s === 'SENT').length;
    }
    return this.seen;
  }

  /** Whether this job ended the row of `key` with `status`. */
  has(status: RecordedStatus, key: string): boolean {
    return this.loaded().has(`${status}|${key}`);
  }

  /**
   * Records rows written (or about to be) SKIPPED or FAILED; `save` stores them. Not saved at
   * once: a store call between a read and the writes it places would be a gap a person's
   * sort could fall in (send-busy.test.ts), so the job saves before its next read instead.
   * A record the sheet does not show yet names nothing done.
   */
  add(rows: readonly ({ k: string; s: RecordedStatus } | SendLedgerEntry)[]): void {
    const seen = this.loaded();
    let room = SENT_CELLS_KEPT - this.sentKept;
    const fresh = rows.filter(({ k, s }) => {
      if (seen.has(`${s}|${k}`)) return false;
      if (s !== 'SENT') return true;
      room -= 1;
      return room >= 0;
    });
    if (fresh.length === 0) return;
    for (const { k, s } of fresh) seen.add(`${s}|${k}`);
    this.sentKept += fresh.filter(({ s }) => s === 'SENT').length;
    this.ledger.add(fresh);
  }

  /**
   * Stores what `add` recorded since the last save (nothing to store: no call), and reads the
   * ledger if this execution has not yet. Called just before a read of the sheet: a store call
   * between a read and the writes it places would be a gap a person's sort could fall in.
   */
  save(): void {
    this.loaded();
    this.ledger.save();
  }

  /**
   * The SENT records this job wrote, by the key of the row they were written for (the last
   * record of a key wins; a record without its cells is left out).
   */
  sentCells(): Map<string, Cells> {
    this.loaded();
    const sent = new Map<string, Cells>();
    for (const { k, s, m, d, a } of this.ledger.entries()) {
      if (s !== 'SENT' || d === undefined) continue;
      sent.set(k, ['SENT', m ?? '', d, a === undefined ? '' : new Date(a)]);
    }
    return sent;
  }

  /** The job ended: a later job decides those rows afresh. */
  drop(): void {
    dropSendLedger(this.store, this.jobId);
    this.seen = new Set();
  }
}

export function dropSendLedger(store: KeyValueStore, jobId: string): void {
  dropLedger(store, sendLedgerPrefix(jobId));
}
