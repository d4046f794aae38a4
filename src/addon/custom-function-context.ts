/**
 * What every CRM_* custom function needs, within the custom-function rules: 30 s per call, no
 * writes to properties (settings are read from the user properties, which there are the
 * spreadsheet owner's), and a budget of 60 requests a minute shared with jobs and every other
 * formula. Results are cached so that recalculating a sheet full of formulas costs nothing while
 * they are fresh; on 429 the last result is shown, or an error says when to try again.
 */
import {
  AuthError,
  type CrmClient,
  CrmError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from '../api';
import { cacheKeyFor, createChunkedCache } from '../core/cache/chunked';
import { cachedRead } from '../core/cache/read-through';
import type { CellOptions } from '../core/export/cells';
import { hashApiKey, type Pacer, PacerDeadlineError } from '../core/pacing';
import type { Settings } from '../core/settings/settings';
import { appsScriptClock, cacheAdapter } from '../gas/services';
import { zonedMidnightMaker } from '../gas/sheet-writer';
import { clientFor, loadSettings, pacerFor } from './context';

/** A result is served from the cache for this long without asking the CRM. */
export const FRESH_SECONDS = 300;
/** A result is kept this long to stand in when the CRM answers 429 (CacheService's maximum). */
export const KEEP_SECONDS = 21_600;
/** A formula waits at most this long for a free request slot; past it, it answers from the cache. */
export const SLOT_WAIT_MS = 2_000;
/**
 * Sheets kills a custom function at 30 s. No request starts after this much of it has gone, so a
 * slow CRM ends in a message that says what to do instead of Sheets' own time-out.
 */
export const FORMULA_BUDGET_MS = 20_000;
const CACHE_PREFIX = 'crm.cf.';

export interface CustomFunctionContext {
  settings: Settings;
  client: CrmClient;
  /**
   * The cached value for `parts` (plus the account: base URL and a hash of the key), or what
   * `load` returns; `load` must be JSON-serialisable and call `request` for each CRM request.
   */
  cached<T>(parts: readonly unknown[], load: (request: <R>(send: () => R) => R) => T): T;
  /** Cell options for date-only values (midnight in the spreadsheet's zone); looked up once. */
  cellOptions(): CellOptions;
}

/** Settings, client, cache and pacer for one custom-function call. Throws when no key is saved. */
export function customFunctionContext(): CustomFunctionContext {
  const settings = loadSettings();
  if (!settings) {
    throw new Error(
      'No CRM API key: open CRM → Settings and save a key. Formulas use the settings of the spreadsheet owner.',
    );
  }
  const client = clientFor(settings);
  let pacer: Pacer | undefined;
  const cache = createChunkedCache(cacheAdapter(formulaCache()), { prefix: CACHE_PREFIX });
  const account = [settings.baseUrl, hashApiKey(settings.apiKey)];
  let cellOptions: CellOptions | undefined;

  const budgetEndsAt = appsScriptClock.now() + FORMULA_BUDGET_MS;

  function request<R>(send: () => R): R {
    if (appsScriptClock.now() >= budgetEndsAt) {
      throw new Error(
        'The CRM is answering too slowly for a formula (Sheets stops them at 30 s): ask for fewer rows with the limit argument, or use CRM → Export leads.',
      );
    }
    pacer ??= pacerFor(settings as Settings);
    // Never sleep for long in a formula: a slot more than a moment away means "use the cache".
    if (
      !pacer.acquire({ deadline: Math.min(appsScriptClock.now() + SLOT_WAIT_MS, budgetEndsAt) })
    ) {
      throw new PacerDeadlineError(pacer.nextSlotAt());
    }
    try {
      return send();
    } catch (error) {
      if (error instanceof RateLimitError) pacer.reportRateLimited(error.retryAfterSeconds);
      throw error;
    }
  }

  return {
    settings,
    client,
    cached(parts, load) {
      try {
        return cachedRead({
          cache,
          key: cacheKeyFor([...parts, ...account]),
          clock: appsScriptClock,
          freshSeconds: FRESH_SECONDS,
          keepSeconds: KEEP_SECONDS,
          load: () => load(request),
          rateLimitedFor,
        }).value;
      } catch (error) {
        throw formulaError(error);
      }
    },
    cellOptions() {
      cellOptions ??= {
        makeDate: zonedMidnightMaker(SpreadsheetApp.getActive().getSpreadsheetTimeZone()),
      };
      return cellOptions;
    },
  };
}

/**
 * The document's cache: formulas belong to the spreadsheet, and every viewer recalculating it
 * then shares one copy. The script cache stands in where there is no document (a library call).
 */
function formulaCache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getDocumentCache() ?? CacheService.getScriptCache();
}

function rateLimitedFor(error: unknown): number | null {
  if (error instanceof RateLimitError) return error.retryAfterSeconds;
  if (error instanceof PacerDeadlineError) {
    return Math.max(1, Math.ceil((error.notBefore - appsScriptClock.now()) / 1000));
  }
  return null;
}

/** CRM failures in words a person in a cell can act on; other errors pass as they are. */
export function formulaError(error: unknown): unknown {
  if (!(error instanceof CrmError)) return error;
  if (error instanceof AuthError) {
    return new Error(
      `The CRM refused the API key (${error.message}): open CRM → Settings and save a valid key.`,
    );
  }
  if (error instanceof ForbiddenError) {
    return new Error(
      error.accountInactive
        ? `The CRM account is suspended (${error.message}).`
        : `The API key lacks the scope ${error.requiredPermission ?? '(not named)'} (${error.message}): save a key that has it in CRM → Settings.`,
    );
  }
  if (error instanceof NotFoundError) return new Error(`Not found in the CRM: ${error.message}`);
  if (error instanceof ValidationError)
    return new Error(`The CRM refused the query: ${error.detail}`);
  return new Error(`The CRM could not answer (${error.detail}); try again in a minute.`);
}
