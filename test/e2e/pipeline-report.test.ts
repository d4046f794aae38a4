/**
 * CRM → Pipeline report on the real bundle in the local runtime against the sandbox: the report
 * sheet's CRM_COUNT formulas, computed as Sheets would (each formula a custom-function
 * execution), equal the sandbox's own counts, at one request per formula and none on a second
 * recalculation; the embedded bar chart covers the stage table and sits beside it; a rewrite
 * replaces the report and never a sheet a person typed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChartModel, GasRuntime } from '../../tools/gas-runtime/index';
import {
  accountLeads,
  buildBundle,
  createHarness,
  type Harness,
  seedLeads,
  waitOutRateWindow,
} from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

interface Summary {
  sheet: string;
  pipeline: { id: number; name: string };
  stages: number;
  owners: boolean;
  requests: number;
  chartRange: string;
}

const COUNT_FORMULA = /^=CRM_COUNT\("([^"]*)"\)$/;

/** Every CRM_COUNT formula of a sheet with its row, computed as Sheets would: one execution each. */
function computeCounts(runtime: GasRuntime, sheet: string): Map<number, number> {
  const formulas = runtime.workbook.sheet(sheet).getFormulas();
  const counts = new Map<number, number>();
  formulas.forEach((row, r) => {
    const match = COUNT_FORMULA.exec(row[1] ?? '');
    if (!match) return;
    const result = runtime.runCustomFunction('CRM_COUNT', match[1]);
    if (!result.ok) throw new Error(`CRM_COUNT("${match[1]}") failed: ${result.error?.message}`);
    counts.set(r + 1, result.value as number);
  });
  return counts;
}

function stagesOf(h: Harness, pipelineId: number) {
  return h.sandbox.state.stages
    .filter((stage) => stage.pipeline_id === pipelineId)
    .sort((a, b) => a.position - b.position);
}

function onlyChart(h: Harness, sheet: string): ChartModel {
  const charts = h.runtime.workbook.sheet(sheet).charts;
  expect(charts).toHaveLength(1);
  return charts[0] as ChartModel;
}

describe('pipeline report', () => {
  let h: Harness;
  let summary: Summary;
  beforeAll(async () => {
    h = await createHarness({ allowFormulas: true });
    seedLeads(h.sandbox, 120, h.clock.now());
    waitOutRateWindow(h);
    h.sandbox.clearRequests();
    summary = h.runtime.runOrThrow('crmPipelineReport', { pipeline: 'Vendas' }) as Summary;
  });

  it('writing the report costs GET /pipelines and GET /users, nothing per stage', () => {
    expect(h.requests().map((r) => r.path)).toEqual(['/api/v1/pipelines', '/api/v1/users']);
    expect(summary.sheet).toBe('Report · Vendas');
    expect(summary.stages).toBe(stagesOf(h, summary.pipeline.id).length);
  });

  it('one row per stage, in order, with its won or lost mark', () => {
    const values = h.runtime.sheet(summary.sheet).getValues();
    const stages = stagesOf(h, summary.pipeline.id);
    expect(values[0]?.slice(0, 3)).toEqual(['Stage', 'Leads', 'Outcome']);
    expect(values.slice(1, stages.length + 1).map((row) => [row[0], row[2]])).toEqual(
      stages.map((stage) => [stage.name, stage.is_won ? 'Won' : stage.is_lost ? 'Lost' : '']),
    );
  });

  it("counts equal the sandbox's for every stage and owner, one request per formula, none the second time", () => {
    h.sandbox.clearRequests();
    const stages = stagesOf(h, summary.pipeline.id);
    const users = h.sandbox.state.users.filter((user) => user.account_id === 1);
    const counts = computeCounts(h.runtime, summary.sheet);
    const leads = accountLeads(h.sandbox).filter((l) => l.pipeline_id === summary.pipeline.id);
    stages.forEach((stage, i) => {
      expect(counts.get(i + 2), stage.name).toBe(
        leads.filter((lead) => lead.stage_id === stage.id).length,
      );
    });
    expect(summary.owners).toBe(true);
    const ownerRows = [...counts.keys()].filter((row) => row > stages.length + 1);
    expect(ownerRows.map((row) => counts.get(row))).toEqual(
      users.map((user) => leads.filter((lead) => lead.assigned_to === user.id).length),
    );
    const requests = h.requests();
    expect(requests).toHaveLength(stages.length + users.length);
    expect(summary.requests).toBe(stages.length + users.length);
    expect(requests.every((r) => r.status === 200 && r.path.endsWith('&per_page=1'))).toBe(true);
    // A second recalculation (another viewer, a reopened sheet) is served from the cache.
    h.clock.advance(60_000);
    expect(computeCounts(h.runtime, summary.sheet)).toEqual(counts);
    expect(h.requests()).toHaveLength(requests.length);
  });

  it('the bar chart draws the whole stage table and sits beside it', () => {
    const chart = onlyChart(h, summary.sheet);
    const stages = stagesOf(h, summary.pipeline.id);
    expect(chart.type).toBe('BAR');
    expect(chart.numHeaders).toBe(1);
    expect(chart.ranges.map(({ sheet, ...at }) => ({ sheet: sheet.name, ...at }))).toEqual([
      { sheet: summary.sheet, row: 1, column: 1, numRows: stages.length + 1, numColumns: 2 },
    ]);
    expect(chart.position.anchorRow).toBe(1);
    expect(chart.position.anchorColumn).toBeGreaterThan(3);
    expect(chart.options.title).toBe('Leads per stage · Vendas');
  });

  it('writing it again replaces the report on the same sheet: one table, one chart', () => {
    const before = h.runtime.sheet(summary.sheet).getFormulas();
    const again = h.runtime.runOrThrow('crmPipelineReport', { pipeline: summary.pipeline.id });
    expect((again as Summary).sheet).toBe(summary.sheet);
    expect(h.runtime.sheet(summary.sheet).getFormulas()).toEqual(before);
    onlyChart(h, summary.sheet);
    expect(h.runtime.workbook.sheets.filter((s) => s.charts.length > 0)).toHaveLength(1);
  });

  it('Refresh formulas makes the counts ask the CRM again, and they follow the CRM', () => {
    const stage = stagesOf(h, summary.pipeline.id)[0];
    const lead = accountLeads(h.sandbox).find(
      (l) => l.pipeline_id === summary.pipeline.id && l.stage_id !== stage?.id,
    );
    if (!stage || !lead) throw new Error('the demo account should have such a lead');
    lead.stage_id = stage.id;
    const cached = computeCounts(h.runtime, summary.sheet).get(2) as number;
    h.runtime.runOrThrow('refreshFormulas');
    h.clock.advance(1_000);
    h.sandbox.clearRequests();
    expect(computeCounts(h.runtime, summary.sheet).get(2)).toBe(cached + 1);
    expect(h.requests().length).toBe(summary.requests);
  });
});

