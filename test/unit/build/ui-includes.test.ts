import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandIncludes, SIDEBARS } from '../../../scripts/build/ui';
import { isMessageKey } from '../../../src/core/i18n';
import { PLACEHOLDER } from '../../../src/core/i18n/sidebar-page';

const UI = join(process.cwd(), 'src/ui');
const folders = Object.keys(SIDEBARS);

/** A sidebar's markup as the build writes it: its shared parts filled in. */
const builtBody = (folder: string) =>
  expandIncludes(readFileSync(join(UI, folder, 'body.html'), 'utf8'), UI);

describe('shared sidebar parts (#include)', () => {
  it.each(folders)('%s: with its shared parts, every [[key]] is a catalogue message', (folder) => {
    const html = builtBody(folder);
    const keys = [...html.matchAll(PLACEHOLDER)].map((m) => m[2] ?? '');
    expect(keys.filter((key) => !isMessageKey(key))).toEqual([]);
    expect(html).not.toMatch(/\{\{(ns|slot:)|#(include|slot|end)\b/);
  });

  it('Push changes and Lead actions carry, once each, the elements preview-run.ts works on', () => {
    const source = readFileSync(join(UI, 'shared/preview-run.ts'), 'utf8');
    const ids = [
      ...new Set([...source.matchAll(/byId(?:<\w+>)?\('([\w-]+)'\)/g)].map((m) => m[1])),
    ];
    expect(ids.length).toBeGreaterThan(8);
    for (const folder of ['push', 'actions']) {
      const html = builtBody(folder);
      for (const id of ids) expect(html.split(`id="${id}"`).length - 1, `${folder} #${id}`).toBe(1);
    }
  });

  it('fills the prefix and the slots, drops an empty slot, and refuses a slot the part lacks', () => {
    const root = mkdtempSync(join(tmpdir(), 'ui-includes-'));
    mkdirSync(join(root, 'shared'));
    writeFileSync(join(root, 'shared/part.html'), '<p>[[{{ns}}.a]]</p>\n{{slot:mine}}\n<i></i>\n');
    writeFileSync(join(root, 'shared/part.css'), '.x {\n  color: red;\n}\n');
    const own =
      '<b></b>\n<!-- #include part.html ns=ui.push -->\n<!-- #slot mine -->\n  <u></u>\n<!-- #end -->\n<s></s>';
    expect(expandIncludes(own, root)).toBe(
      '<b></b>\n<p>[[ui.push.a]]</p>\n  <u></u>\n<i></i>\n<s></s>',
    );
    expect(expandIncludes('<!-- #include part.html ns=ui.x -->', root)).toBe(
      '<p>[[ui.x.a]]</p>\n<i></i>',
    );
    expect(expandIncludes('/* #include part.css */\n.y {}', root)).toBe(
      '.x {\n  color: red;\n}\n.y {}',
    );
    expect(() => expandIncludes('<!-- #include part.html -->', root)).toThrow(/ns=/);
    expect(() =>
      expandIncludes('<!-- #include part.html ns=a -->\n<!-- #slot other -->\n<!-- #end -->', root),
    ).toThrow(/no slot other/);
    expect(() =>
      expandIncludes('<!-- #include part.html ns=a -->\n<!-- #slot mine -->', root),
    ).toThrow(/no #end/);
    expect(() => expandIncludes('<!-- #include missing.html -->', root)).toThrow(/missing/);
  });

  it('every shared part is used by a sidebar', () => {
    const parts = readdirSync(join(UI, 'shared')).filter(
      (f) => /\.(html|css)$/.test(f) && f !== 'style.css',
    );
    const own = folders.flatMap((folder) =>
      ['body.html', 'style.css'].map((file) => {
        try {
          return readFileSync(join(UI, folder, file), 'utf8');
        } catch {
          return '';
        }
      }),
    );
    for (const part of parts)
      expect(
        own.some((text) => text.includes(`#include ${part}`)),
        part,
      ).toBe(true);
  });
});
