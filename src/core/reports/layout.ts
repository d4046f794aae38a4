/**
 * The pipeline report's sheet, as data: one row per stage (name, a CRM_COUNT formula, won/lost
 * mark), an optional second table of counts per owner, a note, and the embedded bar chart that
 * draws the stage table. Pure, so a unit test reads the whole layout; src/addon/reports-api.ts
 * writes it with one setValues and one chart.
 *
 * By-owner counts: a count per owner per stage (owners × stages requests) would spend the CRM's
 * whole minute on a small team, so the second table has ONE count per owner over the whole
 * pipeline (`pipeline_id=…&assigned_to=…`), and only when the report's formulas, stages and
 * owners together, fit in one rate-limit window (60 requests): then a recalculation of the whole
 * report is answered at once, with no formula waiting for the next minute.
 */
import type { Pipeline, User } from '../../api/schemas';
import type { Translate } from '../i18n';

/** The CRM answers 60 requests per 60 s per key (crm-api-v1.md, "Limits"). */
export const REPORT_MAX_REQUESTS = 60;
/** Stage, Leads, Outcome. */
export const STAGE_TABLE_COLUMNS = 3;
/** The chart starts one empty column right of the stage table. */
export const CHART_COLUMN = STAGE_TABLE_COLUMNS + 2;
/** Sheets wants a chart's size in pixels; about 30 px a bar keeps each stage's label legible. */
const CHART_WIDTH = 520;
const CHART_BASE_HEIGHT = 120;
const CHART_BAR_HEIGHT = 30;

/**
 * What one cell holds: text (always written as text, so a stage named `=X` or `+55…` never
 * becomes a formula or a number), or a formula the add-on built.
 */
export type ReportCell = { text: string } | { formula: string } | null;

export interface ReportChart {
  title: string;
  /** The stage table's name and count columns, header row included (A1 notation, no sheet). */
  range: string;
  /** 1-based cell the chart's top-left corner sits on. */
  anchorRow: number;
  anchorColumn: number;
  width: number;
  height: number;
}

export interface ReportLayout {
  /** Rows from A1 down; every row is `STAGE_TABLE_COLUMNS` wide. */
  cells: ReportCell[][];
  /** 1-based rows holding a table header (drawn bold). */
  headerRows: number[];
  chart: ReportChart;
  /** Whether the by-owner table is there. */
  owners: boolean;
  /** CRM requests one full recalculation of the report costs (one per CRM_COUNT formula). */
  requests: number;
}

export interface ReportInput {
  pipeline: Pipeline;
  /** The account's users; null when they were not read. */
  users: readonly User[] | null;
  t: Translate;
}

/** `=CRM_COUNT("pipeline_id=3&stage_id=12")`: ids, which survive a renamed stage; one argument. */
export function countFormula(filters: Readonly<Record<string, number>>): string {
  const query = Object.entries(filters)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return `=CRM_COUNT("${query}")`;
}

export function pipelineReportLayout({ pipeline, users, t }: ReportInput): ReportLayout {
  const stages = pipeline.stages;
  const cells: ReportCell[][] = [
    row([t('reports.header.stage'), t('reports.header.leads'), t('reports.header.outcome')]),
  ];
  for (const stage of stages) {
    const outcome = stage.is_won ? t('reports.won') : stage.is_lost ? t('reports.lost') : '';
    cells.push([
      { text: stage.name },
      { formula: countFormula({ pipeline_id: pipeline.id, stage_id: stage.id }) },
      outcome === '' ? null : { text: outcome },
    ]);
  }
  // A pipeline without stages draws an empty chart: the table says why.
  if (stages.length === 0) cells.push(row([t('reports.noStages', { pipeline: pipeline.name })]));
  const headerRows = [1];
  const owners = users !== null && stages.length + users.length <= REPORT_MAX_REQUESTS;
  cells.push(row([]));
  if (owners && users !== null) {
    headerRows.push(cells.length + 1);
    cells.push(row([t('reports.header.owner'), t('reports.header.leads')]));
    for (const user of users) {
      cells.push([
        { text: user.name },
        { formula: countFormula({ pipeline_id: pipeline.id, assigned_to: user.id }) },
        null,
      ]);
    }
    cells.push(row([]));
    cells.push(row([t('reports.ownersNote')]));
  } else if (users !== null) {
    cells.push(
      row([
        t('reports.ownersLeftOut', {
          owners: users.length,
          stages: stages.length,
          max: REPORT_MAX_REQUESTS,
        }),
      ]),
    );
  }
  cells.push(row([t('reports.note')]));
  return {
    cells,
    headerRows,
    chart: {
      title: t('reports.chartTitle', { pipeline: pipeline.name }),
      range: `A1:B${stages.length + 1}`,
      anchorRow: 1,
      anchorColumn: CHART_COLUMN,
      width: CHART_WIDTH,
      height: CHART_BASE_HEIGHT + CHART_BAR_HEIGHT * Math.max(1, stages.length),
    },
    owners,
    requests: stages.length + (owners && users !== null ? users.length : 0),
  };
}

function row(texts: readonly string[]): ReportCell[] {
  return Array.from({ length: STAGE_TABLE_COLUMNS }, (_, i) => {
    const text = texts[i];
    return text === undefined || text === '' ? null : { text };
  });
}
