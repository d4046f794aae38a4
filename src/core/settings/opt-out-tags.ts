import { utf8Length } from '../cache/chunked';
import { codedError } from '../errors';
import { translator } from '../i18n';
import { PLAN_FRESH_MS } from '../plan/plan';
import type { KeyValueStore, Mutex } from '../ports';
import { tagKey } from './opt-out';

/*
 * The opt-out tags of a spreadsheet (PRODUCT.md "Opt-out"). Each person keeps their tag in their
 * own Settings (user properties), so two people of one spreadsheet may hold two tags: a send by
 * one must still skip a lead carrying the other's. Each person's tag is therefore also written
 * here, in a small list every editor's executions reach (the spreadsheet's developer metadata,
 * addon/opt-out-tags.ts), whenever they save Settings in the spreadsheet or preview or start a
 * send or a message in it; every send and message skips the union of the list and the sender's
 * own tag.
 *
 * A tag a person replaced is kept while a preview that used it may still be run (PLAN_FRESH_MS
 * after its last preview or start here): that preview showed the tag's leads SKIPPED, so its run
 * skips them too (a job also keeps the tags it started with, for its whole life). A tag no
 * preview used, or used longer ago, stops counting once replaced: a person who changed it meant
 * it.
 */

/**
 * One person's tag here: `p` person id, `t` the tag, `s` when written, `u` when a preview or a
 * start last used it (refreshed at most every USE_REFRESH_MS), `r` when replaced.
 */
export interface OptOutEntry {
  p: string;
  t: string;
  s: number;
  u?: number;
  r?: number;
}

/** A use is written again after this long (each write is a few Sheets calls). */
const USE_REFRESH_MS = 60 * 60_000;

/** Whether an entry still counts at `now`: in force, or replaced with a preview still runnable. */
function counts(e: OptOutEntry, now: number): boolean {
  return e.r === undefined || (e.u !== undefined && now - e.u <= PLAN_FRESH_MS + USE_REFRESH_MS);
}

/** The list's key in the spreadsheet's shared store (developer metadata: keep values small). */
export const OPT_OUT_TAGS_KEY = 'crm.optOutTags';

/**
 * At most this many entries (about 20 × 150 characters at worst, most tags are short): the
 * spreadsheet's metadata also holds the job board. Past it, replaced tags go first, then the
 * entries written longest ago; a person's own tag always counts in their sends, and goes back
 * on the list at their next preview or start here.
 */
export const MAX_OPT_OUT_ENTRIES = 20;

/** The entries stored (none when absent or unreadable: the sender's own tag still counts). */
export function parseOptOutEntries(raw: string | null): OptOutEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (e): e is OptOutEntry =>
        typeof e === 'object' &&
        e !== null &&
        typeof e.p === 'string' &&
        typeof e.t === 'string' &&
        typeof e.s === 'number' &&
        (e.r === undefined || typeof e.r === 'number'),
    );
  } catch {
    return [];
  }
}

/**
 * The list with `person`'s tag in force (`used`: by a preview or a start now), or null when it
 * already is (no write). Their earlier tag, if another, is kept as replaced while it counts.
 */
export function withPersonTag(
  entries: readonly OptOutEntry[],
  person: string,
  tag: string,
  now: number,
  used: boolean,
): OptOutEntry[] | null {
  const live = entries.filter((e) => counts(e, now));
  const same = (e: OptOutEntry) => tagKey(e.t) === tagKey(tag);
  const mine = live.find((e) => e.p === person && e.r === undefined);
  const fresh = !used || (mine?.u !== undefined && now - mine.u < USE_REFRESH_MS);
  if (mine && same(mine) && fresh && live.length === entries.length) return null;
  const next = live
    // A replaced tag of the same person that comes back is in force again, not twice.
    .filter((e) => !(e.p === person && e.r !== undefined && same(e)))
    .filter((e) => e !== mine || !same(e))
    .map((e) => (e === mine ? { ...e, r: now } : e))
    .filter((e) => counts(e, now));
  const kept = mine && same(mine) ? mine : { p: person, t: tag, s: now };
  next.push(used ? { ...kept, u: now } : kept);
  return bounded(next);
}

/** Keeps MAX_OPT_OUT_ENTRIES: replaced tags go first, then the oldest written. */
function bounded(entries: OptOutEntry[]): OptOutEntry[] {
  if (entries.length <= MAX_OPT_OUT_ENTRIES) return entries;
  const order = [...entries].sort((a, b) => {
    const replaced = Number(b.r !== undefined) - Number(a.r !== undefined);
    return replaced !== 0 ? replaced : a.s - b.s;
  });
  const drop = new Set(order.slice(0, entries.length - MAX_OPT_OUT_ENTRIES));
  return entries.filter((e) => !drop.has(e));
}

