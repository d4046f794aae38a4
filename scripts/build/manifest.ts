import { normalizeBaseUrl } from '../../src/api/base-url';

/**
 * dist/appsscript.json from appsscript.json, per deployment
 * (https://developers.google.com/apps-script/manifest).
 *
 * The add-on is an EDITOR add-on: its manifest has no `addOns` section, which defines a Google
 * Workspace add-on (cards, homepage triggers) instead; an editor add-on's name and logo belong to
 * its Marketplace listing, not to the manifest.
 */
export const SPREADSHEETS_CURRENT_ONLY = 'https://www.googleapis.com/auth/spreadsheets.currentonly';
/**
 * The published add-on asks for every spreadsheet the user can open, not only the current one:
 * its time-driven triggers (hourly job runs, nightly schedules) may run with no active
 * spreadsheet (not documented either way), and then reach the job's spreadsheet through
 * SpreadsheetApp.openById, which `spreadsheets.currentonly` does not allow. CRM_* formulas need
 * no extra scope (custom functions run without user authorisation).
 */
export const SPREADSHEETS_ALL = 'https://www.googleapis.com/auth/spreadsheets';

export interface ManifestOptions {
  /** The CRM base URL of this build (crm.config.json or CRM_BASE_URL). */
  baseUrl: string;
  /** A published editor add-on (CRM_DEPLOYMENT=addon) rather than a bound script. */
  publishedAddon: boolean;
}

type Manifest = Record<string, unknown> & { oauthScopes?: string[] };

export function buildManifest(source: Manifest, options: ManifestOptions): Manifest {
  const { addOns: _workspaceAddOnSection, ...manifest } = source;
  const scopes = manifest.oauthScopes ?? [];
  return {
    ...manifest,
    oauthScopes: options.publishedAddon
      ? scopes.map((scope) => (scope === SPREADSHEETS_CURRENT_ONLY ? SPREADSHEETS_ALL : scope))
      : scopes,
    urlFetchWhitelist: [whitelistEntry(options.baseUrl)],
  };
}

/**
 * The base URL itself, with a trailing slash, as the only prefix UrlFetchApp may reach: the key
 * then can only ever be sent under this CRM's /api/v1/. Entries must be https:// URLs with a path
 * (https://developers.google.com/apps-script/manifest#Manifest.FIELDS.urlFetchWhitelist).
 */
export function whitelistEntry(baseUrl: string): string {
  const url = normalizeBaseUrl(baseUrl);
  if (!url.startsWith('https://')) {
    throw new Error(
      `The CRM base URL of a build must start with https:// (got "${url}"): Apps Script fetches only https URLs on a urlFetchWhitelist. Set CRM_BASE_URL or crm.config.json.`,
    );
  }
  return `${url}/`;
}
