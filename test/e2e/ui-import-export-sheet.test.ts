import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../scripts/playground/server';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
} from './browser-harness';

/**
 * Importing a sheet an export wrote (issue 18 item 7), in the playground's pt_BR spreadsheet
 * at 300 px: clicking Import without a preview reads the columns first, says that owner_name
 * and owner_email both go to the owner, and offers "Ignorar" for one of them; one click and
 * the import runs. The CONFLICT override is a checkbox of the same sidebar.
 */
const SHEET = 'Exportado';
const HEADERS = ['id', 'name', 'email', 'owner_name', 'owner_email'];
const ROWS = [[901, 'Exporta Um', 'exporta.um@example.com', 'Ana Souza', 'ana@example.com']];

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('import of an exported sheet'), () => {
  let playground: Playground;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-exported-'));
    playground.runtime.workbook.addSheet(SHEET).setValues(1, 1, [HEADERS, ...ROWS]);
  });

  afterAll(async () => {
    await close?.();
  });

  it('offers to ignore one owner column, then imports', async () => {
    const sidebar = await openSidebar(page, 'Importar leads', 'CRM · Importar leads');
    await expect
      .poll(() => sidebar.locator(`#sheet option[value="${SHEET}"]`).count(), PATIENCE)
      .toBe(1);
    await sidebar.locator('#sheet').selectOption(SHEET);
    expect(await sidebar.locator('#on-conflict').isChecked()).toBe(false);
    await sidebar.locator('#pipeline').selectOption('Vendas');
    await sidebar.locator('#stage').selectOption('Novo');
    await sidebar.locator('#start').click();
    const fix = sidebar.locator('#mapping-fix button');
    await expect.poll(() => fix.count(), PATIENCE).toBe(1);
    expect(await fix.textContent()).toBe('Ignorar E · owner_email');
    expect(await sidebar.locator('#mapping-problem').textContent()).toContain('owner_name');
    const width = await sidebar
      .locator('html')
      .evaluate((html) => Math.max(html.scrollWidth, html.ownerDocument.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(300);
    await fix.click();
    await expect.poll(() => fix.count(), PATIENCE).toBe(0);
    expect(await sidebar.locator('#mapping-problem').isHidden()).toBe(true);
    await sidebar.locator('#start').click();
    const progress = sidebar.locator('.progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    const lead = playground.sandbox.state.leads.find((l) => l.email === 'exporta.um@example.com');
    expect(lead?.name).toBe('Exporta Um');
  });
});
