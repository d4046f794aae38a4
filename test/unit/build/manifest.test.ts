import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildManifest,
  SPREADSHEETS_ALL,
  SPREADSHEETS_CURRENT_ONLY,
  whitelistEntry,
} from '../../../scripts/build/manifest';

const SOURCE = JSON.parse(
  readFileSync(new URL('../../../appsscript.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const BASE_URL = 'https://crm.example.com/api/v1';

/**
 * The top-level fields an editor add-on's (or bound script's) manifest may carry
 * (https://developers.google.com/apps-script/manifest); `addOns` is a Google Workspace add-on's.
 */
const EDITOR_ADDON_FIELDS = [
  'timeZone',
  'runtimeVersion',
  'exceptionLogging',
  'oauthScopes',
  'urlFetchWhitelist',
  'dependencies',
];

describe.each([
  ['bound script', false],
  ['published editor add-on', true],
])('the %s manifest', (_kind, publishedAddon) => {
  const manifest = buildManifest(SOURCE, { baseUrl: BASE_URL, publishedAddon });

  it('has only editor add-on fields (no Workspace add-on section)', () => {
    expect(manifest).not.toHaveProperty('addOns');
    for (const field of Object.keys(manifest)) expect(EDITOR_ADDON_FIELDS).toContain(field);
  });

  it('lets UrlFetchApp reach only its base URL', () => {
    expect(manifest.urlFetchWhitelist).toEqual(['https://crm.example.com/api/v1/']);
  });

  it('asks for the spreadsheet scope its triggers need', () => {
    expect(manifest.oauthScopes).toContain(
      publishedAddon ? SPREADSHEETS_ALL : SPREADSHEETS_CURRENT_ONLY,
    );
    expect(manifest.oauthScopes).not.toContain(
      publishedAddon ? SPREADSHEETS_CURRENT_ONLY : SPREADSHEETS_ALL,
    );
    expect(manifest.oauthScopes).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/script.container.ui',
        'https://www.googleapis.com/auth/script.external_request',
        'https://www.googleapis.com/auth/script.scriptapp',
      ]),
    );
  });
});

describe('whitelistEntry', () => {
  it.each([
    ['https://CRM.example.com/api/v1/', 'https://crm.example.com/api/v1/'],
    ['https://crm.example.com:8443/crm/api/v1', 'https://crm.example.com:8443/crm/api/v1/'],
  ])('%s → %s', (baseUrl, entry) => {
    expect(whitelistEntry(baseUrl)).toBe(entry);
  });

  it.each(['http://localhost:8787/api/v1', 'https://crm.example.com/api'])(
    'refuses %s: Apps Script fetches https only, and only the API',
    (baseUrl) => {
      expect(() => whitelistEntry(baseUrl)).toThrow();
    },
  );
});
