import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { phoneMetadataWithoutFormats } from './build/bundle';

const entry = process.argv[2];
const r = await build({
  stdin: { contents: entry, resolveDir: 'src/addon', loader: 'ts' },
  bundle: true,
  format: 'iife',
  globalName: 'CrmSheets',
  target: 'es2020',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  minify: true,
  charset: 'utf8',
  legalComments: 'none',
  define: { CRM_DEFAULT_BASE_URL: '"x"', CRM_PUBLISHED_ADDON: 'false', CRM_OAUTH_SCOPES: '[]' },
  plugins: [phoneMetadataWithoutFormats],
  write: false,
});
writeFileSync('/tmp/cf.js', r.outputFiles[0].text);
