import type { Clock, KeyValueStore, Mutex } from '../ports';
import { readLease } from './lease';

/** How long a guard lock is waited for (it is held for two reads and a write). */
const GUARD_WAIT_MS = 2_000;
/**
 * Between two attempts: each costs a Properties call or more (50,000 a day for a consumer
 * account, https://developers.google.com/apps-script/guides/services/quotas), and what the
 * lease covers (a batch's marks, record row and flush) takes about a second.
 */
const POLL_MS = 500;

/**
 * Mutual exclusion between every execution that works on one spreadsheet, whoever runs it,
 * held for seconds (a send batch's marks, record row and flush) without holding any LockService
 * lock meanwhile. The store is one every person's executions reach (script properties), the key
 * names the spreadsheet.
 *
 * Executions come in two classes, by the short guard they have:
 * - `document`: the spreadsheet's document lock (one per spreadsheet, across people);
 * - `fallback`: an execution with no document lock (a trigger without an active document, where
 *   getDocumentLock() returns null, or one working on another spreadsheet than its active one),
 *   guarded by the script lock, which in a published add-on is one for every user of the add-on
 *   (https://developers.google.com/apps-script/reference/lock/lock-service#getScriptLock()):
 *   held only for the lease's reads and write, milliseconds.
 * Whether a time-driven trigger of an editor add-on has an active document is not documented
 * (https://developers.google.com/workspace/add-ons/concepts/editor-triggers): under one reading
 * every execution is of the `document` class, under the other a sidebar (document) and a
 * trigger (fallback) of two people may meet, and their guards do not exclude each other. So each
 * class writes its own key under its own guard, and the two classes exclude each other as in
 * Dekker's algorithm: an execution writes its class's key, then reads the other's; of two
 * executions of different classes, the later reader sees the earlier writer, so at most one
 * holds (both may see each other: both back off and try again; in lock-step for 10 s, a send
 * yields and comes back). This relies on a Properties write being seen by every read that
 * follows it, in any execution, which the documentation does not state
 * (https://developers.google.com/apps-script/guides/properties); the driver lease (lease.ts)
 * relies on it as well.
 *
 * A lease runs out at `expiresAt`, when its execution must have ended (Apps Script ends every
 * execution at 6 minutes), so one left by a killed execution frees itself.
 */
export interface SharedLeaseDeps {
  /** Reached by every person's executions: script properties. */
  kv: KeyValueStore;
  /** Per spreadsheet. */
  key: string;
  /** The spreadsheet's document lock, or null when this execution has none. */
  documentGuard: Mutex | null;
  /** Held for a moment when there is no document lock (the script lock). */
  fallbackGuard: Mutex;
  clock: Clock;
  /** Unique to this execution. */
  token: string;
  /** When this execution is over for sure (epoch ms). */
  expiresAt: number;
}

/** The key of each class. */
export function sharedLeaseKeys(key: string): { document: string; fallback: string } {
  return { document: `${key}.doc`, fallback: `${key}.nodoc` };
}

/**
 * One attempt to take the lease, as steps: it pauses (yields) before every call another
 * execution may see, so a test can run several attempts interleaved in any order. True when
 * held; 'other' when an execution of the other class holds it (or was taking it); false when
 * one of this class holds it or the guard was busy.
 */
export function* takeSteps(
  deps: SharedLeaseDeps,
  /** The other class held it at the last attempt: read its key before writing ours. */
  otherFirst = false,
): Generator<void, boolean | 'other', void> {
  const { kv, clock, token, expiresAt } = deps;
  const keys = sharedLeaseKeys(deps.key);
  const own = deps.documentGuard ? keys.document : keys.fallback;
  const other = deps.documentGuard ? keys.fallback : keys.document;
  const guard = deps.documentGuard ?? deps.fallbackGuard;
  yield;
  if (!guard.tryLock(GUARD_WAIT_MS)) return false;
  try {
    const now = clock.now();
    if (otherFirst) {
      yield;
      const held = readLease(kv, other);
      // Only a peek, which decides nothing when free: the read after our write does.
      if (held && held.until > now) return 'other';
    }
    yield;
    const mine = readLease(kv, own);
    if (mine?.token === token) return true;
    if (mine && mine.until > now) return false;
    yield;
    kv.set(own, JSON.stringify({ token, until: expiresAt }));
    yield;
    const theirs = readLease(kv, other);
    if (theirs && theirs.until > now) {
      yield;
      kv.delete(own);
      return 'other';
    }
    // Left by a killed execution of the other class: safe to remove while ours is written and
    // read by every taker of that class after it (they back off), and it would stay forever in a
    // store every user of the add-on shares.
    if (theirs) {
      yield;
      kv.delete(other);
    }
    return true;
  } finally {
    guard.release();
  }
}

function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The lease as a Mutex: tryLock polls until `timeoutMs`; release removes this execution's key
 * (no guard needed: while it is held no other execution of its class writes it). A release
 * after `expiresAt` removes nothing: another execution may hold it by then.
 */
export function createSharedLease(deps: SharedLeaseDeps): Mutex {
  const { clock } = deps;
  let held = false;
  const own = () => sharedLeaseKeys(deps.key)[deps.documentGuard ? 'document' : 'fallback'];
  return {
    tryLock(timeoutMs) {
      const giveUpAt = clock.now() + timeoutMs;
      let otherFirst = false;
      for (;;) {
        const taken: boolean | 'other' = runSteps(takeSteps(deps, otherFirst));
        if (taken === true) {
          held = true;
          return true;
        }
        // Held by the other class: peek at its key first next time (one call, not four).
        otherFirst = taken === 'other';
        if (clock.now() + POLL_MS > giveUpAt) return false;
        clock.sleep(POLL_MS);
      }
    },
    release() {
      if (!held) return;
      held = false;
      if (clock.now() < deps.expiresAt) deps.kv.delete(own());
    },
  };
}
