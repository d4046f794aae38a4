import type { Cell } from '../../tools/gas-runtime/cells';
import type { ChartModel, ChartRange } from '../../tools/gas-runtime/charts';
import type { SheetModel } from '../../tools/gas-runtime/workbook';
import { columnLetter, escapeHtml } from './grid';

/**
 * The playground's drawing of a sheet's embedded charts: a simple SVG bar chart per chart, read
 * from the chart's own ranges (the first column names the bars, the next one gives their
 * lengths) as the cells hold them now, so it follows the formulas the grid computes. Each chart
 * is a `div.chart` the page places over the grid at its anchor cell, as Sheets floats it.
 * Every chart type is drawn as horizontal bars: enough for a new user to see the picture.
 */

const DEFAULT_WIDTH = 480;
const TITLE_HEIGHT = 34;
const BAR_HEIGHT = 22;
const BAR_GAP = 8;
const PADDING = 12;
const VALUE_ROOM = 48;
const BAR_COLOR = '#4285f4';

export interface ChartBar {
  label: string;
  /** null: the cell holds no number yet (a formula still computing, an error, text). */
  value: number | null;
}

/** The chart's columns side by side, row by row: each range adds its columns. */
function columnsOf(
  sheet: SheetModel,
  ranges: readonly ChartRange[],
): Array<Array<Cell | undefined>> {
  const columns: Array<Array<Cell | undefined>> = [];
  for (const range of ranges) {
    const source = range.sheet ?? sheet;
    for (let c = 0; c < range.numColumns; c++) {
      const column: Array<Cell | undefined> = [];
      for (let r = 0; r < range.numRows; r++)
        column.push(source.cell(range.row + r, range.column + c));
      columns.push(column);
    }
  }
  return columns;
}

function text(cell: Cell | undefined): string {
  const value = cell?.value;
  if (value === undefined || value === null) return '';
  return typeof value === 'object'
    ? new Date(value.date).toISOString().slice(0, 10)
    : String(value);
}

/** The bars a chart draws: labels from its first column, values from its second. */
export function chartBars(sheet: SheetModel, chart: ChartModel): ChartBar[] {
  const [labels = [], values = []] = columnsOf(sheet, chart.ranges);
  // numHeaders -1 is Sheets' "guess": a first row whose value is not a number is a header.
  const first = values[0]?.value;
  const headers = chart.numHeaders >= 0 ? chart.numHeaders : typeof first === 'number' ? 0 : 1;
  const bars: ChartBar[] = [];
  for (let i = headers; i < Math.max(labels.length, values.length); i++) {
    const value = values[i]?.value;
    bars.push({
      label: text(labels[i]),
      value: typeof value === 'number' && Number.isFinite(value) ? value : null,
    });
  }
  return bars;
}

function option(chart: ChartModel, name: string): unknown {
  return chart.options[name];
}

/** One chart as SVG: its title, then one labelled bar per row, scaled to the largest value. */
export function renderChartSvg(sheet: SheetModel, chart: ChartModel): string {
  const bars = chartBars(sheet, chart);
  const title = typeof option(chart, 'title') === 'string' ? String(option(chart, 'title')) : '';
  const widthOption = Number(option(chart, 'width'));
  const width = Number.isFinite(widthOption) && widthOption > 0 ? widthOption : DEFAULT_WIDTH;
  const height = TITLE_HEIGHT + PADDING + bars.length * (BAR_HEIGHT + BAR_GAP) + PADDING;
  const longest = Math.max(1, ...bars.map((bar) => bar.label.length));
  const labelWidth = Math.min(width / 3, 16 + longest * 7);
  const room = Math.max(10, width - labelWidth - VALUE_ROOM - 2 * PADDING);
  const max = Math.max(0, ...bars.map((bar) => bar.value ?? 0));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg" role="img" aria-label="${escapeHtml(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Arial, sans-serif" font-size="12">`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="#fff" stroke="#dadce0"/>`,
    `<text class="chart-title" x="${width / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold" fill="#202124">${escapeHtml(title)}</text>`,
  ];
  bars.forEach((bar, i) => {
    const y = TITLE_HEIGHT + PADDING + i * (BAR_HEIGHT + BAR_GAP);
    const length = max > 0 && bar.value !== null ? Math.max(1, (bar.value / max) * room) : 0;
    const x = PADDING + labelWidth;
    const middle = y + BAR_HEIGHT / 2 + 4;
    const shown = bar.value === null ? '…' : String(bar.value);
    out.push(
      `<text class="bar-label" x="${x - 6}" y="${middle}" text-anchor="end" fill="#3c4043">${escapeHtml(bar.label)}</text>`,
      `<rect class="bar" data-label="${escapeHtml(bar.label)}" data-value="${bar.value ?? ''}" x="${x}" y="${y}" width="${length.toFixed(1)}" height="${BAR_HEIGHT}" fill="${BAR_COLOR}"/>`,
      `<text class="bar-value" x="${x + length + 6}" y="${middle}" fill="#3c4043">${shown}</text>`,
    );
  });
  out.push('</svg>');
  return out.join('');
}

/** Every chart of the sheet, each in a div the page places at its anchor cell. */
export function renderCharts(sheet: SheetModel): string {
  return sheet.charts
    .map((chart) => {
      const { anchorRow, anchorColumn, offsetX, offsetY } = chart.position;
      const anchor = `${columnLetter(anchorColumn)}${anchorRow}`;
      return `<div class="chart" data-chart-id="${chart.chartId}" data-type="${escapeHtml(chart.type)}" data-anchor="${anchor}" data-offset-x="${offsetX}" data-offset-y="${offsetY}">${renderChartSvg(sheet, chart)}</div>`;
    })
    .join('');
}
