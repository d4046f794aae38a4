import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { ACTIONS_SHEET, SEND_SHEET } from '../../scripts/playground/demo-workbook';
import { PUSH_SHEET } from '../../scripts/playground/push-sheet';
import type { Playground } from '../../scripts/playground/server';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';
import { sandboxApi } from './export-harness';

/**
 * Issue 29.6: in the 300 px sidebar (284 px beside its scrollbar) nothing scrolls sideways and no
 * drop-down shows a cut option: with the demo workbook's data, in both languages, each select's
 * every option fits its closed box (the text a person reads once it is chosen), and no label,
 * legend or heading is cut. Real Chromium, the real bundle.
 */

/** A preview job reads every row of the sheet and its lead. */
const SLOW = { timeout: 60_000 };

/** What a closed select keeps for its arrow, beside its padding (Chromium draws ~20 px). */
const ARROW = 20;

/**
 * Runs in the sidebar's page (as JavaScript: these Node tests are compiled without the DOM's
 * types): every way its content is too wide, as readable lines; [] when it fits.
 */
const MEASURE_BODY = `
  const doc = html.ownerDocument;
  const win = doc.defaultView;
  const problems = [];
  const name = (e) =>
    e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (e.getAttribute('for') ? '[for=' + e.getAttribute('for') + ']' : '');
  // A sidebar taller than its frame has a scrollbar: 284 px of its 300 are left.
  if (html.scrollHeight > html.clientHeight && html.clientWidth > 290)
    problems.push('no room for the scrollbar: clientWidth ' + html.clientWidth);
  if (html.scrollWidth > html.clientWidth)
    problems.push('page scrollWidth ' + html.scrollWidth + ' > clientWidth ' + html.clientWidth);
  const shown = (e) => e.offsetParent !== null;
  for (const e of doc.body.querySelectorAll('*')) {
    const box = e.getBoundingClientRect();
    if (shown(e) && box.width > 0 && box.right > html.clientWidth + 0.5)
      problems.push(name(e) + ' ends at ' + Math.round(box.right) + ' > ' + html.clientWidth);
  }
  // A closed select shows its chosen option in its box: every option must fit there.
  const ctx = doc.createElement('canvas').getContext('2d');
  for (const select of doc.querySelectorAll('select')) {
    if (!shown(select)) continue;
    const css = win.getComputedStyle(select);
    ctx.font = css.fontWeight + ' ' + css.fontSize + ' ' + css.fontFamily;
    const room =
      select.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - arrow;
    for (const option of select.options) {
      const width = ctx.measureText(option.text).width;
      if (width > room)
        problems.push(name(select) + ' cuts "' + option.text + '" (' + Math.round(width) + ' > ' + room + ')');
    }
  }
  for (const e of doc.querySelectorAll('label, legend, h1, h2, h3, button')) {
    if (shown(e) && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
      problems.push(name(e) + ' cuts "' + e.textContent + '"');
  }
  return problems;
`;
// A function made from text: Playwright sends its source to the page.
const measure = new Function('html', 'arrow', MEASURE_BODY) as (
  html: unknown,
  arrow: number,
) => string[];

function overflows(sidebar: FrameLocator): Promise<string[]> {
  return sidebar.locator('html').evaluate(measure, ARROW);
}

