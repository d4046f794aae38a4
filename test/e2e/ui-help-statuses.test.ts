import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';

/**
 * Issue 18.2 and 18.6 in Help: every status explained in the person's language with its colour
 * (NOT_FOUND, EXISTS and CONFLICT included), formulas written with the spreadsheet's separator,
 * and nightly runs found in the sidebars, not in Apps Script. Real Chromium, 300 px.
 */
/** The page's window, typed here: the Node tests are compiled without the DOM library. */
type StyleWindow = { getComputedStyle(element: unknown): { backgroundColor: string } };

const LANGUAGES = [
  {
    name: 'pt-BR',
    locale: undefined,
    menu: 'Ajuda',
    title: 'CRM · Ajuda',
    legend: 'O que os status querem dizer',
    notFound: 'NOT_FOUND nenhum lead do CRM tem este e-mail ou telefone',
    exists: 'EXISTS um lead já tem este e-mail ou telefone',
    conflict: 'CONFLICT bate com o lead de outra pessoa: não enviada',
    pushGroup: 'Enviar alterações (CRM Push Status)',
    pushConflict:
      'CONFLICT um campo que você mudou também mudou no CRM: não é enviado, a menos que você mantenha o valor da planilha',
    formula: '=CRM_LEADS("pipeline=Vendas&tags=vip"; "id,name,stage"; 100)',
    boolean: '=CRM_CUSTOM_FIELDS(VERDADEIRO)',
    schedules: /^Execuções noturnas não precisam de código: em Importar leads/,
  },
  {
    name: 'en',
    locale: 'en_US',
    menu: 'Help',
    title: 'CRM · Help',
    legend: 'What the statuses mean',
    notFound: 'NOT_FOUND no lead in the CRM has this e-mail or phone',
    exists: 'EXISTS a lead already has this e-mail or phone',
    conflict: "CONFLICT matches another person's lead: not sent",
    pushGroup: 'Push changes (CRM Push Status)',
    pushConflict:
      'CONFLICT a field you changed was also changed in the CRM: not sent unless you keep the sheet’s value',
    formula: '=CRM_LEADS("pipeline=Vendas&tags=vip", "id,name,stage", 100)',
    boolean: '=CRM_CUSTOM_FIELDS(TRUE)',
    schedules: /^Nightly runs need no code: in Import leads/,
  },
] as const;

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('Help: statuses and formulas'), () => {
  describe.each(LANGUAGES)('in $name', (lang) => {
    let page: Page;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ page, close } = await openPlaygroundInChromium('crm-chromium-help-', {
        ...(lang.locale ? { locale: lang.locale } : {}),
      }));
    });

    afterAll(async () => {
      await close?.();
    });

    it('explains every status with its colour, NOT_FOUND, EXISTS and CONFLICT included', async () => {
      const sidebar = await openSidebar(page, lang.menu, lang.title);
      await expect
        .poll(() => sidebar.locator('.status-legend h2').textContent(), PATIENCE)
        .toBe(lang.legend);
      const item = (status: string) =>
        sidebar.locator(`.status-legend [data-group="import"] li[data-status="${status}"]`);
      expect(await item('NOT_FOUND').textContent()).toBe(lang.notFound);
      expect(await item('EXISTS').textContent()).toBe(lang.exists);
      expect(await item('CONFLICT').textContent()).toBe(lang.conflict);
      // Every status has a colour of its own tone, as the sheet's status cells do.
      const colours = await sidebar
        .locator('.status-legend .status-chip')
        .evaluateAll((chips) =>
          chips.map(
            (chip) => (globalThis as unknown as StyleWindow).getComputedStyle(chip).backgroundColor,
          ),
        );
      expect(colours.length).toBeGreaterThanOrEqual(17);
      expect(colours.every((c) => c !== 'rgba(0, 0, 0, 0)')).toBe(true);
      const notFound = await item('NOT_FOUND')
        .locator('.status-chip')
        .evaluate(
          (chip) => (globalThis as unknown as StyleWindow).getComputedStyle(chip).backgroundColor,
        );
      expect(notFound).toBe('rgb(254, 247, 224)');
      const width = await sidebar
        .locator('html')
        .evaluate((html) => Math.max(html.scrollWidth, html.ownerDocument.body.scrollWidth));
      expect(width).toBeLessThanOrEqual(300);
    });

    it('explains the 13 push statuses with the push’s own words', async () => {
      const sidebar = page.frameLocator('#sidebar-frame');
      const push = sidebar.locator('.status-group[data-group="push"]');
      expect(await push.locator('h3').textContent()).toBe(lang.pushGroup);
      expect(await push.locator('li').count()).toBe(13);
      expect(await push.locator('li[data-status="CONFLICT"]').textContent()).toBe(
        lang.pushConflict,
      );
      // Every push status says something of its own beside its chip.
      const texts = await push.locator('li').allTextContents();
      expect(texts.every((text) => /^[A-Z_]+ \S/.test(text))).toBe(true);
    });

    it("writes formulas with the spreadsheet's separators", async () => {
      const sidebar = page.frameLocator('#sidebar-frame');
      const examples = await sidebar.locator('.examples code').allTextContents();
      expect(examples[0]).toBe(lang.formula);
      expect(examples).toContain(lang.boolean);
    });

    it('sends a person to the sidebars for nightly runs, not to Apps Script', async () => {
      const sidebar = page.frameLocator('#sidebar-frame');
      const paragraphs = await sidebar.locator('p').allTextContents();
      expect(paragraphs.some((p) => lang.schedules.test(p))).toBe(true);
    });
  });
});
