import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../sandbox/index';
import { demoWorkbook } from '../../scripts/playground/demo-workbook';
import { PLAYGROUND_WORDS } from '../../scripts/playground/words';
import { localeOf, translator } from '../../src/core/i18n';
import {
  CHROMIUM,
  chromiumMissing,
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundProcessInChromium,
  PATIENCE,
} from './browser-harness';

/** The demo spreadsheet's language: the add-on's menu and its messages. */
const t = translator(localeOf(demoWorkbook().locale));

/**
 * Issue 29.9: what Sheets shows and the playground hid. `npm start` runs in its own process
 * (a prompt blocks its thread until the person answers), its page in Chromium.
 */
describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('playground dialogs, toasts, tabs'), () => {
  let page: Page;
  let url: string;
  let sandboxUrl: string;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ page, url, sandboxUrl, close } =
      await openPlaygroundProcessInChromium('crm-chromium-page-'));
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  const menu = (caption: string) => page.locator(`nav button[data-menu="${caption}"]`);
  const dialog = { isVisible: () => page.locator('#dialog').isVisible() };

  it('Pipeline report asks which pipeline in a dialog, and the answer makes that report (it never asked)', async () => {
    const listed = (await (
      await fetch(`${sandboxUrl}/pipelines`, { headers: { 'X-API-Key': DEMO_KEYS.admin } })
    ).json()) as { pipelines: Array<{ name: string }> };
    // Not the first pipeline, which an unanswered prompt gets by default: the answer decides.
    const wanted = listed.pipelines.at(-1)?.name ?? '';
    expect(listed.pipelines.length).toBeGreaterThan(1);
    const sheet = t('reports.sheetName', { pipeline: wanted });

    // Cancel: the call ends and writes nothing.
    await menu(t('reports.menu')).click();
    await expect.poll(() => dialog.isVisible(), PATIENCE).toBe(true);
    expect(await page.locator('#dialog-title').textContent()).toBe(t('reports.promptTitle'));
    expect(await page.locator('#dialog-prompt').textContent()).toContain(wanted);
    await page.locator('#dialog-buttons button[data-button="CANCEL"]').click();
    await expect.poll(() => page.locator('#running').textContent(), PATIENCE).toBe('');
    expect(await page.locator(`#tabs .tab[data-sheet="${sheet}"]`).count()).toBe(0);

    // OK with a pipeline typed in: its report, brought to the front, and a toast saying so.
    await menu(t('reports.menu')).click();
    await expect.poll(() => dialog.isVisible(), PATIENCE).toBe(true);
    await page.locator('#dialog-input').fill(wanted);
    await page.locator('#dialog-buttons button[data-button="OK"]').click();
    await expect.poll(() => dialog.isVisible(), PATIENCE).toBe(false);
    await expect.poll(() => page.locator('#tabs .tab.active').textContent(), PATIENCE).toBe(sheet);
    await expect
      .poll(() => page.locator('#toasts .toast').allTextContents(), PATIENCE)
      .toContainEqual(expect.stringContaining(t('reports.written', { pipeline: wanted, sheet })));
  });

  it('Refresh formulas shows its toast for a few seconds (it said nothing)', async () => {
    // The report above left CRM_COUNT formulas: the toast counts what it recalculates.
    const saying = t('formulas.refreshing', { count: 987 }).split('987')[0] ?? '';
    expect(saying).not.toBe('');
    const toast = page.locator('#toasts .toast', { hasText: saying });
    await menu(t('formulas.menuRefresh')).click();
    await expect.poll(() => toast.count(), PATIENCE).toBe(1);
    expect(await toast.isVisible()).toBe(true);
    // Apps Script's default toast lasts 5 seconds.
    await expect.poll(() => toast.count(), { timeout: 12_000 }).toBe(0);
  });

  it('with 16 tabs the bar scrolls and + stays visible and clickable beside the sidebar', async () => {
    const tabs = page.locator('#tabs .tab');
    for (let n = await tabs.count(); n < 16; n++) {
      const added = (await (
        await fetch(new URL('/sheets', url), { method: 'POST', body: '{}' })
      ).json()) as { ok: boolean };
      expect(added.ok).toBe(true);
    }
    await expect.poll(() => tabs.count(), PATIENCE).toBe(16);
    // One row of tabs: they scroll sideways instead of wrapping.
    const tops = await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    const plus = await page.locator('#add-sheet').boundingBox();
    const aside = await page.locator('aside').boundingBox();
    if (!plus || !aside) throw new Error('+ and the sidebar should be on the page');
    expect(plus.x + plus.width).toBeLessThanOrEqual(aside.x);
    expect(plus.y + plus.height).toBeLessThanOrEqual(900);
    // Nothing covers it: the point at its centre is the button itself.
    const onTop = await page.evaluate(
      ([x, y]) =>
        (
          globalThis as unknown as {
            document: { elementFromPoint(x: number, y: number): { id: string } | null };
          }
        ).document.elementFromPoint(x as number, y as number)?.id,
      [plus.x + plus.width / 2, plus.y + plus.height / 2],
    );
    expect(onTop).toBe('add-sheet');
    await page.locator('#add-sheet').click();
    await expect.poll(() => tabs.count(), PATIENCE).toBe(17);
    // The new sheet is the active tab, scrolled into sight inside the bar.
    const active = await page.locator('#tabs .tab.active').boundingBox();
    const bar = await page.locator('#tabs').boundingBox();
    if (!active || !bar) throw new Error('the active tab should be on the page');
    expect(active.x).toBeGreaterThanOrEqual(bar.x - 1);
    expect(active.x + active.width).toBeLessThanOrEqual(bar.x + bar.width + 1);
  });
});

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('playground words in a pt-BR browser'), () => {
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ page, close } = await openPlaygroundProcessInChromium('crm-chromium-pt-', {
      browserLocale: 'pt-BR',
    }));
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  it("speaks the browser's Portuguese, then the language the person switches to (it was English)", async () => {
    const pt = PLAYGROUND_WORDS.pt;
    const en = PLAYGROUND_WORDS.en;
    const clock = page.locator('#clock');
    await expect.poll(() => clock.textContent(), PATIENCE).toMatch(/^Hora simulada: /);
    expect(await page.locator('#run-triggers').textContent()).toBe(pt.fireNextTrigger);
    expect(await page.locator('[data-w="yourLanguage"]').textContent()).toBe(pt.yourLanguage);
    expect(await page.locator('[data-w="executions"]').textContent()).toBe(pt.executions);
    expect(await page.locator('#triggers').textContent()).toBe(pt.noTrigger);
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');

    await page.locator('#language').selectOption('en');
    await expect.poll(() => clock.textContent(), PATIENCE).toMatch(/^Simulated time: /);
    expect(await page.locator('#run-triggers').textContent()).toBe(en.fireNextTrigger);
    await expect.poll(() => page.locator('#triggers').textContent(), PATIENCE).toBe(en.noTrigger);
    // A reload keeps the person's choice over the browser's language.
    await page.reload();
    await expect.poll(() => clock.textContent(), PATIENCE).toMatch(/^Simulated time: /);
  });
});

describe('the browser tests without Chromium (issue 29.11)', () => {
  it('say exactly how to install it', () => {
    const message = chromiumMissing('/nonexistent/chromium');
    expect(message).toContain('/nonexistent/chromium does not exist');
    expect(message).toContain('sudo apt-get install -y chromium');
    expect(message).toContain('never a downloaded one');
    expect(chromiumMissing(CHROMIUM) === undefined).toBe(HAVE_CHROMIUM);
  });
});
