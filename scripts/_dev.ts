import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { phoneMetadataWithoutFormats } from './build/bundle';

const r = await build({
  entryPoints: ['src/addon/index.ts'],
  bundle: true,
  format: 'iife',
  globalName: 'CrmSheets',
  target: 'es2020',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  minify: false,
  charset: 'utf8',
  legalComments: 'none',
  define: { CRM_DEFAULT_BASE_URL: '"x"', CRM_PUBLISHED_ADDON: 'false', CRM_OAUTH_SCOPES: '[]' },
  plugins: [phoneMetadataWithoutFormats],
  write: false,
});
writeFileSync('/tmp/dev.js', r.outputFiles[0].text);
