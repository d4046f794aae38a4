/**
 * The Export sidebar in real Chromium (the playground's 300 px sidebar), in both languages:
 * the choice for rows whose lead is gone (`staleRows`, issue 18.9) applies to a sync only, and
 * a sync that marks them writes the `CRM Sync Status` column; exporting into a sheet a person
 * typed is refused in the person's words, naming the sheet (issue 16.9).
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../scripts/playground/server';
import { EXPORT_EN } from '../../src/core/i18n/catalog/en/export';
import { MENU_EN } from '../../src/core/i18n/catalog/en/menu';
import { EXPORT_PT } from '../../src/core/i18n/catalog/pt/export';
import { MENU_PT } from '../../src/core/i18n/catalog/pt/menu';
import {
  chromiumSuiteTitle,
  gridCellText,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';

const LANGUAGES = [
  { locale: 'en_US', menu: MENU_EN, words: EXPORT_EN },
  { locale: 'pt_BR', menu: MENU_PT, words: EXPORT_PT },
] as const;

describe.skipIf(!HAVE_CHROMIUM).each(LANGUAGES)(
  chromiumSuiteTitle('Export sidebar, $locale'),
  ({ locale, menu, words }) => {
    let playground: Playground;
    let page: Page;
    let close: (() => Promise<void>) | undefined;
    let sidebar: FrameLocator;

    beforeAll(async () => {
      ({ playground, page, close } = await openPlaygroundInChromium('crm-export-', { locale }));
    });

    afterAll(async () => {
      await close?.();
    });

    it('offers keep / mark / delete for gone leads, only for a sync, in the person’s words', async () => {
      sidebar = await openSidebar(page, menu['menu.export'], menu['menu.title.export']);
      const fieldset = sidebar.locator('#stale-rows');
      await expect
        .poll(() => fieldset.locator('legend').textContent(), PATIENCE)
        .toBe(words['ui.export.staleRows']);
      expect(await sidebar.locator('label[for="stale-mark"]').textContent()).toBe(
        words['ui.export.staleMark'],
      );
      expect(await sidebar.locator('#stale-mark').isDisabled()).toBe(true);
      await sidebar.locator('#mode-sync').check();
      expect(await sidebar.locator('#stale-mark').isDisabled()).toBe(false);
      await sidebar.locator('#stale-mark').check();
      expect(await sidebar.locator('#f-updated-since').isDisabled()).toBe(true);
      // Every choice fits the 300 px sidebar on one line.
      for (const id of ['stale-keep', 'stale-mark', 'stale-delete']) {
        const box = await sidebar.locator(`label[for="${id}"]`).boundingBox();
        expect(box?.height ?? 99).toBeLessThan(30);
      }
    });

    it('a sync that marks gone leads writes the CRM Sync Status column', async () => {
      await sidebar.locator('#sheet').fill('Export');
      await expect
        .poll(() => sidebar.locator('#f-pipeline option[value="Vendas"]').count(), PATIENCE)
        .toBe(1);
      await sidebar.locator('#f-pipeline').selectOption('Vendas');
      await sidebar.locator('#columns').fill('id, name');
      await sidebar.locator('#start').click();
      const progress = sidebar.locator('.progress');
      await expect
        .poll(() => progress.getAttribute('data-state'), { timeout: 30_000 })
        .toBe('done');
      await page.locator('#tabs .tab[data-sheet="Export"]').click();
      await expect.poll(() => gridCellText(page, 'Export', 'C1'), PATIENCE).toBe('CRM Sync Status');
      // Headers in the spreadsheet's language (issue 29.2).
      expect(playground.runtime.sheet('Export').getValues()[0]).toEqual(
        locale === 'pt_BR' ? ['ID', 'Nome', 'CRM Sync Status'] : ['id', 'name', 'CRM Sync Status'],
      );
    });

    it('refuses the typed Leads sheet, naming it, and leaves it as it was', async () => {
      const before = playground.runtime.sheet('Leads').getValues();
      await sidebar.locator('#mode-replace').check();
      await sidebar.locator('#sheet').fill('Leads');
      await sidebar.locator('#start').click();
      const status = sidebar.locator('#status');
      await expect
        .poll(() => status.textContent(), PATIENCE)
        .toBe(words['ui.error.exportSheetTyped'].replaceAll('{sheet}', 'Leads'));
      expect(playground.runtime.sheet('Leads').getValues()).toEqual(before);
    });
  },
);
