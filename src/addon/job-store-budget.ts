import { codedError } from '../core/errors';
import { translator } from '../core/i18n';
import { MEMORY_SHARDS, memoryToReclaim, SHARD_MAX_BYTES } from '../core/import/job/fingerprints';
import { createJobStore, type EngineDeps, prefixedStore, utf8Bytes } from '../core/jobs';
import { currentLocale } from '../gas/locale';
import { propertiesStore } from '../gas/services';

/**
 * The job store's budget. A person's jobs (every spreadsheet's) share their user properties,
 * 500 KB in all (https://developers.google.com/apps-script/guides/services/quotas#current_limitations);
 * past this mark, room is made before a new job is created, so that a running job never meets a
 * full store at a checkpoint.
 */
export const STORE_NEARLY_FULL_BYTES = 400 * 1024;
const FINISHED_KEPT_WHEN_FULL = [10, 0];
/** Reclaimable data goes below this mark: room for one sheet's whole import memory. */
const RECLAIM_BELOW_BYTES = STORE_NEARLY_FULL_BYTES - MEMORY_SHARDS * SHARD_MAX_BYTES;
const DEFAULT_MAX_AGE_DAYS = 30;

/**
 * Data a feature can rebuild and gives up when the store is nearly full (the import's memory of
 * rows already sent): called with the bytes still to free, returns the bytes it freed.
 */
export type StoreReclaimer = (bytesToFree: number) => number;
/**
 * The import memory (core/import/job/fingerprints.ts) of every spreadsheet of the person, in
 * their user properties: it is only a cache (losing it costs a lookup or a re-send of an
 * unchanged row), so it gives way first, oldest sheet first, whole sheets at a time.
 */
function reclaimImportMemory(bytesToFree: number): number {
  const properties = PropertiesService.getUserProperties();
  const chosen = memoryToReclaim(properties.getProperties(), bytesToFree, utf8Bytes);
  let freed = 0;
  for (const sheet of chosen) {
    for (const key of sheet.keys) properties.deleteProperty(key);
    freed += sheet.bytes;
  }
  return freed;
}

const reclaimers: StoreReclaimer[] = [reclaimImportMemory];

/** A feature registers what it can give up (see StoreReclaimer); called when its module loads. */
export function registerStoreReclaimer(reclaimer: StoreReclaimer): void {
  reclaimers.push(reclaimer);
}

/** The person's job stores of every spreadsheet (`crm.ss.<id>.` in their user properties). */
function everySpreadsheetsStore(keys: readonly string[]) {
  const ids = new Set<string>();
  for (const key of keys) {
    const match = /^crm\.ss\.([^.]+)\.crm\.job\./.exec(key);
    if (match?.[1]) ids.add(match[1]);
  }
  const user = propertiesStore(PropertiesService.getUserProperties());
  return [...ids].map((id) => createJobStore(prefixedStore(user, `crm.ss.${id}.`)));
}

/** Bytes of the person's user properties (every spreadsheet's jobs and import memories). */
export function storeBytes(): number {
  const all = PropertiesService.getUserProperties().getProperties();
  let bytes = 0;
  for (const key of Object.keys(all)) bytes += utf8Bytes(key) + utf8Bytes(all[key] ?? '');
  return bytes;
}

/**
 * Makes room when the store is nearly full: what the reclaimers give up goes first (the import
 * memory, a cache), then the oldest finished jobs. Returns a note for the new job's message
 * when a job was removed (the user is told), and throws a clear error when no room can be made
 * (only pending or paused jobs fill the store).
 */
export function makeRoomForJob(deps: Pick<EngineDeps, 'store' | 'clock'>): string | undefined {
  let bytes = storeBytes();
  // What gives way does so early enough that the new job's own import memory still fits below
  // the mark, so that memory never takes the room a running job's checkpoints need.
  for (const reclaim of reclaimers) {
    if (bytes <= RECLAIM_BELOW_BYTES) break;
    reclaim(bytes - RECLAIM_BELOW_BYTES);
    bytes = storeBytes();
  }
  if (bytes <= STORE_NEARLY_FULL_BYTES) return undefined;
  let removed = 0;
  // This spreadsheet's first (its board entries go with them), then the other spreadsheets'.
  const stores = [
    deps.store,
    ...everySpreadsheetsStore(PropertiesService.getUserProperties().getKeys()),
  ];
  for (const keepAtMost of FINISHED_KEPT_WHEN_FULL) {
    for (const store of stores) {
      if (bytes <= STORE_NEARLY_FULL_BYTES) break;
      removed += store.prune({
        now: deps.clock.now(),
        maxAgeDays: DEFAULT_MAX_AGE_DAYS,
        keepAtMost,
      }).length;
      bytes = storeBytes();
    }
  }
  if (bytes > STORE_NEARLY_FULL_BYTES) {
    throw codedError(
      `The add-on's storage for your Google account is nearly full (${Math.round(bytes / 1024)} KB of 500 KB) with jobs that are still pending or paused: finish or cancel some of them (CRM → Jobs), then start this job again.`,
      'jobStoreFull',
      { kb: Math.round(bytes / 1024) },
    );
  }
  return removed > 0
    ? translator(currentLocale())('jobs.storeMadeRoom', { count: removed })
    : undefined;
}