/** The tags the list holds at `now` (replaced ones a preview may still run on included). */
export function tagsInForce(entries: readonly OptOutEntry[], now: number): string[] {
  return unionOfTags(entries.filter((e) => counts(e, now)).map((e) => e.t));
}

/** Tags without repeats as the CRM compares them (first spelling kept), blanks left out. */
export function unionOfTags(...lists: readonly (readonly string[] | undefined)[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of lists.flatMap((list) => list ?? [])) {
    const key = tagKey(tag);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag.trim());
  }
  return tags;
}

/**
 * How long a save or a preview waits for the list's lock: another person holds it for one read
 * and one write of the list (a few Sheets calls), so longer means something is wrong.
 */
export const OPT_OUT_LOCK_WAIT_MS = 10_000;

/**
 * The list's largest value, in UTF-8 bytes: a Properties value holds 9 KB, and the spreadsheet's
 * metadata (about 30,000 characters in all) also holds the job board. 20 entries of 100-letter
 * tags fit; tags with characters JSON writes escaped (control characters: 6 bytes each) may not.
 */
export const MAX_OPT_OUT_LIST_BYTES = 8_000;

const english = translator('en');

/**
 * The tags a send or message by `person` (whose own tag is `tag`) skips here, after putting
 * their tag on the spreadsheet's list (`used`: a preview or a start uses it now; false when
 * Settings are saved). The list is read, changed and written back whole, so the write is made
 * under `lock` (the spreadsheet's exclusion, addon/opt-out-tags.ts), the list read again once it
 * is held: two people saving at once would otherwise each write back the list they read, one
 * dropping the other's tag. `whileLocked` (saving Settings) runs under it before the write, after
 * every check, so a refusal saves nothing (with no write to make, it runs without the lock).
 *
 * Refused (nothing written, `whileLocked` not run): the lock not had in OPT_OUT_LOCK_WAIT_MS when
 * a write is due (a job's execution whose tag is in force goes on without it, `inJob`: never a
 * write without the lock), and a list over
 * MAX_OPT_OUT_LIST_BYTES. A list that cannot be written (a read-only viewer) still gives what it
 * holds plus the person's own tag.
 */
export function spreadsheetOptOutTags(
  store: KeyValueStore,
  lock: Mutex,
  person: string,
  tag: string,
  now: number,
  options: {
    used?: boolean;
    whileLocked?: () => void;
    /**
     * A job's execution (its start already recorded the use, and a job keeps the tags it
     * started with): with the lock busy it goes on with the tags in force, writing nothing.
     */
    inJob?: boolean;
  } = {},
): string[] {
  const used = options.used ?? true;
  const entries = parseOptOutEntries(store.get(OPT_OUT_TAGS_KEY));
  if (withPersonTag(entries, person, tag, now, used) === null) {
    options.whileLocked?.();
    return unionOfTags([tag], tagsInForce(entries, now));
  }
  if (!lock.tryLock(OPT_OUT_LOCK_WAIT_MS)) {
    // A preview or a start must record its use: without it, a tag its person replaces before
    // the run stops counting at once, and the run would message leads the preview showed
    // SKIPPED. It is refused instead, saying to try again.
    const inForce = tagsInForce(entries, now).some((t) => tagKey(t) === tagKey(tag));
    if (used && inForce && options.inJob === true) {
      return unionOfTags([tag], tagsInForce(entries, now));
    }
    throw codedError(english('settings.optOutTagsBusy'), 'optOutTagsBusy');
  }
  try {
    const current = parseOptOutEntries(store.get(OPT_OUT_TAGS_KEY));
    const next = withPersonTag(current, person, tag, now, used);
    const value = next ? JSON.stringify(next) : null;
    if (value !== null && utf8Length(value) > MAX_OPT_OUT_LIST_BYTES) {
      const params = { bytes: utf8Length(value), max: MAX_OPT_OUT_LIST_BYTES };
      throw codedError(english('settings.optOutTagsTooLong', params), 'optOutTagsTooLong', params);
    }
    options.whileLocked?.();
    if (value !== null) {
      try {
        store.set(OPT_OUT_TAGS_KEY, value);
      } catch {
        // Left as it was: this send still skips the union below.
      }
    }
    return unionOfTags([tag], tagsInForce(next ?? current, now));
  } finally {
    lock.release();
  }
}
