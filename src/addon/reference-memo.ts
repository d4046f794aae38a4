import { createChunkedCache } from '../core/cache/chunked';
import { cachedReference, referenceCacheKey } from '../core/import/job/reference-cache';
import type { ReferenceData } from '../core/import/job/requests';
import type { Settings } from '../core/settings/settings';
import { appsScriptClock, cacheAdapter } from '../gas/services';

/*
 * Reference data fetched in this execution (Apps Script starts every execution afresh, so this
 * lives exactly one execution): crmImportLeads fetches it to check the options, and the first
 * slice that runs in the same execution reuses it instead of paying three more requests.
 */
let referenceThisExecution: ReferenceData | undefined;

export const referenceMemo = {
  get: (): ReferenceData | undefined => referenceThisExecution,
  set: (data: ReferenceData): void => {
    referenceThisExecution = data;
  },
};

/** The person's own cache of reference data for this key (core/import/job/reference-cache.ts). */
function userReferenceCache(settings: Settings) {
  return cachedReference(
    createChunkedCache(cacheAdapter(CacheService.getUserCache())),
    referenceCacheKey(settings.baseUrl, settings.apiKey),
    appsScriptClock,
  );
}

/**
 * A job's slices: this execution's copy, else the person's cached copy for this key while it is
 * no older than a slice's (issue 30: each execution of a trigger chain read it again, 3 of its
 * 60 requests a minute). What is fetched goes to both.
 */
export function sharedReferenceMemo(settings: Settings): typeof referenceMemo {
  const cached = userReferenceCache(settings);
  return {
    get: () => {
      referenceThisExecution ??= cached.get();
      return referenceThisExecution;
    },
    set: (data) => {
      referenceThisExecution = data;
      cached.set(data);
    },
  };
}

/** A start checks its options against fresh data, which the slices after it then reuse. */
export function keepFreshReference(settings: Settings, data: ReferenceData): void {
  referenceMemo.set(data);
  userReferenceCache(settings).set(data);
}
