/**
 * The add-on world set up for push tests (PRODUCT.md "Round trip"): a pt_BR spreadsheet, the
 * demo account with `count` plain leads tagged `lote` (each with an e-mail and a phone, in a
 * Vendas stage that is neither won nor lost, with no mandatory task pending), exported into the
 * sheet `Export`; helpers to edit the sheet as a person would and to read the CRM.
 */
import { DEMO } from '../../sandbox/index';
import type { JobSummary } from '../../src/core/jobs/record';
import { plainLeads } from './actions-harness';
import { type AddonWorld, createAddonWorld, waitOutRateWindow } from './addon-harness';

export const PUSH_SHEET = 'Export';
export const PUSH_COLUMNS =
  'id,name,email,phone,company,value,pipeline,stage,tags,source,owner_name';

export interface PushWorld extends AddonWorld {
  ids: number[];
  run(fn: string, ...args: unknown[]): JobSummary;
  /** The sheet's cell of `header` on the row of lead `id` (1-based sheet row found by id). */
  rowOf(id: number): number;
  set(id: number, header: string, value: unknown): void;
  cell(id: number, header: string): unknown;
  status(id: number): string;
  detail(id: number): string;
  lead(id: number): Record<string, unknown> & { tags: string[] };
  writes(): string[];
}

/** `locale`: the spreadsheet's (`getSpreadsheetLocale`), pt_BR unless said. */
export async function createPushWorld(
  count = 60,
  locale = 'pt_BR',
  columns = PUSH_COLUMNS,
): Promise<PushWorld> {
  let ids: number[] = [];
  const base = await createAddonWorld({
    sandbox: { seed: 'demo' },
    runtime: (sandbox) => {
      const leads = plainLeads(sandbox, 250).filter(
        (l) =>
          l.email &&
          l.phone &&
          l.pipeline_id === DEMO.pipelines.vendas &&
          l.stage_id !== DEMO.stages.ganho &&
          l.stage_id !== DEMO.stages.perdido,
      );
      const chosen = leads.slice(0, count);
      if (chosen.length < count) throw new Error(`only ${chosen.length} leads fit`);
      for (const lead of chosen) lead.tags = ['lote', 'lote2'];
      ids = chosen.map((l) => l.id);
      return {
        publishedAddon: false,
        workbook: { sheets: { Planilha1: [] }, locale, timeZone: 'America/Sao_Paulo' },
      };
    },
  });
  const values = () => base.runtime.sheet(PUSH_SHEET).getValues();
  const columnOf = (header: string) => {
    // Case aside, as the add-on matches headers: an en_US export writes `id`, a pt_BR one `ID`.
    const index = (values()[0] ?? []).findIndex(
      (cell) => String(cell).toLowerCase() === header.toLowerCase(),
    );
    if (index < 0) throw new Error(`no column ${header}`);
    return index;
  };
  const world: PushWorld = Object.assign(base, {
    ids,
    run(fn: string, ...args: unknown[]) {
      const started = base.runtime.runOrThrow(fn, ...args) as JobSummary;
      base.runtime.runUntilIdle({ maxExecutions: 80 });
      return base.runtime.runOrThrow('crmGetJob', started.jobId) as JobSummary;
    },
    rowOf(id: number) {
      const at = columnOf('ID');
      const index = values().findIndex((row, i) => i > 0 && Number(row[at]) === id);
      if (index < 0) throw new Error(`no row for lead ${id}`);
      return index + 1;
    },
    set(id: number, header: string, value: unknown) {
      base.runtime.sheet(PUSH_SHEET).setValues(world.rowOf(id), columnOf(header) + 1, [[value]]);
    },
    cell(id: number, header: string) {
      return values()[world.rowOf(id) - 1]?.[columnOf(header)];
    },
    status: (id: number) => String(world.cell(id, 'CRM Push Status') ?? ''),
    detail: (id: number) => String(world.cell(id, 'CRM Push Detail') ?? ''),
    lead(id: number) {
      const lead = base.sandbox.state.leads.find((l) => l.id === id);
      if (!lead) throw new Error(`no lead ${id}`);
      return lead as unknown as Record<string, unknown> & { tags: string[] };
    },
    writes: () =>
      base.sandbox
        .requests()
        .filter((r) => r.method !== 'GET' && !r.path.includes('2147483647'))
        .map((r) => `${r.method} ${r.path}`),
  });
  const exported = world.run('crmExportLeads', {
    sheet: PUSH_SHEET,
    filters: { tags: ['lote'] },
    columns,
  });
  if (exported.state !== 'done') throw new Error(`export ${exported.state}: ${exported.message}`);
  waitOutRateWindow(world);
  return world;
}