const LANGUAGES = [
  {
    name: 'pt-BR',
    locale: undefined,
    menu: {
      settings: 'Configurações',
      import: 'Importar leads',
      export: 'Exportar leads',
      send: 'Enviar template',
      actions: 'Ações em leads',
      push: 'Enviar alterações',
      jobs: 'Processos',
      help: 'Ajuda',
    },
  },
  {
    name: 'en',
    locale: 'en_US',
    menu: {
      settings: 'Settings',
      import: 'Import leads',
      export: 'Export leads',
      send: 'Send template',
      actions: 'Lead actions',
      push: 'Push changes',
      jobs: 'Jobs',
      help: 'Help',
    },
  },
] as const;

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('every sidebar fits 300 px'), () => {
  describe.each(LANGUAGES)('in $name', (lang) => {
    let page: Page;
    let playground: Playground;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ page, playground, close } = await openPlaygroundInChromium('crm-chromium-widths-', {
        ...(lang.locale ? { locale: lang.locale } : {}),
        scrollbars: true,
      }));
    });

    afterAll(async () => {
      await close?.();
    });

    const open = (caption: string) => openSidebar(page, caption, `CRM · ${caption}`);

    it('Settings', async () => {
      const sidebar = await open(lang.menu.settings);
      await expect
        .poll(() => sidebar.locator('#masked-key').textContent(), PATIENCE)
        .toBe('crm_…dmin');
      expect(await overflows(sidebar)).toEqual([]);
    });

    it('Import, with its pipelines and the column mapping', async () => {
      const sidebar = await open(lang.menu.import);
      await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe('Leads');
      await expect
        .poll(() => sidebar.locator('#pipeline option').count(), PATIENCE)
        .toBeGreaterThan(1);
      await expect
        .poll(() => sidebar.locator('#stage option').count(), PATIENCE)
        .toBeGreaterThan(1);
      await sidebar.locator('#preview').click();
      await expect
        .poll(() => sidebar.locator('#mapping .map-row').count(), PATIENCE)
        .toBeGreaterThan(5);
      expect(await overflows(sidebar)).toEqual([]);
    });

    it('Export', async () => {
      const sidebar = await open(lang.menu.export);
      await expect.poll(() => sidebar.locator('legend').count(), PATIENCE).toBeGreaterThan(0);
      expect(await overflows(sidebar)).toEqual([]);
    });

    it('Send, with a template, its numbers and its variables', async () => {
      const sidebar = await open(lang.menu.send);
      await expect
        .poll(() => sidebar.locator(`#sheet option[value="${SEND_SHEET}"]`).count(), PATIENCE)
        .toBe(1);
      await sidebar.locator('#sheet').selectOption(SEND_SHEET);
      await expect
        .poll(
          () => sidebar.locator(`#template option[value="${DEMO.templates.textHeader}"]`).count(),
          PATIENCE,
        )
        .toBe(1);
      await sidebar.locator('#template').selectOption(String(DEMO.templates.textHeader));
      await expect
        .poll(() => sidebar.locator('#number option').count(), PATIENCE)
        .toBeGreaterThan(0);
      expect(await overflows(sidebar)).toEqual([]);
    });

    it('Lead actions, with every action’s pickers', async () => {
      const sidebar = await open(lang.menu.actions);
      await expect
        .poll(() => sidebar.locator(`#sheet option[value="${ACTIONS_SHEET}"]`).count(), PATIENCE)
        .toBe(1);
      await sidebar.locator('#sheet').selectOption(ACTIONS_SHEET);
      await expect.poll(() => sidebar.locator('#lead option').count(), PATIENCE).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const action of await sidebar
        .locator('#action option')
        .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value))) {
        await sidebar.locator('#action').selectOption(action);
        await page.waitForTimeout(300);
        problems.push(...(await overflows(sidebar)).map((p) => `${action}: ${p}`));
      }
      expect(problems).toEqual([]);
    });

    it('Push changes, its form, its revert and its preview', async () => {
      const sidebar = await open(lang.menu.push);
      // The playground's exported sheet is the one export here: the sidebar opens on it.
      await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe(PUSH_SHEET);
      await sidebar.locator('#revert summary').click();
      const problems = (await overflows(sidebar)).map((p) => `form: ${p}`);
      // A change and a conflict, so the preview shows each of its lists and the conflicts' button.
      const sheet = playground.runtime.workbook.sheet(PUSH_SHEET);
      const [header = [], first = [], second = []] = sheet.getValues();
      const at = (name: string) => header.indexOf(name) + 1;
      // The playground exported it in its own pt_BR, before the test picked a language.
      const company = at('Empresa');
      const email = at('E-mail');
      sheet.enter(2, company, 'Padaria Planilha Nome Comprido Ltda.');
      sheet.enter(3, company, 'Outra Empresa Com Um Nome Bem Comprido S.A.');
      sandboxApi(playground.sandbox, 'POST', '/leads/upsert', {
        match_by: 'email',
        email: String(first[email - 1] ?? '') || String(second[email - 1] ?? ''),
        company: 'Padaria do Colega Com Nome Comprido',
      });
      await sidebar.locator('#preview').click();
      await expect.poll(() => sidebar.locator('#preview-result').isVisible(), SLOW).toBe(true);
      expect(await sidebar.locator('#keep-sheet-preview').count()).toBe(1);
      await sidebar.locator('#run').click();
      await expect.poll(() => sidebar.locator('#confirm').isVisible(), PATIENCE).toBe(true);
      problems.push(...(await overflows(sidebar)).map((p) => `preview: ${p}`));
      expect(problems).toEqual([]);
    });

    it('Jobs and Help', async () => {
      const jobs = await open(lang.menu.jobs);
      await expect.poll(() => jobs.locator('h1').count(), PATIENCE).toBeGreaterThan(0);
      expect(await overflows(jobs)).toEqual([]);
      const help = await open(lang.menu.help);
      await expect.poll(() => help.locator('.status-legend').count(), PATIENCE).toBe(1);
      expect(await overflows(help)).toEqual([]);
    });
  });
});
