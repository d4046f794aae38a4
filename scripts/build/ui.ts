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

/**
 * A part two sidebars share, written once under src/ui/shared and named where it goes:
 * `<!-- #include preview-run.html ns=ui.push -->` in a body.html, `/* #include preview-run.css *\/`
 * in a style.css. `{{ns}}` in the part becomes the sidebar's message prefix, so its `[[keys]]`
 * stay the sidebar's own. A line `{{slot:name}}` in the part takes the sidebar's own lines,
 * given right after the include as `<!-- #slot name -->` … `<!-- #end -->`; none, no line.
 */
const DIRECTIVE =
  /^[ \t]*(?:<!--|\/\*)[ \t]*#(include|slot|end)\b[ \t]*(.*?)[ \t]*(?:-->|\*\/)[ \t]*$/;
const SLOT = /^[ \t]*\{\{slot:([\w-]+)\}\}[ \t]*$/;

function directive(line: string | undefined): { kind: string; rest: string } | undefined {
  const match = DIRECTIVE.exec(line ?? '');
  return match ? { kind: match[1] ?? '', rest: match[2] ?? '' } : undefined;
}

export function expandIncludes(text: string, root = UI_ROOT): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const found = directive(line);
    if (!found) {
      out.push(line);
      continue;
    }
    if (found.kind !== 'include')
      throw new Error(`#${found.kind} with no #include before it: ${line}`);
    const [file = '', ...args] = found.rest.split(/\s+/);
    const ns = args.find((arg) => arg.startsWith('ns='))?.slice(3);
    // The sidebar's own lines for the part's slots, right after the include.
    const slots = new Map<string, string[]>();
    while (directive(lines[i + 1])?.kind === 'slot') {
      const name = directive(lines[i + 1])?.rest ?? '';
      const own: string[] = [];
      i += 2;
      while (i < lines.length && directive(lines[i])?.kind !== 'end') own.push(lines[i++] ?? '');
      if (i >= lines.length) throw new Error(`#slot ${name} of ${file} has no #end.`);
      slots.set(name, own);
    }
    const part = readRequired(join(root, 'shared', file), `The shared part ${file}`);
    if (part.includes('{{ns}}') && ns === undefined) {
      throw new Error(`The shared part ${file} needs ns=…: name the sidebar's message prefix.`);
    }
    const used = new Set<string>();
    for (const partLine of part.replace(/\n$/, '').split('\n')) {
      const slot = SLOT.exec(partLine)?.[1];
      if (slot === undefined) out.push(partLine.replace(/\{\{ns\}\}/g, ns ?? ''));
      else {
        used.add(slot);
        out.push(...(slots.get(slot) ?? []));
      }
    }
    const unknown = [...slots.keys()].filter((name) => !used.has(name));
    if (unknown.length > 0) throw new Error(`${file} has no slot ${unknown.join(', ')}.`);
  }
  return out.join('\n');
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
        css: existsSync(ownCss)
          ? `${sharedCss}\n${expandIncludes(readFileSync(ownCss, 'utf8'), root)}`
          : sharedCss,
        body: expandIncludes(
          readRequired(join(root, folder, 'body.html'), `The ${name} sidebar's markup`),
          root,
        ),
        script: await bundleSidebar(folder, root),
      });
      const file = join(distDir, `${name}.html`);
      writeFileSync(file, html);
      return { name, file, bytes: Buffer.byteLength(html) };
    }),
  );
}
