import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleAddon } from '../../scripts/build/bundle';
import { BUNDLE_DEFAULT_BASE_URL, BUNDLE_DIR_ENV, bundleFileName } from './bundle-files';

/**
 * Vitest globalSetup: builds the add-on bundle once per run, for both deployment kinds, into a
 * temporary folder the test workers inherit through the environment. Without it every e2e file
 * started esbuild and bundled src/ again (~1 s each, about a hundred files). In watch mode each
 * re-run must see src/ as it is now, so the files bundle for themselves there, as before.
 */
export default async function setup(project: { config: { watch: boolean } }): Promise<() => void> {
  if (project.config.watch) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'crm-test-bundles-'));
  for (const publishedAddon of [false, true]) {
    const { code } = await bundleAddon({ baseUrl: BUNDLE_DEFAULT_BASE_URL, publishedAddon });
    writeFileSync(join(dir, bundleFileName(publishedAddon)), code);
  }
  process.env[BUNDLE_DIR_ENV] = dir;
  return () => {
    delete process.env[BUNDLE_DIR_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
