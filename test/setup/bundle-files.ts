/** Where test/setup/bundles.ts leaves the bundles it built for this run (see addon-harness). */
export const BUNDLE_DIR_ENV = 'CRM_SHEETS_TEST_BUNDLE_DIR';
/** The base URL the bundle is built with; every world saves its own base URL over it. */
export const BUNDLE_DEFAULT_BASE_URL = 'https://crm.example.com/api/v1';

export function bundleFileName(publishedAddon: boolean): string {
  return publishedAddon ? 'Code.addon.js' : 'Code.bound.js';
}
