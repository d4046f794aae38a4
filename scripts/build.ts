import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { type ExportedFunction, findExportedFunctions, renderStub } from './build/stubs';
import { buildSidebars } from './build/ui';

const NAMESPACE = 'CrmSheets';
const ROOT = process.cwd();
const DIST = join(ROOT, 'dist');

/** The CRM base URL decides the add-on's urlFetchWhitelist (required for published add-ons). */
function configuredBaseUrl(): string {
  const fromEnv = process.env.CRM_BASE_URL;
  if (fromEnv) return fromEnv;
  const config = JSON.parse(readFileSync(join(ROOT, 'crm.config.json'), 'utf8')) as {
    baseUrl?: string;
  };
  if (!config.baseUrl)
    throw new Error('crm.config.json needs a "baseUrl" such as "https://crm.example.com/api/v1".');
  return config.baseUrl;
}

function whitelistEntry(baseUrl: string): string {
  const match = /^(https:\/\/[^/?#]+)/i.exec(baseUrl);
  if (!match)
    throw new Error(
      `The CRM base URL must start with https:// (got "${baseUrl}"). Set CRM_BASE_URL or crm.config.json.`,
    );
  return `${match[1]}/`;
}

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

export async function buildAddon(): Promise<{ codeBytes: number; globals: string[] }> {
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  const baseUrl = configuredBaseUrl();

  const result = await build({
    entryPoints: [join(ROOT, 'src/addon/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: NAMESPACE,
    target: 'es2020',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    minify: true,
    keepNames: false,
    charset: 'utf8',
    legalComments: 'none',
    define: {
      CRM_DEFAULT_BASE_URL: JSON.stringify(baseUrl),
      CRM_PUBLISHED_ADDON: String(process.env.CRM_DEPLOYMENT === 'addon'),
    },
    write: false,
    logLevel: 'warning',
  });
  const bundle = result.outputFiles[0]?.text ?? '';

  // The export list of src/addon/index.ts is the public surface; its names come from the
  // bundle itself so a stub can never point at something that is not exported.
  const sandbox: Record<string, unknown> = {};
  runInNewContext(`${bundle}\nthis.__names = Object.keys(${NAMESPACE});`, sandbox);
  const names = (sandbox.__names as string[]).slice().sort();

  const documented = new Map<string, ExportedFunction>();
  for (const file of listSourceFiles(join(ROOT, 'src/addon'))) {
    for (const fn of findExportedFunctions(readFileSync(file, 'utf8'))) documented.set(fn.name, fn);
  }
  const stubs = names.map((name) =>
    renderStub(documented.get(name) ?? { name, params: [], jsdoc: undefined }, NAMESPACE),
  );

  const code = `${bundle}\n${stubs.join('\n')}`;
  writeFileSync(join(DIST, 'Code.js'), code);

  const manifest = JSON.parse(readFileSync(join(ROOT, 'appsscript.json'), 'utf8'));
  manifest.urlFetchWhitelist = [whitelistEntry(baseUrl)];
  writeFileSync(join(DIST, 'appsscript.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  await buildSidebars(DIST);
  if (existsSync(join(ROOT, '.clasp.json')))
    cpSync(join(ROOT, '.clasp.json'), join(DIST, '.clasp.json'));
  return { codeBytes: Buffer.byteLength(code), globals: names };
}

const { codeBytes, globals } = await buildAddon();
console.log(`dist/Code.js ${(codeBytes / 1024).toFixed(1)} KB, ${globals.length} globals`);
