/**
 * The per-spreadsheet lease of the send record (src/core/jobs/shared-lease.ts): executions with
 * the document lock and executions without one (a trigger without an active document, guarded
 * by the script lock) never hold it together, whatever order their Properties calls interleave
 * in, and a lease left by a killed execution frees itself.
 */
import { describe, expect, it } from 'vitest';
import {
  createSharedLease,
  type SharedLeaseDeps,
  sharedLeaseKeys,
  takeSteps,
} from '../../../../src/core/jobs/shared-lease';
import { MemoryKeyValueStore, SharedLock, SimClock, seededRandom } from './fakes';

const SEEDS = Number(process.env.SHARED_LEASE_SEEDS ?? 300);
const LIVE = 1e15;

function world() {
  const clock = new SimClock();
  const kv = new MemoryKeyValueStore();
  const documentLock = new SharedLock(clock);
  const scriptLock = new SharedLock(clock);
  const deps = (token: string, withDocument: boolean, expiresAt = LIVE): SharedLeaseDeps => ({
    kv,
    key: 'crm.sendRecord.A',
    documentGuard: withDocument ? documentLock.handle() : null,
    fallbackGuard: scriptLock.handle(),
    clock,
    token,
    expiresAt,
  });
  return { clock, kv, documentLock, scriptLock, deps };
}

interface Execution {
  name: string;
  deps: SharedLeaseDeps;
  steps: Generator<void, boolean | 'other', void> | null;
  /** Scheduler turns left inside the lease; undefined when not holding. */
  holding?: number;
  taken: number;
  /** Dies at this turn of its own (a kill). */
  dieAt?: number;
  turns: number;
  dead: boolean;
}

/**
 * Executions of both kinds take the lease, hold it a while and give it back, their steps
 * interleaved at random (each Properties call is a step); some are killed mid-take or
 * mid-hold. Returns the most executions that held it at one instant, and how many takes
 * succeeded.
 */
function simulate(seed: number): { most: number; takes: number; stuck: boolean } {
  const random = seededRandom(seed);
  const w = world();
  const executions: Execution[] = [];
  const count = 2 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const doomed = random() < 0.25;
    const withDocument = random() < 0.5;
    const expiresAt = doomed ? w.clock.peek() + 30_000 : LIVE;
    executions.push({
      name: `${withDocument ? 'doc' : 'trigger'}-${i}`,
      deps: w.deps(`t${i}`, withDocument, expiresAt),
      steps: null,
      taken: 0,
      ...(doomed ? { dieAt: Math.floor(random() * 12) } : {}),
      turns: 0,
      dead: false,
    });
  }
  let most = 0;
  let takes = 0;
  for (let tick = 0; tick < 4_000; tick++) {
    const alive = executions.filter((e) => !e.dead && e.taken < 3);
    if (alive.length === 0) return { most, takes, stuck: false };
    const e = alive[Math.floor(random() * alive.length)] as Execution;
    e.turns += 1;
    if ((e.dieAt !== undefined && e.turns > e.dieAt) || e.deps.expiresAt <= w.clock.peek()) {
      // Apps Script releases a dead execution's locks; its lease stays until it runs out.
      e.steps?.return(false);
      e.dead = true;
      continue;
    }
    if (e.holding !== undefined) {
      e.holding -= 1;
      if (e.holding <= 0) {
        delete e.holding;
        e.taken += 1;
        createReleaser(e.deps).release();
      }
    } else {
      e.steps ??= takeSteps(e.deps, random() < 0.5);
      const next = e.steps.next();
      if (next.done) {
        e.steps = null;
        if (next.value === true) {
          e.holding = 1 + Math.floor(random() * 4);
          takes += 1;
        } else w.clock.advance(250);
      }
    }
    most = Math.max(most, executions.filter((x) => !x.dead && x.holding !== undefined).length);
    w.clock.advance(50);
  }
  return { most, takes, stuck: true };
}

/** A lease object that believes it holds (as after its own successful take). */
function createReleaser(deps: SharedLeaseDeps) {
  const own = sharedLeaseKeys(deps.key)[deps.documentGuard ? 'document' : 'fallback'];
  return { release: () => deps.kv.delete(own) };
}

describe('the shared lease between executions with and without the document lock', () => {
  it(`is never held by two executions at once, over ${SEEDS} interleavings with kills`, () => {
    const overlaps: number[] = [];
    let stuck = 0;
    let takes = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const run = simulate(seed);
      if (run.most > 1) overlaps.push(seed);
      if (run.stuck) stuck += 1;
      takes += run.takes;
    }
    expect(overlaps).toEqual([]);
    expect(stuck).toBe(0);
    expect(takes).toBeGreaterThan(SEEDS * 2);
  });

  it('keeps a trigger without a document out while a sidebar holds it, and the other way', () => {
    const w = world();
    const sidebar = createSharedLease(w.deps('sidebar', true));
    const trigger = createSharedLease(w.deps('trigger', false));
    expect(sidebar.tryLock(0)).toBe(true);
    expect(trigger.tryLock(1_000)).toBe(false);
    sidebar.release();
    expect(trigger.tryLock(0)).toBe(true);
    expect(sidebar.tryLock(1_000)).toBe(false);
    trigger.release();
    expect(sidebar.tryLock(0)).toBe(true);
    // No LockService lock is held while the lease is.
    expect(w.documentLock.holder).toBeNull();
    expect(w.scriptLock.holder).toBeNull();
  });

  it('takes the document lock only, never the script lock, when there is one', () => {
    const w = world();
    const someoneElse = w.scriptLock.handle();
    expect(someoneElse.tryLock(0)).toBe(true);
    const lease = createSharedLease(w.deps('sidebar', true));
    expect(lease.tryLock(0)).toBe(true);
    lease.release();
  });

  it('frees itself when the execution that held it must have ended, and is then removed', () => {
    const w = world();
    const killed = createSharedLease(w.deps('killed', false, w.clock.peek() + 365_000));
    expect(killed.tryLock(0)).toBe(true);
    const next = createSharedLease(w.deps('next', true));
    expect(next.tryLock(0)).toBe(false);
    w.clock.advance(365_000);
    expect(next.tryLock(0)).toBe(true);
    // The dead execution's key is gone from the store every user shares.
    expect(w.kv.data.has(sharedLeaseKeys('crm.sendRecord.A').fallback)).toBe(false);
    next.release();
    expect(w.kv.data.size).toBe(0);
  });

  it('costs four Properties calls a take and release, none of them when the guard is busy', () => {
    const w = world();
    let calls = 0;
    const counted = {
      get: (key: string) => {
        calls += 1;
        return w.kv.get(key);
      },
      set: (key: string, value: string) => {
        calls += 1;
        w.kv.set(key, value);
      },
      delete: (key: string) => {
        calls += 1;
        w.kv.delete(key);
      },
      keys: () => w.kv.keys(),
    };
    const lease = createSharedLease({ ...w.deps('sidebar', true), kv: counted });
    expect(lease.tryLock(0)).toBe(true);
    lease.release();
    expect(calls).toBe(4);
    const holder = w.documentLock.handle();
    holder.tryLock(0);
    calls = 0;
    expect(lease.tryLock(0)).toBe(false);
    expect(calls).toBe(0);
    holder.release();
    // Held by a trigger without a document for 10 s: the first attempt costs four calls, each
    // later one a peek at its key.
    const trigger = createSharedLease({ ...w.deps('trigger', false), kv: counted });
    expect(trigger.tryLock(0)).toBe(true);
    calls = 0;
    expect(lease.tryLock(10_000)).toBe(false);
    expect(calls).toBe(4 + 20);
  });
});
