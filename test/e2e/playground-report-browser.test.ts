import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWorkbook } from '../../scripts/playground/demo-workbook';
import type { Playground } from '../../scripts/playground/server';
import { localeOf, translator } from '../../src/core/i18n';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  PATIENCE,
} from './browser-harness';

/** The demo spreadsheet's language: its menu's captions and the report's words. */
const t = translator(localeOf(demoWorkbook().locale));

/**
 * CRM → Pipeline report in the playground, in a real browser: the report sheet's CRM_COUNT
 * formulas are computed by the grid, and its embedded chart is drawn as SVG bars beside the
 * table, one bar per stage whose length is that stage's count. REPORT_SCREENSHOT=<file.png>
 * keeps a screenshot of it.
 */
describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('playground pipeline report'), () => {
  let playground: Playground;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-report-'));
  });
  afterAll(async () => {
    await close?.();
  });

  it('the menu item writes the report, and the page draws its chart from the counts', async () => {
    const state = playground.sandbox.state;
    const pipeline = state.pipelines.find((p) => p.account_id === 1);
    if (!pipeline) throw new Error('the demo account should have a pipeline');
    const stages = state.stages
      .filter((stage) => stage.pipeline_id === pipeline.id)
      .sort((a, b) => a.position - b.position);
    const sheet = t('reports.sheetName', { pipeline: pipeline.name });

    await page.locator(`nav button[data-menu="${t('reports.menu')}"]`).click();
    const tab = page.locator(`#tabs .tab[data-sheet="${sheet}"]`);
    await expect.poll(() => tab.count(), PATIENCE).toBe(1);
    await tab.click();
    const bars = page.locator('#grid .chart svg rect.bar');
    await expect.poll(() => bars.count(), PATIENCE).toBe(stages.length);
    // Every formula computed: each bar has a number.
    const values = () =>
      bars.evaluateAll((all) => all.map((bar) => bar.getAttribute('data-value')));
    await expect.poll(async () => (await values()).every((v) => v !== ''), PATIENCE).toBe(true);

    const counts = stages.map(
      (stage) =>
        state.leads.filter((lead) => lead.account_id === 1 && lead.stage_id === stage.id).length,
    );
    const labels = await bars.evaluateAll((all) =>
      all.map((bar) => bar.getAttribute('data-label')),
    );
    expect(labels).toEqual(stages.map((stage) => stage.name));
    expect((await values()).map(Number)).toEqual(counts);
    // Longer bars for larger counts: the widths keep the counts' order.
    const widths = await bars.evaluateAll((all) =>
      all.map((bar) => Number(bar.getAttribute('width'))),
    );
    const largest = counts.indexOf(Math.max(...counts));
    expect(Math.max(...widths)).toBe(widths[largest]);
    await expect
      .poll(() => page.locator('#grid .chart .chart-title').textContent(), PATIENCE)
      .toBe(t('reports.chartTitle', { pipeline: pipeline.name }));

    // Beside the table: right of its last column, level with its header row.
    const chart = await page.locator('#grid .chart').boundingBox();
    const lastHeader = await page
      .locator(`table.grid[data-sheet="${sheet}"] td[data-a1="C1"]`)
      .boundingBox();
    if (!chart || !lastHeader) throw new Error('the chart and the table should be on the page');
    expect(chart.x).toBeGreaterThan(lastHeader.x + lastHeader.width);
    expect(Math.abs(chart.y - lastHeader.y)).toBeLessThan(4);

    const screenshot = process.env.REPORT_SCREENSHOT;
    if (screenshot) await page.screenshot({ path: screenshot });
  });
});
