/**
 * The `triggersWithoutDocument` option: time-driven triggers run with no active spreadsheet.
 * Whether an editor add-on's time-driven trigger has one is not documented; without one,
 * `SpreadsheetApp.getActive()` / `getActiveSpreadsheet()` return null and
 * `PropertiesService.getDocumentProperties()`, `CacheService.getDocumentCache()` and
 * `LockService.getDocumentLock()` return null ("if the script is not bound to a document, this
 * method returns null": https://developers.google.com/apps-script/reference/properties/properties-service#getDocumentProperties(),
 * https://developers.google.com/apps-script/reference/cache/cache-service#getDocumentCache(),
 * https://developers.google.com/apps-script/reference/lock/lock-service#getDocumentLock()).
 * `SpreadsheetApp.openById` still reaches the spreadsheet. Kept apart from the rest of the
 * runtime so that tests can run the add-on in both readings.
 */

type Services = Record<string, unknown>;

const NO_ACTIVE_SHEET =
  'There is no active spreadsheet in this execution (a trigger with no document): open it with SpreadsheetApp.openById.';

function overridden(service: unknown, overrides: Record<string, unknown>): unknown {
  return Object.assign(Object.create(null), service, overrides);
}

/** Replaces, in an execution's globals, what a trigger without a document cannot reach. */
export function removeDocumentContext(globals: Services): void {
  const fail = () => {
    throw new Error(NO_ACTIVE_SHEET);
  };
  globals.SpreadsheetApp = overridden(globals.SpreadsheetApp, {
    getActive: () => null,
    getActiveSpreadsheet: () => null,
    getActiveSheet: fail,
    getActiveRange: fail,
  });
  globals.PropertiesService = overridden(globals.PropertiesService, {
    getDocumentProperties: () => null,
  });
  globals.CacheService = overridden(globals.CacheService, { getDocumentCache: () => null });
  globals.LockService = overridden(globals.LockService, { getDocumentLock: () => null });
}
