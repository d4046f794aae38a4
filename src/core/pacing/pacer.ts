import { codedError } from '../errors';
import type { Cache, Clock, Mutex } from '../ports';

/** The CRM allows 60 requests per 60 s per API key (crm-api-v1.md, Limits). */
export const DEFAULT_LIMIT = 60;
export const DEFAULT_WINDOW_MS = 60_000;
/**
 * Our timestamps are taken before a request leaves; the server counts it on arrival. A
 * quarter second covers the difference in latency between two requests 60 apart, and costs
 * under half a percent of the budget (60 per 60.25 s = 59.75 per minute).
 */
export const DEFAULT_SAFETY_MARGIN_MS = 250;
/** Used when a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;
/** How long acquire waits for the user lock before sleeping and trying again. */
const LOCK_TIMEOUT_MS = 10_000;
const LOCK_RETRY_SLEEP_MS = 250;

export interface PacerDeps {
  /** Shared by every execution and document of the user (CacheService.getUserCache()). */
  cache: Cache;
  /**
   * The key's budget shared with other people who use the same key (issue 19: a team's one
   * key): a cache every user of the script reaches (CacheService.getScriptCache()) and who
   * this person is there (an id that reveals nothing). See SHARED_SLOTS.
   */
  shared?: { cache: Cache; member: string };
  /** Guards the read-modify-write of the log (LockService.getUserLock()). */
  mutex: Mutex;
  clock: Clock;
}

export interface PacerOptions {
  /** The API key whose budget this pacer spends. Only a hash of it is ever stored. */
  apiKey: string;
  limit?: number;
  windowMs?: number;
  safetyMarginMs?: number;
}

export interface AcquireOptions {
  /** Give up (return false, without waiting) if the slot would only come after this instant. */
  deadline?: number;
}

/** Slots taken together for one batch of requests. */
export interface PaceGrant {
  /** How many requests may leave now (0: no slot before the deadline). */
  readonly count: number;
  /** When they were recorded (epoch ms). */
  readonly at: number;
}

export interface Pacer {
  /** Waits for a free slot and records a request in it; false when the slot is past the deadline. */
  acquire(options?: AcquireOptions): boolean;
  /**
   * Waits for at least one free slot (unless it comes after the deadline), then takes every
   * slot that is free now, up to `wanted`: the batch that may leave at once.
   */
  acquireUpTo(wanted: number, options?: AcquireOptions): PaceGrant;
  /**
   * The grant's requests have been answered: their log entries move to now, the latest instant
   * they can have reached the CRM. The CRM counts requests when they arrive; counting them at
   * their answer keeps any 60 s of arrivals within the limit whatever the latency.
   */
  answered(grant: PaceGrant): void;
  /** Records a 429: nobody using this key sends before Retry-After has passed. */
  reportRateLimited(retryAfterSeconds: number | null | undefined): void;
  /** How long acquire() would wait if called now (0 when a slot is free). */
  waitMsIfAcquiredNow(): number;
  /** The instant (epoch ms) the next slot frees up, as far as the log knows now. */
  nextSlotAt(): number;
  /**
   * The instant (epoch ms) at which `count` slots are free together, as far as the log knows
   * now: when a batch of that size could leave at once (a trigger execution that would wait
   * longer ends and is re-armed for then, rather than sleep through its runtime quota).
   */
  slotsFreeAt(count: number): number;
  /** The cache key of this key's log (derived from a hash, never the key itself). */
  readonly cacheKey: string;
}

interface PacingState {
  /** Start times (epoch ms) of recent requests, oldest first. */
  sent: number[];
  /** No request before this instant (epoch ms), set from a 429's Retry-After. */
  blockedUntil: number;
}

/**
 * A 64-bit FNV-1a-style hash as 16 hex digits. It only has to keep different keys' logs
 * apart in the user's own cache; it is not a secret-keeping digest, but nothing about the
 * key can be read back from it.
 */
export function hashApiKey(apiKey: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ apiKey.length;
  for (let i = 0; i < apiKey.length; i++) {
    const c = apiKey.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ h2;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35) ^ h1;
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(h1) + hex(h2);
}

/**
 * Other people's requests on the same key are read from the script cache, where each person
 * publishes their own log (never the key: entries are named by its hash). A person's log lives
 * in one of SHARED_SLOTS entries, picked by a hash of their id, so that a reader fetches every
 * person's log in one getAll and a writer rewrites one entry, without the script lock (in a
 * published add-on that is one lock for every user in the world). Two people whose decisions
 * cross may overshoot by a batch: the CRM's 429 then refuses the excess and every pacer on the
 * key waits its Retry-After (reportRateLimited is published too).
 */
export const SHARED_SLOTS = 8;

type SharedSlot = Record<string, PacingState>;

function parseSlot(raw: string | null | undefined): SharedSlot {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const slot: SharedSlot = {};
    for (const [member, entry] of Object.entries(value)) {
      const state = parseState(JSON.stringify(entry));
      if (state) slot[member] = state;
    }
    return slot;
  } catch {
    return {};
  }
}

