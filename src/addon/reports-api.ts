/**
 * CRM → Pipeline report and crmPipelineReport({pipeline, sheet}): a report sheet with one row per
 * stage whose count is a CRM_COUNT formula (so Sheets recalculates it, and Refresh formulas
 * updates it like every other CRM_* formula), and an embedded bar chart of that table beside it.
 * Writing it costs GET /pipelines and GET /users (paced); each recalculation of the sheet then
 * costs one request per CRM_COUNT formula (core/reports/layout.ts says which).
 *
 * The report's sheet is marked with developer metadata (key `crm.report`, value the pipeline id
 * and the range the report's table covers, core/reports/mark.ts): a marked sheet is rewritten,
 * an empty one adopted, and any other sheet refused (core/ownership.ts). A rewrite clears only
 * the range its mark names and replaces only its own chart (the one drawing that range): notes
 * a person typed beside the table stay.
 */
import { type CrmClient, CrmError, ForbiddenError, type Pipeline, type User } from '../api';
import { codedError } from '../core/errors';
import { toSheetCell } from '../core/export/cells';
import { type Translate, translator } from '../core/i18n';
import { START_WAIT_MS } from '../core/jobs/requests';
import { claimSheet, type OwnedRange, rangeUnion, rangeWithin } from '../core/ownership';
import { type Pacer, withRateLimitRetry } from '../core/pacing';
import { personMessage } from '../core/person-message';
import {
  pipelineReportLayout,
  type ReportCell,
  type ReportLayout,
  STAGE_TABLE_COLUMNS,
} from '../core/reports/layout';
import { parseReportMark, reportMarkValue } from '../core/reports/mark';
import {
  choosePipeline,
  type PipelineReportOptions,
  parseReportOptions,
  type ReportRequest,
} from '../core/reports/options';
import { currentLocale } from '../gas/locale';
import { markedSheets, markSheet, readSheetMark } from '../gas/ownership';
import { appsScriptClock } from '../gas/services';
import { clientFor, currentSpreadsheet, pacerFor, requireSettings } from './context';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Sheet-level developer metadata naming the pipeline whose report the sheet holds. */
export const REPORT_METADATA_KEY = 'crm.report';
const MAX_SHEET_NAME = 100;

export interface PipelineReportSummary {
  sheet: string;
  pipeline: { id: number; name: string };
  stages: number;
  /** Whether the by-owner table was written. */
  owners: boolean;
  /** CRM requests one full recalculation of the report's formulas costs. */
  requests: number;
  /** The range the chart draws (the stage table, header included). */
  chartRange: string;
}

export type { PipelineReportOptions };

/**
 * Writes (or rewrites) the report of one pipeline: `pipeline` by name or id (default: the first
 * listed); `sheet` by name (default: this pipeline's earlier report, else "Report · <pipeline>").
 * A sheet that holds anything but an earlier report is refused and left as it was.
 */
export function crmPipelineReport(options?: PipelineReportOptions): PipelineReportSummary {
  const request = parseReportOptions(options);
  const session = reportSession();
  const pipelines = session.pipelines();
  return writePipelineReport(session, request, pipelines);
}

/** The menu item: asks which pipeline, writes its report, shows it. */
export function showPipelineReport(): void {
  const t = translator(currentLocale());
  const ui = SpreadsheetApp.getUi();
  try {
    const session = reportSession();
    const pipelines = session.pipelines();
    const answer = ui.prompt(
      t('reports.promptTitle'),
      t('reports.promptBody', {
        default: pipelines[0]?.name ?? '',
        names: pipelines.map((p) => p.name).join(', '),
      }),
      ui.ButtonSet.OK_CANCEL,
    );
    if (answer.getSelectedButton() !== ui.Button.OK) return;
    const wanted = answer.getResponseText().trim();
    const summary = writePipelineReport(
      session,
      { pipeline: wanted === '' ? null : wanted, sheet: null },
      pipelines,
    );
    const spreadsheet = currentSpreadsheet();
    spreadsheet.getSheetByName(summary.sheet)?.activate();
    spreadsheet.toast(
      t('reports.written', { pipeline: summary.pipeline.name, sheet: summary.sheet }),
    );
  } catch (error) {
    ui.alert(t('reports.failed', { detail: personMessage(error, t) }));
  }
}

