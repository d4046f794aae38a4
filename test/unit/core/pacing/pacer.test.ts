import { describe, expect, it } from 'vitest';
import { createPacer, hashApiKey, type PacerOptions } from '../../../../src/core/pacing/pacer';
import { MemoryCache, SharedLock, SimClock, seededRandom } from '../jobs/fakes';

const API_KEY = 'crm_test_9f8e7d6c5b4a39281706abcd';
const MINUTE = 60_000;

function setup() {
  const clock = new SimClock();
  const cache = new MemoryCache(clock);
  const userLock = new SharedLock(clock);
  /** A fresh pacer object, as each new execution (or another open document) creates. */
  const execution = (options: Partial<PacerOptions> = {}) =>
    createPacer({ cache, clock, mutex: userLock.handle() }, { apiKey: API_KEY, ...options });
  return { clock, cache, userLock, execution };
}

/** The largest number of timestamps inside any window [t, t + windowMs). */
function busiestWindow(sent: readonly number[], windowMs = MINUTE): number {
  const sorted = [...sent].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/**
 * The long-run rate: requests per minute from the first request to the one `span` later.
 * A sequential client's requests bunch at the start of each minute, so windows that start
 * mid-minute vary; counted from one burst start to another the rate is exact.
 */
function sustainedPerMinute(sent: readonly number[], span: number): number {
  const sorted = [...sent].sort((a, b) => a - b);
  return (span / ((sorted[span] ?? 0) - (sorted[0] ?? 0))) * MINUTE;
}

/**
 * Using the budget fully: a request that had to wait went out the moment the request 60
 * before it left the (margin-widened) window, not later.
 */
function wastedWaits(sent: readonly number[], waited: readonly boolean[]): number[] {
  return sent.flatMap((t, i) => {
    const sixtyBefore = sent[i - 60];
    if (!waited[i] || sixtyBefore === undefined) return [];
    return t - sixtyBefore > MINUTE + 250 ? [i] : [];
  });
}

/**
 * The server's view: each request arrives after its own latency, and the server counts
 * arrivals in the trailing 60 s. Returns how many would have been refused with 429.
 */
function serverRejections(sent: readonly number[], random: () => number): number {
  const arrivals = sent.map((t) => t + 40 + random() * 200).sort((a, b) => a - b);
  let rejected = 0;
  let start = 0;
  for (let end = 0; end < arrivals.length; end++) {
    while ((arrivals[end] ?? 0) - (arrivals[start] ?? 0) >= MINUTE) start++;
    if (end - start + 1 > 60) rejected++;
  }
  return rejected;
}

describe('pacer', () => {
  it('200 requests over 5 executions: never over 60 in any 60 s, and at least 58 per minute', () => {
    const { clock, execution } = setup();
    const sent: number[] = [];
    const waited: boolean[] = [];
    const random = seededRandom(1);
    for (let run = 0; run < 5; run++) {
      const pacer = execution();
      for (let i = 0; i < 40; i++) {
        const sleepsBefore = clock.sleeps.length;
        expect(pacer.acquire()).toBe(true);
        waited.push(clock.sleeps.length > sleepsBefore);
        sent.push(clock.peek());
        clock.advance(150 + Math.floor(random() * 400)); // the request itself
      }
      clock.advance(1_500); // the next execution starts up
    }
    expect(sent).toHaveLength(200);
    expect(busiestWindow(sent)).toBe(60);
    expect(sustainedPerMinute(sent, 180)).toBeGreaterThanOrEqual(58);
    expect(waited.filter(Boolean).length).toBeGreaterThan(20);
    expect(wastedWaits(sent, waited)).toEqual([]);
    expect(serverRejections(sent, seededRandom(2))).toBe(0);
  });

  it('two documents of the same user interleaving requests stay under the limit together', () => {
    const { clock, execution } = setup();
    const docs = [execution(), execution()];
    const sent: number[] = [];
    const waited: boolean[] = [];
    const random = seededRandom(3);
    for (let i = 0; i < 240; i++) {
      const pacer = docs[Math.floor(random() * 2)];
      const sleepsBefore = clock.sleeps.length;
      expect(pacer?.acquire()).toBe(true);
      waited.push(clock.sleeps.length > sleepsBefore);
      sent.push(clock.peek());
      clock.advance(Math.floor(random() * 300));
    }
    expect(busiestWindow(sent)).toBe(60);
    expect(sustainedPerMinute(sent, 180)).toBeGreaterThanOrEqual(58);
    expect(wastedWaits(sent, waited)).toEqual([]);
    expect(serverRejections(sent, seededRandom(4))).toBe(0);
  });

  it('different API keys have separate budgets', () => {
    const { clock, execution } = setup();
    const a = execution();
    const b = execution({ apiKey: 'crm_other_key_0000' });
    for (let i = 0; i < 60; i++) {
      a.acquire();
      b.acquire();
    }
    expect(clock.peek()).toBe(new SimClock().peek());
    expect(a.waitMsIfAcquiredNow()).toBeGreaterThan(59_000);
    expect(b.waitMsIfAcquiredNow()).toBeGreaterThan(59_000);
  });

  it('honours Retry-After across executions', () => {
    const { clock, execution } = setup();
    const first = execution();
    first.acquire();
    const reportedAt = clock.peek();
    first.reportRateLimited(30);
    const second = execution();
    expect(second.waitMsIfAcquiredNow()).toBeGreaterThanOrEqual(30_000);
    expect(second.acquire()).toBe(true);
    expect(clock.peek() - reportedAt).toBeGreaterThanOrEqual(30_000);
    expect(clock.peek() - reportedAt).toBeLessThanOrEqual(31_000);
  });

  it.each([
    [Number.NaN, 60_000],
    [null, 60_000],
    [-5, 0],
    [1e9, 3_600_000],
  ])('treats Retry-After %s as a wait of about %i ms', (retryAfter, expectedMs) => {
    const { execution } = setup();
    const pacer = execution();
    pacer.reportRateLimited(retryAfter);
    const wait = pacer.waitMsIfAcquiredNow();
    expect(wait).toBeGreaterThanOrEqual(expectedMs);
    expect(wait).toBeLessThanOrEqual(expectedMs + 1_000);
  });

  it('acquire with a deadline returns false at once when the slot comes too late', () => {
    const { clock, execution } = setup();
    const pacer = execution();
    pacer.reportRateLimited(20);
    const before = clock.peek();
    expect(pacer.acquire({ deadline: before + 10_000 })).toBe(false);
    expect(clock.peek()).toBe(before);
    expect(pacer.nextSlotAt()).toBeGreaterThanOrEqual(before + 20_000);
    expect(pacer.acquire({ deadline: before + 25_000 })).toBe(true);
  });

  it('stays safe when the cache loses the log: its own requests still count', () => {
    const { clock, cache, execution } = setup();
    const pacer = execution();
    const sent: number[] = [];
    for (let i = 0; i < 150; i++) {
      if (i % 25 === 10) cache.evictAll();
      pacer.acquire();
      sent.push(clock.peek());
      clock.advance(100);
    }
    expect(busiestWindow(sent)).toBeLessThanOrEqual(60);
  });

  it('a 429 after losing the log (another execution) is corrected by Retry-After', () => {
    const { clock, cache, execution } = setup();
    const first = execution();
    for (let i = 0; i < 60; i++) first.acquire();
    cache.evictAll();
    const second = execution();
    expect(second.waitMsIfAcquiredNow()).toBe(0); // it cannot know; the server will say 429
    second.reportRateLimited(60);
    const at = clock.peek();
    expect(first.acquire()).toBe(true);
    expect(clock.peek() - at).toBeGreaterThanOrEqual(60_000);
  });

  it('does not sleep while holding the user lock, and waits for the lock when another holds it', () => {
    const { clock, userLock, execution } = setup();
    const pacer = execution();
    for (let i = 0; i < 60; i++) pacer.acquire();
    const lockHeldDuringSleep: boolean[] = [];
    const realSleep = clock.sleep.bind(clock);
    clock.sleep = (ms) => {
      lockHeldDuringSleep.push(userLock.holder !== null);
      realSleep(ms);
    };
    pacer.acquire();
    expect(lockHeldDuringSleep.length).toBeGreaterThan(0);
    expect(lockHeldDuringSleep.every((held) => !held)).toBe(true);

    const other = userLock.handle();
    other.tryLock(0);
    const before = clock.peek();
    expect(execution().acquire({ deadline: before + 5_000 })).toBe(false);
    other.release();
  });

  it('stores only a hash of the API key, and hashes are stable and distinct', () => {
    const { cache, execution } = setup();
    execution().acquire();
    const keys = cache.keys();
    expect(keys).toEqual([`crm.pace.${hashApiKey(API_KEY)}`]);
    expect(keys.join()).not.toContain(API_KEY);
    expect(keys.join()).not.toContain(API_KEY.slice(-4));
    expect(hashApiKey(API_KEY)).toMatch(/^[0-9a-f]{16}$/);
    const many = new Set(Array.from({ length: 1000 }, (_, i) => hashApiKey(`crm_${i}`)));
    expect(many.size).toBe(1000);
  });

  it('honours a configured limit and window', () => {
    const { clock, execution } = setup();
    const pacer = execution({ limit: 5, windowMs: 10_000, safetyMarginMs: 0 });
    const sent: number[] = [];
    for (let i = 0; i < 20; i++) {
      pacer.acquire();
      sent.push(clock.peek());
    }
    expect(busiestWindow(sent, 10_000)).toBe(5);
    expect((sent[19] ?? 0) - (sent[0] ?? 0)).toBe(30_000);
  });

  it.each([
    [{ apiKey: '' }, /needs the API key/],
    [{ apiKey: 'k', limit: 0 }, /limit must be a positive whole number/],
    [{ apiKey: 'k', limit: 1.5 }, /limit must be a positive whole number/],
    [{ apiKey: 'k', windowMs: 0 }, /windowMs must be positive/],
    [{ apiKey: 'k', safetyMarginMs: -1 }, /safetyMarginMs must be 0 or more/],
  ])('refuses bad options %j', (options, message) => {
    const clock = new SimClock();
    expect(() =>
      createPacer(
        { cache: new MemoryCache(clock), clock, mutex: new SharedLock(clock).handle() },
        options,
      ),
    ).toThrow(message);
  });
});

describe('acquireUpTo and answered (batches)', () => {
  it('grants every free slot at once, up to the number wanted', () => {
    const { execution } = setup();
    const pacer = execution();
    expect(pacer.acquireUpTo(10).count).toBe(10);
    expect(pacer.acquireUpTo(100).count).toBe(50);
    expect(pacer.waitMsIfAcquiredNow()).toBeGreaterThan(0);
  });

  it('gives nothing, without waiting, when the first free slot is past the deadline', () => {
    const { clock, execution } = setup();
    const pacer = execution();
    pacer.acquireUpTo(60);
    const before = clock.now();
    expect(pacer.acquireUpTo(5, { deadline: before + 1_000 }).count).toBe(0);
    expect(clock.now()).toBe(before);
  });

  it('refuses a batch size that is not a positive whole number', () => {
    const pacer = setup().execution();
    expect(() => pacer.acquireUpTo(0)).toThrow(/at least 1/);
    expect(() => pacer.acquireUpTo(1.5)).toThrow(/whole number/);
  });

  /**
   * The CRM counts a request when it arrives, somewhere between its send and its answer. Batches
   * of random size with latencies of up to 4 s, from two executions sharing one key: no 60 s of
   * arrivals may hold more than 60, whatever the seed.
   */
  it.each(Array.from({ length: 40 }, (_, seed) => seed + 1))(
    'keeps any 60 s of arrivals within the limit (seed %i)',
    (seed) => {
      const { clock, execution } = setup();
      const random = seededRandom(seed);
      const pacers = [execution(), execution()];
      const arrivals: number[] = [];
      let sent = 0;
      while (sent < 400) {
        const pacer = pacers[Math.floor(random() * pacers.length)];
        if (!pacer) continue;
        const grant = pacer.acquireUpTo(1 + Math.floor(random() * 12));
        const latencies = Array.from({ length: grant.count }, () => 300 + random() * 3_700);
        for (const latency of latencies) arrivals.push(grant.at + random() * latency);
        clock.sleep(Math.max(...latencies));
        pacer.answered(grant);
        sent += grant.count;
      }
      expect(busiestWindow(arrivals)).toBeLessThanOrEqual(60);
    },
  );

  it('runs at the limit less one latency per minute: 60 per (60 s + latency)', () => {
    const { clock, execution } = setup();
    const pacer = execution();
    const starts: number[] = [];
    for (let batch = 0; batch < 40; batch++) {
      const grant = pacer.acquireUpTo(10);
      for (let i = 0; i < grant.count; i++) starts.push(grant.at);
      clock.sleep(1_500);
      pacer.answered(grant);
    }
    const perMinute = sustainedPerMinute(starts, 300);
    expect(perMinute).toBeGreaterThan(58);
    expect(perMinute).toBeLessThanOrEqual(60);
  });
});

describe('slotsFreeAt', () => {
  it('tells when a whole batch of slots is free together, not only the next one', () => {
    const clock = new SimClock();
    const pacer = createPacer(
      { cache: new MemoryCache(clock), mutex: new SharedLock(clock).handle(), clock },
      { apiKey: 'crm_test', limit: 5, windowMs: 10_000, safetyMarginMs: 0 },
    );
    const start = clock.now();
    for (let i = 0; i < 5; i++) {
      pacer.acquire();
      clock.sleep(1_000);
    }
    // Entries at +0 … +4 s: the first frees at +10 s, three free together at +12 s.
    expect(pacer.nextSlotAt() - start).toBe(10_000);
    expect(pacer.slotsFreeAt(3) - start).toBe(12_000);
    expect(pacer.slotsFreeAt(99) - start).toBe(14_000);
  });
});

describe('one key shared by several people (issue 19)', () => {
  it("counts every person's requests on the key, through the shared cache, never the key", () => {
    const clock = new SimClock();
    const scriptCache = new MemoryCache(clock);
    const person = (member: string) =>
      createPacer(
        {
          cache: new MemoryCache(clock),
          mutex: new SharedLock(clock).handle(),
          clock,
          shared: { cache: scriptCache, member },
        },
        { apiKey: 'crm_team_key_1234' },
      );
    const ana = person('ana');
    const bia = person('bia');
    expect(ana.acquireUpTo(40).count).toBe(40);
    // Each person's own user cache and lock: only the shared cache tells Bia about Ana's 40.
    expect(bia.acquireUpTo(40).count).toBe(20);
    expect(ana.acquireUpTo(5, { deadline: clock.now() }).count).toBe(0);
    expect(bia.nextSlotAt()).toBeGreaterThan(clock.now());
    // A 429 one person met holds back the other too.
    clock.sleep(61_000);
    ana.reportRateLimited(30);
    expect(bia.acquireUpTo(1, { deadline: clock.now() + 10_000 }).count).toBe(0);
    const stored = (scriptCache as unknown as { entries: Map<string, { value: string }> }).entries;
    expect(stored.size).toBeGreaterThan(0);
    for (const [key, { value }] of stored) expect(key + value).not.toContain('crm_team_key');
  });

  it('another key on the same shared cache is not counted', () => {
    const clock = new SimClock();
    const scriptCache = new MemoryCache(clock);
    const pacer = (apiKey: string, member: string) =>
      createPacer(
        {
          cache: new MemoryCache(clock),
          mutex: new SharedLock(clock).handle(),
          clock,
          shared: { cache: scriptCache, member },
        },
        { apiKey },
      );
    expect(pacer('crm_key_one', 'ana').acquireUpTo(60).count).toBe(60);
    expect(pacer('crm_key_two', 'bia').acquireUpTo(60).count).toBe(60);
  });
});