describe('pipeline report: sheets, language, text', () => {
  it('refuses a sheet a person typed, by name, and leaves it as it was', async () => {
    const h = await createHarness({
      allowFormulas: true,
      runtime: { workbook: { sheets: { Sheet1: [], Funil: [['minhas notas', 42]] } } },
    });
    const result = h.runtime.run('crmPipelineReport', { pipeline: 'Vendas', sheet: 'Funil' });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(
      /"Funil" holds data that a pipeline report did not write/,
    );
    expect(h.runtime.sheet('Funil').getValues()).toEqual([['minhas notas', 42]]);
    expect(h.runtime.workbook.sheet('Funil').charts).toEqual([]);
    // An empty sheet of that name is taken, and a report sheet is found again after a rename.
    const empty = h.runtime.runOrThrow('crmPipelineReport', {
      pipeline: 'Vendas',
      sheet: 'Sheet1',
    });
    expect((empty as Summary).sheet).toBe('Sheet1');
    h.runtime.workbook.sheet('Sheet1').name = 'Renamed';
    const again = h.runtime.runOrThrow('crmPipelineReport', { pipeline: 'Vendas' });
    expect((again as Summary).sheet).toBe('Renamed');
  });

  it('speaks Portuguese to a Portuguese user, and a stage named like a formula stays text', async () => {
    const h = await createHarness({
      allowFormulas: true,
      runtime: { workbook: { sheets: { Planilha1: [] }, locale: 'pt_BR' } },
    });
    const stage = h.sandbox.state.stages.find((s) => s.pipeline_id === 1);
    if (!stage) throw new Error('the demo account should have a stage');
    stage.name = '=HYPERLINK("http://x";"y")';
    const summary = h.runtime.runOrThrow('crmPipelineReport', {}) as Summary;
    expect(summary.sheet).toBe(`Relatório · ${summary.pipeline.name}`);
    const sheet = h.runtime.sheet(summary.sheet);
    expect(sheet.getValues()[0]?.slice(0, 3)).toEqual(['Etapa', 'Leads', 'Resultado']);
    expect(onlyChart(h, summary.sheet).options.title).toBe(
      `Leads por etapa · ${summary.pipeline.name}`,
    );
    const row = stagesOf(h, 1).findIndex((s) => s.id === stage.id) + 1;
    expect(sheet.getValues()[row]?.[0]).toBe('=HYPERLINK("http://x";"y")');
    expect(sheet.getFormulas()[row]?.[0]).toBe('');
  });

  it('the menu item asks for the pipeline, writes its report and shows it', async () => {
    const h = await createHarness({ allowFormulas: true });
    h.runtime.execute({ fn: 'onOpen', authMode: 'LIMITED', event: { authMode: 'LIMITED' } });
    h.runtime.ui.respond('OK', 'parcerias');
    const result = h.runtime.ui.clickMenuItem('Pipeline report');
    expect(result.ok, result.error?.message).toBe(true);
    const pipeline = h.sandbox.state.pipelines.find((p) => p.id === 3);
    const sheet = `Report · ${pipeline?.name}`;
    expect(h.runtime.workbook.activeSheet.name).toBe(sheet);
    expect(h.runtime.ui.toasts().at(-1)?.message).toContain(sheet);
    onlyChart(h, sheet);
  });
});

