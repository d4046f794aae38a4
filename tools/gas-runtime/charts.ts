import { type ExecutionEnv, gated } from './execution';
import type { SheetModel } from './workbook';

/**
 * Embedded charts of the local runtime: Sheet.newChart() → EmbeddedChartBuilder → build() →
 * Sheet.insertChart / updateChart / removeChart / getCharts, keeping what a chart is — its type,
 * its ranges, its position and its options — so the playground can draw it and tests can read
 * it. Drawing is not modelled here. Ranges keep their cells as given: unlike Sheets, they do not
 * move when rows or columns are inserted or deleted before them.
 * https://developers.google.com/apps-script/reference/spreadsheet/embedded-chart-builder
 */

/** Charts.ChartType: the names Apps Script gives its enum values. */
export const CHART_TYPES = [
  'AREA',
  'BAR',
  'BUBBLE',
  'CANDLESTICK',
  'COLUMN',
  'COMBO',
  'GAUGE',
  'GEO',
  'HISTOGRAM',
  'LINE',
  'ORG',
  'PIE',
  'RADAR',
  'SCATTER',
  'SPARKLINE',
  'STEPPED_AREA',
  'TABLE',
  'TIMELINE',
  'TREEMAP',
  'WATERFALL',
] as const;

export interface ChartRange {
  sheet: SheetModel;
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

export interface ChartPosition {
  anchorRow: number;
  anchorColumn: number;
  offsetX: number;
  offsetY: number;
}

/** One embedded chart, on the Node side (plain values only: it outlives executions). */
export interface ChartModel {
  chartId: number;
  type: string;
  ranges: ChartRange[];
  position: ChartPosition;
  /** setOption values as JSON copies (title, legend, width, height …). */
  options: Record<string, unknown>;
  numHeaders: number;
  transposeRowsAndColumns: boolean;
}

let nextChartId = 1;

export interface ChartHost {
  env: ExecutionEnv;
  sheet: SheetModel;
  /** Where a Range object of this execution points, or undefined for anything else. */
  rangeOf(range: unknown): ChartRange | undefined;
  /** A Range object of this execution over `range`. */
  rangeObject(range: ChartRange): unknown;
  signature(method: string, args: unknown[]): never;
}

/** Built charts that are not inserted yet, and inserted ones, by the object a script holds. */
const chartsByObject = new WeakMap<object, ChartModel>();

export function chartModelOf(chart: unknown): ChartModel | undefined {
  return typeof chart === 'object' && chart !== null ? chartsByObject.get(chart) : undefined;
}

/** A JSON copy of an option value from an execution's realm (a plain object, text, a number). */
function optionValue(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

function copyModel(model: ChartModel): ChartModel {
  return {
    ...model,
    ranges: model.ranges.map((range) => ({ ...range })),
    position: { ...model.position },
    options: optionValue(model.options) as Record<string, unknown>,
  };
}

export function newChartModel(): ChartModel {
  return {
    chartId: 0,
    type: 'COLUMN',
    ranges: [],
    position: { anchorRow: 1, anchorColumn: 1, offsetX: 0, offsetY: 0 },
    options: {},
    numHeaders: -1,
    transposeRowsAndColumns: false,
  };
}

export function chartBuilder(host: ChartHost, draft: ChartModel): unknown {
  const { env } = host;
  const self = () => chartBuilder(host, draft);
  const setType = (type: string) => () => {
    draft.type = type;
    return self();
  };
  const integer = (value: unknown, method: string, args: unknown[]): number => {
    if (typeof value !== 'number' || !Number.isInteger(value)) host.signature(method, args);
    return value as number;
  };
  return gated(env, 'EmbeddedChartBuilder', 'SpreadsheetApp', 0, {
    addRange: (range: unknown) => {
      const at = host.rangeOf(range);
      if (!at) return host.signature('EmbeddedChartBuilder.addRange', [range]);
      draft.ranges.push(at);
      return self();
    },
    removeRange: (range: unknown) => {
      const at = host.rangeOf(range);
      draft.ranges = draft.ranges.filter(
        (r) =>
          !at ||
          r.sheet !== at.sheet ||
          r.row !== at.row ||
          r.column !== at.column ||
          r.numRows !== at.numRows ||
          r.numColumns !== at.numColumns,
      );
      return self();
    },
    clearRanges: () => {
      draft.ranges = [];
      return self();
    },
    getRanges: () => env.realm.array(draft.ranges.map((r) => host.rangeObject(r))),
    setChartType: (type: unknown) => {
      const name = String(type);
      if (!(CHART_TYPES as readonly string[]).includes(name)) {
        host.signature('EmbeddedChartBuilder.setChartType', [type]);
      }
      draft.type = name;
      return self();
    },
    getChartType: () => draft.type,
    asAreaChart: setType('AREA'),
    asBarChart: setType('BAR'),
    asColumnChart: setType('COLUMN'),
    asLineChart: setType('LINE'),
    asPieChart: setType('PIE'),
    asScatterChart: setType('SCATTER'),
    asTableChart: setType('TABLE'),
    setNumHeaders: (headers: unknown) => {
      draft.numHeaders = integer(headers, 'EmbeddedChartBuilder.setNumHeaders', [headers]);
      return self();
    },
    setTransposeRowsAndColumns: (transpose: unknown) => {
      draft.transposeRowsAndColumns = transpose === true;
      return self();
    },
    setOption: (option: unknown, value: unknown) => {
      if (typeof option !== 'string') host.signature('EmbeddedChartBuilder.setOption', [option]);
      draft.options[option as string] = optionValue(value);
      return self();
    },
    setPosition: (
      anchorRow: unknown,
      anchorColumn: unknown,
      offsetX: unknown,
      offsetY: unknown,
    ) => {
      const args = [anchorRow, anchorColumn, offsetX, offsetY];
      const method = 'EmbeddedChartBuilder.setPosition';
      draft.position = {
        anchorRow: integer(anchorRow, method, args),
        anchorColumn: integer(anchorColumn, method, args),
        offsetX: integer(offsetX, method, args),
        offsetY: integer(offsetY, method, args),
      };
      if (draft.position.anchorRow < 1 || draft.position.anchorColumn < 1) {
        env.fail('The chart position must be at row 1, column 1 or beyond.');
      }
      return self();
    },
    getContainer: () => containerInfo(env, draft.position),
    build: () => chartObject(host, copyModel(draft)),
  });
}

function containerInfo(env: ExecutionEnv, position: ChartPosition): unknown {
  return gated(env, 'ContainerInfo', 'SpreadsheetApp', 0, {
    getAnchorRow: () => position.anchorRow,
    getAnchorColumn: () => position.anchorColumn,
    getOffsetX: () => position.offsetX,
    getOffsetY: () => position.offsetY,
  });
}

/** An EmbeddedChart as a script holds it: built (id 0 until inserted) or read from the sheet. */
export function chartObject(host: ChartHost, model: ChartModel): object {
  const { env } = host;
  const chart = gated(env, 'EmbeddedChart', 'SpreadsheetApp', 0, {
    getChartId: () => (model.chartId === 0 ? null : model.chartId),
    getId: () => (model.chartId === 0 ? null : `u${model.chartId}`),
    getRanges: () => env.realm.array(model.ranges.map((r) => host.rangeObject(r))),
    getNumHeaders: () => model.numHeaders,
    getTransposeRowsAndColumns: () => model.transposeRowsAndColumns,
    getContainerInfo: () => containerInfo(env, model.position),
    getOptions: () =>
      gated(env, 'ChartOptions', 'SpreadsheetApp', 0, {
        get: (option: string) => env.realm.toRealm(model.options[String(option)] ?? null),
      }),
    modify: () => chartBuilder(host, copyModel(model)),
    toString: () => 'EmbeddedChart',
  });
  chartsByObject.set(chart, model);
  return chart;
}

/** Sheet.insertChart: the chart gets an id and a copy of itself on the sheet. */
export function insertChart(host: ChartHost, chart: unknown): void {
  const model = chartModelOf(chart);
  if (!model) {
    host.signature('Sheet.insertChart', [chart]);
    return;
  }
  const stored = copyModel(model);
  stored.chartId = nextChartId++;
  model.chartId = stored.chartId;
  host.sheet.charts.push(stored);
}

/** Sheet.updateChart: a chart from modify().build() replaces the sheet's chart of its id. */
export function updateChart(host: ChartHost, chart: unknown): void {
  const model = chartModelOf(chart);
  const index = model ? host.sheet.charts.findIndex((c) => c.chartId === model.chartId) : -1;
  if (!model || index < 0) {
    host.signature('Sheet.updateChart', [chart]);
    return;
  }
  host.sheet.charts[index] = copyModel(model);
}

export function removeChart(host: ChartHost, chart: unknown): void {
  const model = chartModelOf(chart);
  const index = model ? host.sheet.charts.findIndex((c) => c.chartId === model.chartId) : -1;
  if (!model || index < 0) {
    host.signature('Sheet.removeChart', [chart]);
    return;
  }
  host.sheet.charts.splice(index, 1);
}

export function chartsGlobal(env: ExecutionEnv): unknown {
  const ChartType = Object.fromEntries(CHART_TYPES.map((type) => [type, type]));
  return gated(env, 'Charts', 'SpreadsheetApp', 0, { ChartType });
}