function parseState(raw: string | null): PacingState | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as { sent?: unknown; blockedUntil?: unknown };
    const sent = Array.isArray(value.sent)
      ? value.sent.filter((t): t is number => typeof t === 'number' && Number.isFinite(t))
      : [];
    const blockedUntil = typeof value.blockedUntil === 'number' ? value.blockedUntil : 0;
    return { sent: sent.sort((a, b) => a - b), blockedUntil };
  } catch {
    return null;
  }
}

/**
 * The shared log normally already holds this execution's requests; if the cache dropped it
 * and another execution started a new one, ours are added back. Counting each timestamp as
 * often as the longer list has it keeps two requests in the same millisecond apart.
 */
function mergeLogs(shared: PacingState, own: PacingState): PacingState {
  const sent = [...shared.sent];
  const inShared = new Map<number, number>();
  for (const t of shared.sent) inShared.set(t, (inShared.get(t) ?? 0) + 1);
  for (const t of own.sent) {
    const left = inShared.get(t) ?? 0;
    if (left > 0) inShared.set(t, left - 1);
    else sent.push(t);
  }
  return {
    sent: sent.sort((a, b) => a - b),
    blockedUntil: Math.max(shared.blockedUntil, own.blockedUntil),
  };
}

export function createPacer(deps: PacerDeps, options: PacerOptions): Pacer {
  const { cache, mutex, clock } = deps;
  const limit = options.limit ?? DEFAULT_LIMIT;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const marginMs = options.safetyMarginMs ?? DEFAULT_SAFETY_MARGIN_MS;
  if (!options.apiKey) {
    throw codedError('The pacer needs the API key it paces; set it in Settings.', 'noSettings');
  }
  if (!(Number.isInteger(limit) && limit > 0)) {
    throw codedError(`limit must be a positive whole number (got ${limit}).`, 'bug');
  }
  // Set by the add-on's own code, never by a person: a wrong value is a bug.
  if (!(windowMs > 0)) throw codedError(`windowMs must be positive (got ${windowMs}).`, 'bug');
  if (!(marginMs >= 0)) {
    throw codedError(`safetyMarginMs must be 0 or more (got ${marginMs}).`, 'bug');
  }

  const cacheKey = `crm.pace.${hashApiKey(options.apiKey)}`;
  const spanMs = windowMs + marginMs;
  // Cache entries may vanish; this execution's own requests survive here so that losing the
  // cache never makes the pacer forget what it sent itself.
  let ownLog: PacingState = { sent: [], blockedUntil: 0 };

  function relevant(state: PacingState, now: number): PacingState {
    return { sent: state.sent.filter((t) => t > now - spanMs), blockedUntil: state.blockedUntil };
  }

  const sharedDeps = deps.shared;
  const slotKeys = Array.from(
    { length: SHARED_SLOTS },
    (_, i) => `crm.pace.${hashApiKey(options.apiKey)}.s${i}`,
  );
  const mySlotKey = sharedDeps
    ? slotKeys[Number.parseInt(hashApiKey(sharedDeps.member).slice(0, 8), 16) % SHARED_SLOTS]
    : undefined;
  /** The slots as last read (this person's is rewritten from it). */
  let slotsRead: Record<string, string> = {};

  /** Other people's requests on this key, and their Retry-After blocks. */
  function othersLog(now: number): PacingState {
    if (!sharedDeps) return { sent: [], blockedUntil: 0 };
    try {
      const { cache: scriptCache } = sharedDeps;
      slotsRead = scriptCache.getAll
        ? scriptCache.getAll(slotKeys)
        : Object.fromEntries(slotKeys.map((key) => [key, scriptCache.get(key) ?? '']));
    } catch {
      slotsRead = {};
    }
    const sent: number[] = [];
    let blockedUntil = 0;
    for (const key of slotKeys) {
      for (const [member, state] of Object.entries(parseSlot(slotsRead[key]))) {
        if (member === sharedDeps.member) continue;
        sent.push(...state.sent.filter((t) => t > now - spanMs));
        blockedUntil = Math.max(blockedUntil, state.blockedUntil);
      }
    }
    return { sent, blockedUntil };
  }

  /** Publishes this person's log in their slot, dropping logs that have left the window. */
  function publish(state: PacingState, now: number): void {
    if (!sharedDeps || mySlotKey === undefined) return;
    const slot = parseSlot(slotsRead[mySlotKey]);
    slot[sharedDeps.member] = state;
    for (const [member, entry] of Object.entries(slot)) {
      const live = entry.sent.some((t) => t > now - spanMs) || entry.blockedUntil > now;
      if (!live) delete slot[member];
    }
    const value = JSON.stringify(slot);
    try {
      sharedDeps.cache.put(mySlotKey, value, Math.ceil(spanMs / 1000) + 3_600);
      slotsRead[mySlotKey] = value;
    } catch {
      // The shared view is an estimate; this person's own log still paces them.
    }
  }

  let others: PacingState = { sent: [], blockedUntil: 0 };

  function load(now: number): PacingState {
    const shared = parseState(cache.get(cacheKey));
    others = othersLog(now);
    return relevant(shared ? mergeLogs(shared, ownLog) : ownLog, now);
  }

  function save(state: PacingState, now: number): void {
    ownLog = state;
    const ttlSeconds = Math.ceil((Math.max(state.blockedUntil - now, 0) + spanMs) / 1000) + 60;
    cache.put(cacheKey, JSON.stringify(state), Math.min(ttlSeconds, 21_600));
    publish(state, now);
  }

  /** This person's log with everyone else's on the key: what the CRM counts. */
  function withOthers(state: PacingState): PacingState {
    if (others.sent.length === 0 && others.blockedUntil === 0) return state;
    return {
      sent: [...state.sent, ...others.sent].sort((a, b) => a - b),
      blockedUntil: Math.max(state.blockedUntil, others.blockedUntil),
    };
  }

  /** The earliest instant a new request fits: after any block, and after the oldest request that must leave the window. */
  function nextSlot(state: PacingState, now: number, count = 1): number {
    let slot = Math.max(now, state.blockedUntil);
    const wanted = Math.min(Math.max(1, Math.floor(count)), limit);
    // The oldest entries leave first: `wanted` slots are free once this one has left.
    const over = state.sent.length - limit + wanted;
    if (over > 0) {
      const mustExpire = state.sent[over - 1] ?? now;
      slot = Math.max(slot, mustExpire + spanMs);
    }
    return slot;
  }

  function withLock<T>(work: () => T): T | undefined {
    if (!mutex.tryLock(LOCK_TIMEOUT_MS)) return undefined;
    try {
      return work();
    } finally {
      mutex.release();
    }
  }

  function acquireUpTo(wanted: number, acquireOptions: AcquireOptions = {}): PaceGrant {
    if (!(Number.isInteger(wanted) && wanted >= 1)) {
      throw codedError(
        `acquireUpTo needs a whole number of requests, at least 1 (got ${wanted}).`,
        'bug',
      );
    }
    const { deadline } = acquireOptions;
    for (;;) {
      // Decide and record under the lock; never sleep while holding it.
      const decision = withLock((): PaceGrant | number => {
        const now = clock.now();
        const state = load(now);
        const everyone = withOthers(state);
        const slot = nextSlot(everyone, now);
        if (slot > now) return slot;
        const count = Math.min(wanted, limit - everyone.sent.length);
        for (let i = 0; i < count; i++) state.sent.push(now);
        save(state, now);
        return { count, at: now };
      });
      if (typeof decision === 'object') return decision;
      const now = clock.now();
      const resumeAt = decision ?? now + LOCK_RETRY_SLEEP_MS;
      if (deadline !== undefined && resumeAt > deadline) return { count: 0, at: now };
      clock.sleep(Math.max(resumeAt - now, 1));
    }
  }

  function acquire(acquireOptions: AcquireOptions = {}): boolean {
    return acquireUpTo(1, acquireOptions).count === 1;
  }

  function answered(grant: PaceGrant): void {
    if (grant.count === 0) return;
    const move = (): true => {
      const now = clock.now();
      const state = load(now);
      let left = grant.count;
      state.sent = state.sent
        .map((t) => {
          if (left > 0 && t === grant.at) {
            left -= 1;
            return Math.max(now, t);
          }
          return t;
        })
        .sort((a, b) => a - b);
      save(state, now);
      return true;
    };
    // Without the lock, a read-modify-write could erase what another execution just logged;
    // the entries then stay at their send time (the margin still covers most latency).
    withLock(move);
  }

  function reportRateLimited(retryAfterSeconds: number | null | undefined): void {
    const seconds =
      typeof retryAfterSeconds === 'number' && Number.isFinite(retryAfterSeconds)
        ? Math.min(Math.max(retryAfterSeconds, 0), 3600)
        : DEFAULT_RETRY_AFTER_SECONDS;
    const block = (): true => {
      const now = clock.now();
      const state = load(now);
      state.blockedUntil = Math.max(state.blockedUntil, now + seconds * 1000 + marginMs);
      save(state, now);
      return true;
    };
    // The block matters more than the lock: without the lock, write it anyway.
    if (withLock(block) === undefined) block();
  }

  function nextSlotAt(): number {
    const now = clock.now();
    return nextSlot(withOthers(load(now)), now);
  }

  function slotsFreeAt(count: number): number {
    const now = clock.now();
    return nextSlot(withOthers(load(now)), now, count);
  }

  return {
    acquire,
    acquireUpTo,
    answered,
    reportRateLimited,
    waitMsIfAcquiredNow: () => Math.max(0, nextSlotAt() - clock.now()),
    nextSlotAt,
    slotsFreeAt,
    cacheKey,
  };
}
