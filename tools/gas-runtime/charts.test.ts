import { describe, expect, it } from 'vitest';
import { type ChartModel, createGasRuntime, type GasRuntimeOptions } from './index';

function run(body: string, options: GasRuntimeOptions = {}) {
  const runtime = createGasRuntime({ code: `function main() {\n${body}\n}`, ...options });
  return { runtime, result: runtime.run('main') };
}

const workbook = {
  sheets: {
    Report: [
      ['Stage', 'Leads'],
      ['Novo', 4],
      ['Ganho', 2],
    ],
    Other: [],
  },
};

const BUILD = `var sheet = SpreadsheetApp.getActive().getSheetByName('Report');
  var chart = sheet.newChart().setChartType(Charts.ChartType.BAR)
    .addRange(sheet.getRange('A1:B3')).setNumHeaders(1).setPosition(1, 5, 10, 20)
    .setOption('title', 'Leads per stage').setOption('legend', { position: 'none' }).build();`;

describe('embedded charts', () => {
  it('insertChart keeps the type, ranges, position and options; getCharts reads them back', () => {
    const { runtime, result } = run(
      `${BUILD}
       sheet.insertChart(chart);
       var read = sheet.getCharts()[0];
       var info = read.getContainerInfo();
       return [sheet.getCharts().length, read.getChartId() > 0, read.getRanges()[0].getA1Notation(),
               read.getNumHeaders(), read.getOptions().get('title'), read.getOptions().get('legend').position,
               info.getAnchorRow(), info.getAnchorColumn(), info.getOffsetX(), info.getOffsetY(),
               read.modify().getChartType()];`,
      { workbook },
    );
    expect(result.ok, result.error?.message).toBe(true);
    expect(result.value).toEqual([
      1,
      true,
      'A1:B3',
      1,
      'Leads per stage',
      'none',
      1,
      5,
      10,
      20,
      'BAR',
    ]);
    const [chart] = runtime.workbook.sheet('Report').charts as ChartModel[];
    expect(chart?.type).toBe('BAR');
    expect(
      chart?.ranges.map((r) => [r.sheet.name, r.row, r.column, r.numRows, r.numColumns]),
    ).toEqual([['Report', 1, 1, 3, 2]]);
    expect(chart?.options).toEqual({ title: 'Leads per stage', legend: { position: 'none' } });
    expect(runtime.workbook.sheet('Other').charts).toEqual([]);
  });

  it('a chart outlives its execution; modify + updateChart changes it, removeChart removes it', () => {
    const { runtime } = run(`${BUILD}\n sheet.insertChart(chart);`, { workbook });
    // A later execution (another runtime over the same workbook) finds the chart again.
    const update = createGasRuntime({
      code: `function update() {
        var sheet = SpreadsheetApp.getActive().getSheetByName('Report');
        var chart = sheet.getCharts()[0];
        sheet.updateChart(chart.modify().asColumnChart().setOption('title', 'Novo título').build());
        return sheet.getCharts().map(function (c) { return c.getOptions().get('title'); });
      }
      function remove() {
        var sheet = SpreadsheetApp.getActive().getSheetByName('Report');
        sheet.removeChart(sheet.getCharts()[0]);
        return sheet.getCharts().length;
      }`,
      workbook: runtime.workbook,
    });
    expect(update.runOrThrow('update')).toEqual(['Novo título']);
    expect(runtime.workbook.sheet('Report').charts.map((c) => c.type)).toEqual(['COLUMN']);
    expect(update.runOrThrow('remove')).toBe(0);
    expect(runtime.workbook.sheet('Report').charts).toEqual([]);
  });

  it('refuses what Apps Script refuses: an unknown type, a non-range, inserting in a custom function', () => {
    expect(
      run(`SpreadsheetApp.getActiveSheet().newChart().setChartType('PIZZA');`).result.error
        ?.message,
    ).toMatch(
      /don't match the method signature for SpreadsheetApp.EmbeddedChartBuilder.setChartType/,
    );
    expect(
      run(`SpreadsheetApp.getActiveSheet().newChart().addRange('A1:B2');`).result.error?.message,
    ).toMatch(/EmbeddedChartBuilder.addRange/);
    const runtime = createGasRuntime({
      code: `function CHART() { var s = SpreadsheetApp.getActiveSheet(); s.insertChart(s.newChart().build()); }`,
    });
    expect(runtime.runCustomFunction('CHART').error?.message).toMatch(/insertChart/);
  });
});