interface ReportSession {
  client: CrmClient;
  pacer: Pacer;
  t: Translate;
  pipelines(): Pipeline[];
}

function reportSession(): ReportSession {
  const settings = requireSettings();
  const client = clientFor(settings);
  const pacer = pacerFor(settings);
  return {
    client,
    pacer,
    t: translator(currentLocale()),
    pipelines: () => paced(pacer, 'the pipelines', () => client.pipelines.list().pipelines),
  };
}

function writePipelineReport(
  session: ReportSession,
  request: ReportRequest,
  pipelines: Pipeline[],
): PipelineReportSummary {
  const pipeline = choosePipeline(pipelines, request.pipeline);
  const layout = pipelineReportLayout({ pipeline, users: ownersOf(session), t: session.t });
  const spreadsheet = currentSpreadsheet();
  const sheet = reportSheet(spreadsheet, request.sheet, pipeline, session.t);
  writeReport(sheet, layout, pipeline.id);
  return {
    sheet: sheet.getName(),
    pipeline: { id: pipeline.id, name: pipeline.name },
    stages: pipeline.stages.length,
    owners: layout.owners,
    requests: layout.requests,
    chartRange: layout.chart.range,
  };
}

/** The account's users for the by-owner table; a key without users:read gets the report without it. */
function ownersOf(session: ReportSession): User[] | null {
  try {
    return paced(session.pacer, 'the users', () => session.client.users.list());
  } catch (error) {
    if ((error as { cause?: unknown }).cause instanceof ForbiddenError) return null;
    throw error;
  }
}

function paced<T>(pacer: Pacer, what: string, request: () => T): T {
  try {
    return withRateLimitRetry(pacer, request, { deadline: appsScriptClock.now() + START_WAIT_MS });
  } catch (error) {
    if (!(error instanceof CrmError)) throw error;
    // The CRM's answer stays reachable through `cause`, for the person's words.
    throw Object.assign(new Error(`Could not read ${what}: ${error.message}`), { cause: error });
  }
}

/**
 * The sheet the report goes to. Without a name: the sheet an earlier report of this pipeline
 * wrote (even renamed since), else the default name. A named sheet is used when it is missing
 * (created), an earlier report, or empty; anything else is refused by name.
 */
function reportSheet(
  spreadsheet: Spreadsheet,
  wanted: string | null,
  pipeline: Pipeline,
  t: Translate,
): Sheet {
  if (wanted === null) {
    const earlier = earlierReport(spreadsheet, pipeline.id);
    if (earlier !== null) return earlier;
  }
  const name =
    wanted ?? t('reports.sheetName', { pipeline: pipeline.name }).slice(0, MAX_SHEET_NAME);
  const existing = spreadsheet.getSheetByName(name);
  const marked = existing !== null && readSheetMark(existing, REPORT_METADATA_KEY) !== null;
  const claim = claimSheet({
    exists: existing !== null,
    marked: marked && existing !== null && holdsReport(existing),
    hasContent: existing !== null && (existing.getLastRow() > 0 || existing.getCharts().length > 0),
  });
  if (claim === 'refuse') throw sheetTaken(name);
  return existing ?? spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
}

function earlierReport(spreadsheet: Spreadsheet, pipelineId: number): Sheet | null {
  for (const { sheet, value } of markedSheets(spreadsheet, REPORT_METADATA_KEY)) {
    if (parseReportMark(value)?.pipeline === pipelineId && holdsReport(sheet)) return sheet;
  }
  return null;
}

/**
 * Whether a marked sheet still holds a report: empty, or its count column holds CRM_COUNT
 * formulas. The mark alone is not enough: "Duplicate sheet" copies it, so a report copied and
 * pasted as values (a weekly snapshot) carries it, and so does a report tab a person emptied
 * and typed over; either is the person's sheet now.
 */
