import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleAddon } from './build/bundle';
import { buildManifest } from './build/manifest';
import { buildSidebars } from './build/ui';

const ROOT = process.cwd();
const DIST = join(ROOT, 'dist');

/** The CRM base URL decides the add-on's urlFetchWhitelist (required for published add-ons). */
function configuredBaseUrl(): string {
  const fromEnv = process.env.CRM_BASE_URL;
  if (fromEnv) return fromEnv;
  const config = JSON.parse(readFileSync(join(ROOT, 'crm.config.json'), 'utf8')) as {
    baseUrl?: string;
  };
  if (!config.baseUrl) {
    throw new Error('crm.config.json needs a "baseUrl" such as "https://crm.example.com/api/v1".');
  }
  return config.baseUrl;
}

export async function buildAddon(): Promise<{ codeBytes: number; globals: string[] }> {
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  const baseUrl = configuredBaseUrl();
  const publishedAddon = process.env.CRM_DEPLOYMENT === 'addon';
  const { code, globals } = await bundleAddon({ baseUrl, publishedAddon });
  writeFileSync(join(DIST, 'Code.js'), code);

  const source = JSON.parse(readFileSync(join(ROOT, 'appsscript.json'), 'utf8'));
  const manifest = buildManifest(source, { baseUrl, publishedAddon });
  writeFileSync(join(DIST, 'appsscript.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  await buildSidebars(DIST);
  if (existsSync(join(ROOT, '.clasp.json'))) {
    cpSync(join(ROOT, '.clasp.json'), join(DIST, '.clasp.json'));
  }
  return { codeBytes: Buffer.byteLength(code), globals };
}

const { codeBytes, globals } = await buildAddon();
console.log(`dist/Code.js ${(codeBytes / 1024).toFixed(1)} KB, ${globals.length} globals`);
