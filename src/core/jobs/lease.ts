import type { Clock, KeyValueStore, Mutex } from '../ports';

/** How long the short guard lock is waited for (it is held for a read and a write). */
const GUARD_WAIT_MS = 2_000;
const POLL_MS = 250;

export interface Lease extends Mutex {
  /** When the current holder's lease runs out (epoch ms), or undefined when it is free. */
  heldUntil(): number | undefined;
}

/** A lease as stored: who holds it and until when (epoch ms). */
export interface LeaseValue {
  token: string;
  until: number;
}

/** The lease stored under `key`, or null when there is none (or it cannot be read). */
export function readLease(kv: KeyValueStore, key: string): LeaseValue | null {
  const raw = kv.get(key);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<LeaseValue>;
    return typeof value.token === 'string' && typeof value.until === 'number'
      ? { token: value.token, until: value.until }
      : null;
  } catch {
    return null;
  }
}

/**
 * Mutual exclusion that may be held for minutes without blocking anyone who only needs the
 * guard lock for a moment. Drivers of one person's jobs in one spreadsheet hold such a lease
 * for a whole slice; the guard (LockService's user lock, which also guards the pacer that
 * formulas use) is held only while the lease is read and written. A lease runs out at
 * `expiresAt`, when its execution must have ended (Apps Script ends every execution at 6
 * minutes), so one left by a killed execution frees itself.
 */
export function createLease(deps: {
  kv: KeyValueStore;
  key: string;
  guard: Mutex;
  clock: Clock;
  /** Unique to this execution. */
  token: string;
  /** When this execution is over for sure (epoch ms). */
  expiresAt: number;
}): Lease {
  const { kv, key, guard, clock, token, expiresAt } = deps;
  const guarded = <T>(work: () => T): T | undefined => {
    if (!guard.tryLock(GUARD_WAIT_MS)) return undefined;
    try {
      return work();
    } finally {
      guard.release();
    }
  };
  const take = (): boolean =>
    guarded(() => {
      const now = clock.now();
      const current = readLease(kv, key);
      if (current && current.token !== token && current.until > now) return false;
      kv.set(key, JSON.stringify({ token, until: expiresAt }));
      return true;
    }) ?? false;
  return {
    tryLock(timeoutMs) {
      const giveUpAt = clock.now() + timeoutMs;
      for (;;) {
        if (take()) return true;
        if (clock.now() + POLL_MS > giveUpAt) return false;
        clock.sleep(POLL_MS);
      }
    },
    release() {
      guarded(() => {
        if (readLease(kv, key)?.token === token) kv.delete(key);
      });
    },
    heldUntil() {
      const current = readLease(kv, key);
      return current && current.until > clock.now() ? current.until : undefined;
    },
  };
}
