import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * The sidebars: one folder per surface under src/ui, each turned into one self-contained
 * HTML file (Apps Script's HtmlService serves single files; no external fetches).
 * The file names are the ones src/addon/sidebars.ts opens.
 */
export const SIDEBARS = {
  settings: 'Settings',
  import: 'Import',
  export: 'Export',
  send: 'Send',
  actions: 'Actions',
  push: 'Push',
  jobs: 'Jobs',
  help: 'Help',
} as const;

export type SidebarFolder = keyof typeof SIDEBARS;

export interface BuiltSidebar {
  name: string;
  file: string;
  bytes: number;
}

const UI_ROOT = join(process.cwd(), 'src/ui');

function readRequired(path: string, what: string): string {
  if (!existsSync(path)) throw new Error(`${what} is missing: create ${path}.`);
  return readFileSync(path, 'utf8');
}

/** Text that closes the element it is inlined in would end the script or style early. */
function inlineSafe(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

export function renderSidebarHtml(parts: {
  title: string;
  css: string;
  body: string;
  script: string;
}): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<base target="_top">',
    `<title>${parts.title}</title>`,
    `<style>${inlineSafe(parts.css, 'style')}</style>`,
    '</head>',
    '<body>',
    parts.body.trim(),
    `<script>${inlineSafe(parts.script, 'script')}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

async function bundleSidebar(folder: SidebarFolder, root: string): Promise<string> {
  const entry = join(root, folder, 'main.ts');
  readRequired(entry, `The ${SIDEBARS[folder]} sidebar's script`);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Bundles each src/ui/<folder>/main.ts and writes dist/<Name>.html with its CSS inlined. */
export async function buildSidebars(distDir: string, root = UI_ROOT): Promise<BuiltSidebar[]> {
  mkdirSync(distDir, { recursive: true });
  const sharedCss = readRequired(join(root, 'shared/style.css'), 'The shared sidebar stylesheet');
  const folders = Object.keys(SIDEBARS) as SidebarFolder[];
  return Promise.all(
    folders.map(async (folder) => {
      const name = SIDEBARS[folder];
      const ownCss = join(root, folder, 'style.css');
      const html = renderSidebarHtml({
        title: `CRM · ${name}`,
        css: existsSync(ownCss) ? `${sharedCss}\n${readFileSync(ownCss, 'utf8')}` : sharedCss,
        body: readRequired(join(root, folder, 'body.html'), `The ${name} sidebar's markup`),
        script: await bundleSidebar(folder, root),
      });
      const file = join(distDir, `${name}.html`);
      writeFileSync(file, html);
      return { name, file, bytes: Buffer.byteLength(html) };
    }),
  );
}