function holdsReport(sheet: Sheet): boolean {
  const rows = sheet.getLastRow();
  if (rows === 0) return true;
  return sheet
    .getRange(1, 2, rows, 1)
    .getFormulas()
    .some(([formula]) => /^=CRM_COUNT\(/i.test(formula ?? ''));
}

/**
 * Replaces the report's own table and chart: the range its mark names is cleared and the new
 * table written (one setValues), the chart drawing that range replaced; every other cell and
 * chart of the sheet stays. The new table's cells outside the old range must be empty, else the
 * sheet is refused as it is. The mark comes first, naming both ranges: an execution killed
 * after the table's write left a sheet every later report refused as a person's, and one killed
 * mid-way must leave nothing of the report outside what its mark names.
 */
function writeReport(sheet: Sheet, layout: ReportLayout, pipelineId: number): void {
  const previous = parseReportMark(readSheetMark(sheet, REPORT_METADATA_KEY))?.range ?? null;
  const values = layout.cells.map((row) => row.map(cellInput));
  const table = { row: 1, column: 1, rows: values.length, columns: STAGE_TABLE_COLUMNS };
  if (!rangeWithin(table, previous) && typedOutside(sheet, table, previous)) {
    throw sheetTaken(sheet.getName());
  }
  const owned = rangeUnion(previous, table);
  markSheet(sheet, REPORT_METADATA_KEY, reportMarkValue({ pipeline: pipelineId, range: owned }));
  for (const chart of sheet.getCharts()) {
    if (drawsWithin(chart, owned)) sheet.removeChart(chart);
  }
  sheet.getRange(owned.row, owned.column, owned.rows, owned.columns).clear();
  sheet.getRange(1, 1, values.length, STAGE_TABLE_COLUMNS).setValues(values);
  for (const row of layout.headerRows) {
    sheet.getRange(row, 1, 1, STAGE_TABLE_COLUMNS).setFontWeight('bold');
  }
  const { chart } = layout;
  sheet.insertChart(
    sheet
      .newChart()
      .setChartType(Charts.ChartType.BAR)
      .addRange(sheet.getRange(chart.range))
      .setNumHeaders(1)
      .setPosition(chart.anchorRow, chart.anchorColumn, 0, 0)
      .setOption('title', chart.title)
      .setOption('legend', { position: 'none' })
      .setOption('width', chart.width)
      .setOption('height', chart.height)
      .build(),
  );
  if (owned.rows !== table.rows) {
    markSheet(sheet, REPORT_METADATA_KEY, reportMarkValue({ pipeline: pipelineId, range: table }));
  }
}

/** Whether a cell of `table` outside `owned` holds content (one read of the table's range). */
function typedOutside(sheet: Sheet, table: OwnedRange, owned: OwnedRange | null): boolean {
  const values = sheet.getRange(table.row, table.column, table.rows, table.columns).getValues();
  return values.some((line, r) =>
    line.some((cell, c) => {
      if (cell === '' || cell === null) return false;
      const at = { row: table.row + r, column: table.column + c, rows: 1, columns: 1 };
      return !rangeWithin(at, owned);
    }),
  );
}

/** The report's own chart: every range it draws lies in the range the report owns. */
function drawsWithin(
  chart: GoogleAppsScript.Spreadsheet.EmbeddedChart,
  owned: OwnedRange,
): boolean {
  const ranges = chart.getRanges();
  return (
    ranges.length > 0 &&
    ranges.every((range) =>
      rangeWithin(
        {
          row: range.getRow(),
          column: range.getColumn(),
          rows: range.getNumRows(),
          columns: range.getNumColumns(),
        },
        owned,
      ),
    )
  );
}

function sheetTaken(name: string): Error {
  return codedError(
    `The sheet "${name}" holds data that a pipeline report did not write, so it was left as it was: choose another sheet, or empty that one first.`,
    'reportSheetTaken',
    { sheet: name },
  );
}

/** Text with Sheets' text marker (never a formula or a number); formulas as built. */
function cellInput(cell: ReportCell): string {
  if (cell === null) return '';
  if ('formula' in cell) return cell.formula;
  return String(toSheetCell(cell.text, 'text'));
}
