/**
 * The playground's drawing of embedded charts (scripts/playground/chart.ts), without a browser:
 * bars come from the chart's ranges as the cells hold them now.
 */
import { describe, expect, it } from 'vitest';
import { chartBars, renderChartSvg, renderCharts } from '../../scripts/playground/chart';
import type { ChartModel } from '../../tools/gas-runtime/index';
import { Workbook } from '../../tools/gas-runtime/index';

function world(rows: unknown[][], chart: Partial<ChartModel> = {}) {
  const workbook = Workbook.from({ sheets: { Report: rows } });
  const sheet = workbook.sheet('Report');
  const model: ChartModel = {
    chartId: 7,
    type: 'BAR',
    ranges: [{ sheet, row: 1, column: 1, numRows: rows.length, numColumns: 2 }],
    position: { anchorRow: 1, anchorColumn: 5, offsetX: 0, offsetY: 0 },
    options: { title: 'Leads per stage' },
    numHeaders: 1,
    transposeRowsAndColumns: false,
    ...chart,
  };
  sheet.charts.push(model);
  return { sheet, model };
}

describe('playground charts', () => {
  it('one bar per row under the header: label from the first column, value from the second', () => {
    const { sheet, model } = world([
      ['Stage', 'Leads'],
      ['Novo', 4],
      ['Ganho', 2],
    ]);
    expect(chartBars(sheet, model)).toEqual([
      { label: 'Novo', value: 4 },
      { label: 'Ganho', value: 2 },
    ]);
    const svg = renderChartSvg(sheet, model);
    const widths = [...svg.matchAll(/class="bar"[^>]* width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(2);
    expect(widths[0]).toBeCloseTo(2 * (widths[1] ?? 0), 5);
    expect(svg).toContain('>Leads per stage</text>');
  });

  it('a cell with no number yet (a formula computing, text) is a bar of no length marked …', () => {
    const { sheet, model } = world([
      ['Stage', 'Leads'],
      ['Novo', '=CRM_COUNT("stage_id=1")'],
      ['Ganho', 3],
    ]);
    expect(chartBars(sheet, model)).toEqual([
      { label: 'Novo', value: null },
      { label: 'Ganho', value: 3 },
    ]);
    expect(renderChartSvg(sheet, model)).toMatch(/data-value="" [^>]*width="0.0"/);
  });

  it('numHeaders -1 guesses the header from the first row', () => {
    const { sheet, model } = world(
      [
        ['Novo', 4],
        ['Ganho', 2],
      ],
      { numHeaders: -1 },
    );
    expect(chartBars(sheet, model).map((bar) => bar.label)).toEqual(['Novo', 'Ganho']);
  });

  it('labels and titles are escaped, and each chart sits at its anchor cell', () => {
    const { sheet } = world(
      [
        ['Stage', 'Leads'],
        ['<img src=x onerror=alert(1)>', 1],
      ],
      { options: { title: '<b>"x"</b>' } },
    );
    const html = renderCharts(sheet);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('data-anchor="E1"');
  });
});
