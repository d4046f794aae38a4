/**
 * What every CRM_* custom function needs, within the custom-function rules: 30 s per call, no
 * writes to properties (settings are read from the user properties, which there are the
 * spreadsheet owner's), and a budget of 60 requests a minute shared with jobs and every other
 * formula. A formula reads the CRM only in a spreadsheet where the key's holder allowed it
 * (crmAllowFormulas), checked before anything else, cached results included. Results are cached
 * so that recalculating a sheet full of formulas costs nothing while they are fresh; on 429 the
 * last result is shown, or an error says when to try again.
 */
import { type CrmClient, RateLimitError } from '../api';
import { cacheKeyFor, createChunkedCache } from '../core/cache/chunked';
import { cachedRead } from '../core/cache/read-through';
import type { CellOptions } from '../core/export/cells';
import { formulaError } from '../core/formula-error';
import { type Locale, localeOf, type Translate, translator } from '../core/i18n';
import { type DateOrder, dateOrderOf } from '../core/import/normalize';
import { hashApiKey, type Pacer, PacerDeadlineError } from '../core/pacing';
import { sayQueryErrorsIn } from '../core/query/errors';
import { hasFormulaConsent } from '../core/settings/formula-consent';
import type { Settings } from '../core/settings/settings';
import { appsScriptClock, cacheAdapter, propertiesStore } from '../gas/services';
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
/** Document property: when CRM → Refresh formulas last ran (ms); older cached copies are not fresh. */
export const REFRESHED_AT_KEY = 'crm.formulas.refreshedAt';

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
  /** Words for a cell, in the spreadsheet's language (see spreadsheetLocaleTag). */
  t: Translate;
  /** The spreadsheet's language: the language of CRM_LEADS' headers (core/export/headers.ts). */
  language: Locale;
  /** How a day typed in a query (`created_from=01/02/2026`) reads: the spreadsheet locale's order. */
  dateOrder: DateOrder;
}

/**
 * Settings, client, cache and pacer for one custom-function call. Throws, before any cache or
 * request, when the owner's key is not allowed to serve formulas in this spreadsheet.
 */
export function customFunctionContext(): CustomFunctionContext {
  const spreadsheet = SpreadsheetApp.getActive();
  const localeTag = spreadsheetLocaleTag(spreadsheet);
  const language = localeOf(localeTag);
  const t = translator(language);
  // A mistake in the formula's arguments (core/query) is said in the cell's language.
  sayQueryErrorsIn(t);
  // In a custom function these are the spreadsheet owner's properties, whoever recalculates.
  const settings = loadSettings();
  const ownerProperties = propertiesStore(PropertiesService.getUserProperties());
  if (
    spreadsheet === null ||
    settings === null ||
    !hasFormulaConsent(ownerProperties, settings, spreadsheet.getId())
  ) {
    throw new Error(t('formulas.notAllowed'));
  }
  const owner: Settings = settings;
  const client = clientFor(owner);
  let pacer: Pacer | undefined;
  const cache = createChunkedCache(cacheAdapter(formulaCache()), { prefix: CACHE_PREFIX });
  const notFreshBefore = lastRefresh();
  const account = [settings.baseUrl, hashApiKey(settings.apiKey)];
  let cellOptions: CellOptions | undefined;

  const budgetEndsAt = appsScriptClock.now() + FORMULA_BUDGET_MS;

  function request<R>(send: () => R): R {
    if (appsScriptClock.now() >= budgetEndsAt) {
      throw new Error(t('formulas.tooSlow'));
    }
    pacer ??= pacerFor(owner);
    // Never sleep for long in a formula: a slot more than a moment away means "use the cache".
    const grant = pacer.acquireUpTo(1, {
      deadline: Math.min(appsScriptClock.now() + SLOT_WAIT_MS, budgetEndsAt),
    });
    if (grant.count === 0) throw new PacerDeadlineError(pacer.nextSlotAt());
    try {
      return send();
    } catch (error) {
      if (error instanceof RateLimitError) pacer.reportRateLimited(error.retryAfterSeconds);
      throw error;
    } finally {
      // Counted until its answer, like a job's request (issue 16.16): counted only from when it
      // left, its slot freed while it could still be on its way, and a job's request sent in
      // that slot could reach the CRM within the same 60 s (61 arrivals).
      pacer.answered(grant);
    }
  }

  return {
    settings,
    client,
    t,
    language,
    dateOrder: dateOrderOf(localeTag),
    cached(parts, load) {
      try {
        return cachedRead({
          cache,
          key: cacheKeyFor([...parts, ...account]),
          clock: appsScriptClock,
          freshSeconds: FRESH_SECONDS,
          keepSeconds: KEEP_SECONDS,
          notFreshBefore,
          load: () => load(request),
          rateLimitedFor,
        }).value;
      } catch (error) {
        throw formulaError(error, t);
      }
    },
    cellOptions() {
      cellOptions ??= {
        makeDate: zonedMidnightMaker(spreadsheet.getSpreadsheetTimeZone()),
      };
      return cellOptions;
    },
  };
}

/**
 * A formula's words are in the spreadsheet's locale: its result is shared by every viewer, and a
 * custom function runs anonymously (Session.getActiveUser() is empty there), so the active
 * user's locale is not documented to be the viewer's.
 * https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet#getSpreadsheetLocale()
 */
function spreadsheetLocaleTag(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null,
): string {
  try {
    return spreadsheet?.getSpreadsheetLocale() ?? '';
  } catch {
    return '';
  }
}

/**
 * The document's cache: formulas belong to the spreadsheet, and every viewer recalculating it
 * then shares one copy. Document caches and properties are null where there is no containing
 * document (https://developers.google.com/apps-script/reference/cache/cache-service); the script
 * cache then stands in.
 */
function formulaCache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getDocumentCache() ?? CacheService.getScriptCache();
}

/** When CRM → Refresh formulas last ran in this spreadsheet (0: never, or no document). */
function lastRefresh(): number {
  const raw = PropertiesService.getDocumentProperties()?.getProperty(REFRESHED_AT_KEY) ?? null;
  const at = raw === null ? 0 : Number(raw);
  return Number.isFinite(at) ? at : 0;
}

function rateLimitedFor(error: unknown): number | null {
  if (error instanceof RateLimitError) return error.retryAfterSeconds;
  if (error instanceof PacerDeadlineError) {
    return Math.max(1, Math.ceil((error.notBefore - appsScriptClock.now()) / 1000));
  }
  return null;
}
