import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { tokenizer } from 'acorn';
import { build, type Plugin } from 'esbuild';
import { buildManifest } from './manifest';
import { type ExportedFunction, findExportedFunctions, renderStub } from './stubs';

/** The IIFE's global: every stub forwards to `CrmSheets.<name>`. */
export const NAMESPACE = 'CrmSheets';
const ROOT = join(import.meta.dirname, '..', '..');

export interface BundleOptions {
  /** The CRM base URL the add-on starts with (crm.config.json or CRM_BASE_URL). */
  baseUrl: string;
  /** A published editor add-on (hourly triggers, add-on menu) rather than a bound script. */
  publishedAddon: boolean;
}

export interface Bundle {
  code: string;
  globals: string[];
}

/**
 * libphonenumber's metadata spends 50 of its 83 KB on national formatting patterns. The add-on
 * only parses numbers and writes E.164, which never reads them, so the bundle ships without.
 */
export const phoneMetadataWithoutFormats: Plugin = {
  name: 'phone-metadata-without-formats',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /libphonenumber-js[\\/]metadata\.min\.json\.js$/ }, () => {
      const metadata = JSON.parse(
        readFileSync(join(ROOT, 'node_modules/libphonenumber-js/metadata.min.json'), 'utf8'),
      ) as { countries: Record<string, unknown[]> };
      const FORMATS = 4;
      for (const country of Object.values(metadata.countries)) country[FORMATS] = [];
      return { contents: `export default ${JSON.stringify(metadata)}`, loader: 'js' };
    });
  },
};

/** The catalogue builders the add-on calls (src/core/i18n/catalogs.ts), by catalogue file. */
const CATALOG_BUILDERS: Record<string, string> = { en: 'englishCatalog', pt: 'portugueseCatalog' };

/**
 * Each language's catalogue ships as one JSON string, parsed on its first use. As object
 * literals, the ~200 KB of messages were parsed and compiled on every bundle load, which every
 * custom-function recalculation pays (issue 30); V8 scans a string literal far faster. The
 * messages are the ones src/core/i18n/catalog/{en,pt}.ts build, taken from the source here.
 */
export const catalogsAsJson: Plugin = {
  name: 'catalogs-as-json',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]i18n[\\/]catalog[\\/](en|pt)\.ts$/ }, async (args) => {
      const language = /(en|pt)\.ts$/.exec(args.path)?.[1] ?? '';
      const builder = CATALOG_BUILDERS[language] ?? '';
      const built = await build({
        entryPoints: [args.path],
        bundle: true,
        format: 'iife',
        globalName: 'catalog',
        platform: 'neutral',
        write: false,
        logLevel: 'warning',
      });
      const box: { catalog?: Record<string, () => Record<string, unknown>> } = {};
      runInNewContext(built.outputFiles[0]?.text ?? '', box);
      const messages = box.catalog?.[builder]?.();
      if (!messages || Object.values(messages).some((text) => typeof text !== 'string')) {
        throw new Error(`${args.path}: ${builder}() must return messages that are all text.`);
      }
      const json = JSON.stringify(JSON.stringify(messages));
      return { contents: `export const ${builder} = () => JSON.parse(${json});`, loader: 'js' };
    });
  },
};

/** Finds each export's JSDoc in src/addon so the stubs carry it (esbuild drops comments). */
function documentedFunctions(): Map<string, ExportedFunction> {
  const documented = new Map<string, ExportedFunction>();
  const dir = join(ROOT, 'src/addon');
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    for (const fn of findExportedFunctions(readFileSync(join(dir, file), 'utf8'))) {
      documented.set(fn.name, fn);
    }
  }
  return documented;
}

/**
 * V8 keeps a source holding only Latin-1 characters as one byte per character and scans it
 * markedly faster than a two-byte one; a single `…` anywhere made the whole bundle two-byte, and
 * every custom-function recalculation loads the whole file (issue 30). esbuild's
 * `charset: 'ascii'` escapes strings and templates but not regular expressions, nor the stubs'
 * JSDoc.
 */
const BEYOND_ASCII = /[\u0080-\uffff]/g;
const BEYOND_LATIN1 = /[\u0100-\uffff]/;
const unicodeEscape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The regular expressions' characters beyond ASCII as `\uXXXX`, which matches the same. */
function regexpsToAscii(code: string): string {
  if (!BEYOND_LATIN1.test(code)) return code;
  let out = '';
  let copied = 0;
  for (const token of tokenizer(code, { ecmaVersion: 2020 })) {
    if (token.type.label !== 'regexp') continue;
    const text = code.slice(token.start, token.end);
    // After a backslash the character is an identity escape: `\\u…` would mean something else.
    if (/\\[\u0080-\uffff]/.test(text)) continue;
    out += code.slice(copied, token.start) + text.replace(BEYOND_ASCII, unicodeEscape);
    copied = token.end;
  }
  return out + code.slice(copied);
}

/** Typographic characters of the JSDoc the stubs carry, in ASCII (Latin-1 ones stay). */
const JSDOC_ASCII: Record<string, string> = {
  '\u2026': '...',
  '\u2192': '->',
  '\u2190': '<-',
  '\u201c': '"',
  '\u201d': '"',
  '\u2018': "'",
  '\u2019': "'",
  '\u2013': '-',
  '\u2014': '-',
  '\u2713': 'v',
};

function jsdocToLatin1(jsdoc: string | undefined): string | undefined {
  return jsdoc?.replace(/[\u0100-\uffff]/g, (ch) => JSDOC_ASCII[ch] ?? ch);
}

/**
 * dist/Code.js: src/addon/index.ts as one ES2020 IIFE, then a top-level `function` for every
 * export (Apps Script only calls top-level functions and reads custom-function help there).
 */
export async function bundleAddon(options: BundleOptions): Promise<Bundle> {
  // The scopes the built manifest asks for: the add-on checks the person granted them all
  // (src/gas/consent.ts) before it starts work.
  const source = JSON.parse(readFileSync(join(ROOT, 'appsscript.json'), 'utf8'));
  const { oauthScopes = [] } = buildManifest(source, options);
  const result = await build({
    entryPoints: [join(ROOT, 'src/addon/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: NAMESPACE,
    target: 'es2020',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    minify: true,
    // ASCII keeps the file Latin-1 (see oneByteSource).
    charset: 'ascii',
    legalComments: 'none',
    define: {
      CRM_DEFAULT_BASE_URL: JSON.stringify(options.baseUrl),
      CRM_PUBLISHED_ADDON: String(options.publishedAddon),
      CRM_OAUTH_SCOPES: JSON.stringify(oauthScopes),
    },
    plugins: [phoneMetadataWithoutFormats, catalogsAsJson],
    write: false,
    logLevel: 'warning',
  });
  const iife = regexpsToAscii(result.outputFiles[0]?.text ?? '');

  // The names come from the bundle itself, so a stub never points at something not exported.
  const box: Record<string, unknown> = {};
  runInNewContext(`${iife}\nthis.names = Object.keys(${NAMESPACE});`, box);
  const globals = (box.names as string[]).slice().sort();
  const documented = documentedFunctions();
  const stubs = globals.map((name) => {
    const fn = documented.get(name) ?? { name, params: [], jsdoc: undefined };
    return renderStub({ ...fn, jsdoc: jsdocToLatin1(fn.jsdoc) }, NAMESPACE);
  });
  return { code: `${iife}\n${stubs.join('\n')}`, globals };
}
