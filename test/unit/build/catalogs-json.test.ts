import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { catalogsAsJson } from '../../../scripts/build/bundle';
import { EN } from '../../../src/core/i18n/catalog/en';
import { PT } from '../../../src/core/i18n/catalog/pt';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The catalogues the way dist/Code.js carries them: one JSON string each. */
async function bundledCatalogs(): Promise<{ source: string; en: unknown; pt: unknown }> {
  const result = await build({
    stdin: {
      contents: `import { englishCatalog } from './src/core/i18n/catalog/en';
        import { portugueseCatalog } from './src/core/i18n/catalog/pt';
        globalThis.en = englishCatalog(); globalThis.pt = portugueseCatalog();`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    plugins: [catalogsAsJson],
    write: false,
    logLevel: 'error',
  });
  const source = result.outputFiles[0]?.text ?? '';
  const box: Record<string, unknown> = {};
  runInNewContext(source, box);
  return { source, en: box.en, pt: box.pt };
}

describe('catalogues bundled as JSON', () => {
  it('hold every message of both languages, as the sources build them', async () => {
    const { source, en, pt } = await bundledCatalogs();
    expect(en).toEqual(EN);
    expect(pt).toEqual(PT);
    // The areas' object literals are gone: only the two JSON strings remain.
    expect(source).not.toContain('COMMON_EN');
    expect(source.match(/JSON\.parse\(/g)).toHaveLength(2);
  });
});
