/**
 * The add-on world (addon-harness.ts) set up for export, schedule and custom-function tests and
 * the export benchmark: the demo account (or another seed), plus helpers that reach into the
 * sandbox directly.
 */
import { DEMO_KEYS, type Sandbox, type SandboxOptions } from '../../sandbox/index';
import type { SheetModel } from '../../tools/gas-runtime/index';
import { newMetadataId } from '../../tools/gas-runtime/workbook';
import {
  type AddonRuntimeOptions,
  type AddonWorld,
  addonBundle,
  createAddonWorld,
} from './addon-harness';

export {
  BASE_URL,
  DEMO_KEYS,
  DEMO_NOW,
  SANDBOX_ORIGIN,
  waitOutRateWindow,
} from './addon-harness';

/** dist/Code.js as scripts/build.ts makes it (a bound script), without writing it. */
export function buildBundle(): Promise<string> {
  return addonBundle(false);
}

export interface Harness extends AddonWorld {
  /** Sandbox API requests since the last clearRequests (the sandbox's own log). */
  requests(): ReturnType<Sandbox['requests']>;
}

export interface HarnessOptions {
  sandbox?: Omit<SandboxOptions, 'now'>;
  runtime?: AddonRuntimeOptions;
  /** Save settings with this key (default the demo admin key); null saves none. */
  apiKey?: string | null;
  /** Let the saved key serve CRM_* formulas in this spreadsheet (crmAllowFormulas). */
  allowFormulas?: boolean;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const world = await createAddonWorld(options);
  if (options.allowFormulas) world.runtime.runOrThrow('crmAllowFormulas', true);
  return Object.assign(world, { requests: () => world.sandbox.requests() });
}

/**
 * Marks a sheet the test typed as an export's, as crmExportLeads does (src/gas/export-target.ts):
 * the sheet, and its first `columns` columns as written by the export. Columns right of them are
 * a person's.
 */
export function markAsExport(sheet: SheetModel, columns: number): void {
  const mark = (key: string) => ({
    id: newMetadataId(),
    key,
    value: '',
    visibility: 'PROJECT' as const,
  });
  sheet.metadata.push(mark('crm.export'));
  for (let column = 0; column < columns; column++) {
    sheet.columnMetadata[column] = [mark('crm.export.column')];
  }
}

/** The demo account's leads as the sandbox holds them. */
export function accountLeads(sandbox: Sandbox, accountId = 1) {
  return sandbox.state.leads.filter((lead) => lead.account_id === accountId);
}

/**
 * Adds `count` leads to the demo account's state directly (the API would refuse past the plan's
 * lead limit and cost a request each). Spread over the last days, newest last.
 */
export function seedLeads(sandbox: Sandbox, count: number, now: number): void {
  const state = sandbox.state;
  const account = state.accounts.find((a) => a.id === 1);
  if (account) account.lead_limit = Math.max(account.lead_limit, 1_000_000);
  // The sandbox's own id counter, so leads created later through the API get fresh ids.
  const nextId = () => {
    const id = (state.sequences.leads ?? 0) + 1;
    state.sequences.leads = id;
    return id;
  };
  const stages = state.stages.filter((stage) => stage.pipeline_id === 1);
  for (let i = 0; i < count; i++) {
    const id = nextId();
    const stage = stages[i % stages.length];
    const at = new Date(now - (count - i) * 60_000).toISOString();
    state.leads.push({
      id,
      account_id: 1,
      name: `Lead Semeado ${id}`,
      phone: `+55119${String(70_000_000 + id).padStart(8, '0')}`,
      email: `semeado${id}@example.com.br`,
      company: i % 7 === 0 ? null : `Empresa ${i % 50}`,
      birthday: i % 5 === 0 ? '1990-03-15' : null,
      value: i % 3 === 0 ? null : 100 + (i % 97) * 10.5,
      source: ['site', 'chatapp', 'evento'][i % 3] ?? null,
      tags: i % 4 === 0 ? ['vip', 'semeado'] : ['semeado'],
      pipeline_id: 1,
      stage_id: stage?.id ?? 1,
      notes: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      custom_fields: i % 2 === 0 ? { cpf: `000.000.${String(id % 1000).padStart(3, '0')}-00` } : {},
      assigned_to: (i % 4) + 1,
      score: i % 100,
      score_updated_at: null,
      created_at: at,
      updated_at: at,
    });
  }
}

/** One sandbox API call with the demo admin key (counts against the key's rate limit). */
export function sandboxApi(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
): { status: number; json: any } {
  const response = sandbox.handle({
    method,
    path: `/api/v1${path}`,
    headers: {
      'X-API-Key': DEMO_KEYS.admin,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: JSON.parse(response.body || 'null') };
}
