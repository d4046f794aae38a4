import { getCountries } from 'libphonenumber-js';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../scripts/playground/server';
import { EN } from '../../src/core/i18n/catalog/en';
import { PT } from '../../src/core/i18n/catalog/pt';
import { COUNTRY_CODES } from '../../src/ui/settings/countries';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';

/**
 * Issue 18.5: defaults that look set are set. Import shows where new leads really go (the
 * account's default pipeline and its first stage, chosen, not grey examples); Settings' default
 * country is a list of countries by name, Brazil first, never a free 2-letter box. Real
 * Chromium at 300 px, both languages.
 */
/**
 * A drop-down's closed box shows about 30 characters at 300 px in Sheets' sidebar font: the old
 * "Atualizar leads existentes e criar os novos" (43) showed as "… criar os no…".
 */
const DROPDOWN_CHARS = 30;
const DROPDOWN_KEYS = [
  'ui.import.modeUpsert',
  'ui.import.modeUpdate',
  'ui.import.modeCreate',
  'ui.import.matchEmailOrPhone',
  'ui.import.matchEmail',
  'ui.import.matchPhone',
  'ui.pipeline.accountDefault',
  'ui.pipeline.firstStage',
] as const;

describe('drop-down labels', () => {
  it.each([
    ['en', EN],
    ['pt', PT],
  ] as const)('fit a 300 px sidebar in %s', (_lang, catalog) => {
    const long = DROPDOWN_KEYS.filter((key) => catalog[key].length > DROPDOWN_CHARS);
    expect(long.map((key) => `${key}: ${catalog[key]}`)).toEqual([]);
  });
});

describe('the country list', () => {
  it('offers exactly the countries a phone can be read for', () => {
    expect([...COUNTRY_CODES].sort()).toEqual([...getCountries()].sort());
  });
});

const LANGUAGES = [
  {
    name: 'pt-BR',
    locale: undefined,
    settings: ['Configurações', 'CRM · Configurações'],
    importMenu: ['Importar leads', 'CRM · Importar leads'],
    brazil: 'Brasil (BR)',
    costaRica: 'Costa Rica (CR)',
    defaultPipeline: (name: string) => `${name} (padrão)`,
    firstStage: (name: string) => `${name} (1ª etapa)`,
  },
  {
    name: 'en',
    locale: 'en_US',
    settings: ['Settings', 'CRM · Settings'],
    importMenu: ['Import leads', 'CRM · Import leads'],
    brazil: 'Brazil (BR)',
    costaRica: 'Costa Rica (CR)',
    defaultPipeline: (name: string) => `${name} (default)`,
    firstStage: (name: string) => `${name} (first)`,
  },
] as const;

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('defaults shown as they are'), () => {
  describe.each(LANGUAGES)('in $name', (lang) => {
    let playground: Playground;
    let page: Page;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-defaults-', {
        ...(lang.locale ? { locale: lang.locale } : {}),
      }));
    });
    afterAll(async () => {
      await close?.();
    });

    async function expectFits(sidebar: FrameLocator, state: string): Promise<void> {
      const width = await sidebar
        .locator('html')
        .evaluate((html) => Math.max(html.scrollWidth, html.ownerDocument.body.scrollWidth));
      expect(width, `${state}: scrollWidth`).toBeLessThanOrEqual(300);
    }

    it('Settings: the default country is a list, Brazil first and chosen; nothing can be typed', async () => {
      const sidebar = await openSidebar(page, lang.settings[0], lang.settings[1]);
      const country = sidebar.locator('#default-country');
      await expect
        .poll(() => country.locator('option').count(), PATIENCE)
        .toBe(COUNTRY_CODES.length);
      expect(await country.evaluate((el) => el.tagName)).toBe('SELECT');
      expect(await country.locator('option').first().textContent()).toBe(lang.brazil);
      expect(await country.inputValue()).toBe('BR');
      expect(await country.locator('option[value="CR"]').textContent()).toBe(lang.costaRica);
      await expectFits(sidebar, 'Settings');
    });

    it('Import: the default pipeline and its first stage are chosen and named, not grey examples', async () => {
      const pipelines = playground.sandbox.state.pipelines.filter((p) => p.account_id === 1);
      const main = pipelines.find((p) => p.is_default);
      const stages = playground.sandbox.state.stages
        .filter((s) => s.pipeline_id === main?.id)
        .sort((a, b) => a.position - b.position);
      const sidebar = await openSidebar(page, lang.importMenu[0], lang.importMenu[1]);
      const pipeline = sidebar.locator('#pipeline');
      await expect
        .poll(() => pipeline.locator('option:checked').textContent(), PATIENCE)
        .toBe(lang.defaultPipeline(main?.name ?? ''));
      // Sent by name: what the picker shows is where new leads go.
      expect(await pipeline.inputValue()).toBe(main?.name);
      expect(await sidebar.locator('#stage').inputValue()).toBe(stages[0]?.name);
      expect(await sidebar.locator('#stage option:checked').textContent()).toBe(
        lang.firstStage(stages[0]?.name ?? ''),
      );
      expect(await sidebar.locator('#pipeline option').count()).toBe(pipelines.length);
      // Every choice of every drop-down shows whole at 300 px (the mode was cut: "Atualizar leads
      // existentes e criar os no…"): its text is narrower than the box less its arrow.
      for (const id of ['pipeline', 'stage', 'match-by', 'mode']) {
        const cut = await sidebar.locator('body').evaluate(`(() => {
          const select = document.getElementById(${JSON.stringify(id)});
          const context = document.createElement('canvas').getContext('2d');
          context.font = getComputedStyle(select).font;
          const room = select.clientWidth - 24;
          return Array.from(select.options).map((o) => o.text).filter((text) => context.measureText(text).width > room);
        })()`);
        expect(cut, id).toEqual([]);
      }
      await expectFits(sidebar, 'Import');
    });
  });
});
