import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessageKey, messagesWithPrefix, translator } from '../../../src/core/i18n';
import {
  formatLocaleOf,
  localizeSidebarHtml,
  PLACEHOLDER,
  type SidebarBoot,
} from '../../../src/core/i18n/sidebar-page';

const UI = join(process.cwd(), 'src/ui');
const surfaces = readdirSync(UI, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

const boot = (lang: 'en' | 'pt'): SidebarBoot => ({
  lang,
  formatLocale: lang === 'pt' ? 'pt-BR' : 'en-US',
  timeZone: 'America/Sao_Paulo',
  strings: messagesWithPrefix(lang, 'ui.'),
});

describe('sidebar pages', () => {
  it.each(surfaces)('%s: every [[key]] of its markup is a catalogue message', (surface) => {
    const html = readFileSync(join(UI, surface, 'body.html'), 'utf8');
    const keys = [...html.matchAll(PLACEHOLDER)].map((m) => m[2] ?? '');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !isMessageKey(key))).toEqual([]);
  });

  it.each(surfaces)(
    '%s: nothing meant for a person is left untranslated in its markup',
    (surface) => {
      const html = readFileSync(join(UI, surface, 'body.html'), 'utf8');
      // Text between tags that is not a placeholder, a code sample or the product's name.
      const text = html
        .replace(/<code>[\s\S]*?<\/code>/g, '')
        .replace(/<[^>]+>/g, '\n')
        .split('\n')
        .map((line) => line.replace(PLACEHOLDER, '').replace(/[\s,.·]+/g, ''))
        .filter((line) => line !== '' && line !== 'CRMSheets');
      expect(text).toEqual([]);
    },
  );

  it('fills placeholders in the language, escapes text, keeps Help’s markup, and hands the script its words', () => {
    const page =
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n</head>\n<body><h1>[[ui.settings.title]]</h1><p>[[!help.start.text]]</p></body></html>';
    const pt = localizeSidebarHtml(page, translator('pt'), boot('pt'));
    expect(pt).toContain('<html lang="pt-BR">');
    expect(pt).toContain('<h1>Configurações do CRM</h1>');
    expect(pt).toContain('Abra <b>CRM → Configurações</b>');
    const script = /<script>var CRM_BOOT = (.*);<\/script>/.exec(pt)?.[1] ?? '';
    const sent = JSON.parse(script) as SidebarBoot;
    expect(sent.lang).toBe('pt');
    expect(sent.strings['ui.progress.state.done']).toBe('Concluído');
    expect(Object.keys(sent.strings).every((key) => key.startsWith('ui.'))).toBe(true);
  });

  it('a message can never close the boot script early', () => {
    const page = '<html lang="en"><head></head><body></body></html>';
    const html = localizeSidebarHtml(page, translator('en'), {
      ...boot('en'),
      strings: { 'ui.x': '</script><script>alert(1)</script>' },
    });
    expect(html.match(/<\/script>/g)?.length).toBe(1);
  });

  it.each([
    ['pt_BR', 'pt', 'pt-BR'],
    ['en_US', 'en', 'en-US'],
    ['', 'pt', 'pt-BR'],
    ['', 'en', 'en-US'],
  ] as const)('spreadsheet locale %j (%s) → %s', (tag, lang, expected) => {
    expect(formatLocaleOf(tag, lang)).toBe(expected);
  });
});
