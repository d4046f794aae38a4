import { describe, expect, it } from 'vitest';
import { createLease } from '../../../../src/core/jobs/lease';
import { MemoryKeyValueStore, SharedLock, SimClock } from './fakes';

function setup() {
  const clock = new SimClock();
  const kv = new MemoryKeyValueStore();
  const guard = new SharedLock(clock);
  const lease = (token: string, expiresAt: number) =>
    createLease({ kv, key: 'lease', guard: guard.handle(), clock, token, expiresAt });
  return { clock, kv, guard, lease };
}

describe('createLease', () => {
  it('lets one execution hold it for a whole slice while the guard lock stays free', () => {
    const { clock, guard, lease } = setup();
    const a = lease('a', clock.peek() + 360_000);
    const b = lease('b', clock.peek() + 360_000);
    expect(a.tryLock(500)).toBe(true);
    expect(guard.holder).toBeNull();
    expect(b.tryLock(500)).toBe(false);
    expect(b.heldUntil()).toBe(clock.peek() - 500 + 360_000);
    a.release();
    expect(b.tryLock(0)).toBe(true);
    expect(a.heldUntil()).toBeDefined();
  });

  it('frees itself when its holder must have ended (killed without releasing)', () => {
    const { clock, lease } = setup();
    const killed = lease('killed', clock.peek() + 365_000);
    expect(killed.tryLock(0)).toBe(true);
    const next = lease('next', clock.peek() + 2 * 365_000);
    expect(next.tryLock(0)).toBe(false);
    clock.advance(365_000);
    expect(next.heldUntil()).toBeUndefined();
    expect(next.tryLock(0)).toBe(true);
    // The old holder's release never removes the new holder's lease.
    killed.release();
    expect(next.heldUntil()).toBe(clock.peek() + 365_000);
  });

  it('is busy, not broken, while another execution holds the guard', () => {
    const { clock, guard, lease } = setup();
    const other = guard.handle();
    expect(other.tryLock(0)).toBe(true);
    expect(lease('a', clock.peek() + 1000).tryLock(0)).toBe(false);
    other.release();
    expect(lease('a', clock.peek() + 1000).tryLock(0)).toBe(true);
  });
});