describe('CRM_COUNT', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ allowFormulas: true });
  });
  const count = (query: unknown) => {
    const result = h.runtime.runCustomFunction('CRM_COUNT', query);
    if (!result.ok) throw new Error(result.error?.message);
    return result.value;
  };

  it('takes names where the API wants ids: the pipelines list (shared, cached) and one page of one lead', () => {
    h.sandbox.clearRequests();
    const pipeline = h.sandbox.state.pipelines.find((p) => p.id === 1);
    const stage = stagesOf(h, 1)[1];
    if (!pipeline || !stage) throw new Error('the demo account should have them');
    expect(count(`pipeline=${pipeline.name.toUpperCase()}&stage=${stage.name}`)).toBe(
      accountLeads(h.sandbox).filter((l) => l.stage_id === stage.id).length,
    );
    expect(h.requests().map((r) => r.path)).toEqual([
      '/api/v1/pipelines',
      `/api/v1/leads?pipeline_id=1&stage_id=${stage.id}&per_page=1`,
    ]);
  });

  it('an empty query counts every lead; a cell holding the query works as its text', () => {
    expect(count('')).toBe(accountLeads(h.sandbox).length);
    expect(count([['tags=vip']])).toBe(
      accountLeads(h.sandbox).filter((l) => l.tags.includes('vip')).length,
    );
  });

  it('says what is wrong, before any request', () => {
    h.sandbox.clearRequests();
    for (const [query, message] of [
      ['include=owner', /CRM_COUNT only counts leads: remove include from the query/],
      ['stage=Nenhuma&pipeline=Vendas', /Pipeline "Vendas" has no stage "Nenhuma"/],
      // A count has no rows to page or cap: not CRM_LEADS' "200 leads a page; use limit".
      [
        'per_page=5',
        /^CRM_COUNT counts every matching lead at once: remove "per_page" from the query, it has no page to pick\.$/,
      ],
      ['page=2', /^CRM_COUNT counts every matching lead at once: remove "page" from the query/],
    ] as const) {
      const result = h.runtime.runCustomFunction('CRM_COUNT', query);
      expect(result.ok).toBe(false);
      expect(result.error?.message).toMatch(message);
    }
    expect(h.requests().every((r) => r.path === '/api/v1/pipelines')).toBe(true);
  });

  it('reads the CRM only where the owner allowed formulas', async () => {
    const bare = await createHarness();
    const result = bare.runtime.runCustomFunction('CRM_COUNT', 'pipeline_id=1');
    expect(result.error?.message).toMatch(/^CRM formulas are not allowed in this spreadsheet\./);
    expect(bare.requests()).toEqual([]);
  });

  it("a CRM answer without meta.total is no count, in the spreadsheet's language, and is not cached", async () => {
    const pt = await createHarness({
      allowFormulas: true,
      runtime: { workbook: { sheets: { Planilha1: [] }, locale: 'pt_BR' } },
    });
    // A CRM whose list answers lose their meta (a proxy, an older version): leads, no total.
    const handle = pt.sandbox.handle.bind(pt.sandbox);
    pt.sandbox.handle = (request) => {
      const response = handle(request);
      if (!request.path.startsWith('/api/v1/leads?')) return response;
      const { meta: _meta, ...rest } = JSON.parse(response.body);
      return { ...response, body: JSON.stringify(rest) };
    };
    const first = pt.runtime.runCustomFunction('CRM_COUNT', 'pipeline_id=1');
    expect(first.ok).toBe(false);
    expect(first.error?.message).toMatch(/^O CRM respondeu sem dizer quantos leads correspondem/);
    pt.runtime.runCustomFunction('CRM_COUNT', 'pipeline_id=1');
    expect(pt.requests()).toHaveLength(2);
    // A paging filter is refused in the cell's language, with words about a count (no request).
    const paged = pt.runtime.runCustomFunction('CRM_COUNT', 'per_page=5');
    expect(paged.error?.message).toMatch(
      /^CRM_COUNT conta todos os leads .*não há página a escolher\.$/,
    );
    expect(pt.requests()).toHaveLength(2);
  });
});
