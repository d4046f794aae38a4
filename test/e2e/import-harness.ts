/**
 * The add-on bundle running in the local Apps Script runtime against an in-process sandbox on
 * the same simulated clock, set up for import tests and the import benchmark.
 */
import {
  createSandbox,
  DEMO_KEYS,
  DEMO_NOW,
  type Sandbox,
  type SandboxOptions,
} from '../../sandbox/index';
import { bundleAddon } from '../../scripts/build/bundle';
import type { HttpRequest } from '../../src/api/transport';
import {
  createGasRuntime,
  createSimulatedClock,
  type GasRuntime,
  type GasRuntimeOptions,
  routeToSandbox,
  type SimulatedClock,
} from '../../tools/gas-runtime/index';
import type { ImportSheet } from './import-sheet';

export const SANDBOX_ORIGIN = 'http://localhost:8787';
export const BASE_URL = `${SANDBOX_ORIGIN}/api/v1`;
export const SHEET = 'Leads';
const TEST_DEFAULT_BASE_URL = 'https://crm.example.com/api/v1';

const bundles = new Map<boolean, Promise<string>>();

/**
 * dist/Code.js as scripts/build.ts makes it, built in memory (so tests never race a build of
 * dist/), once per deployment kind: a bound script, or a published add-on (hourly triggers).
 */
export function importBundle(publishedAddon = false): Promise<string> {
  let pending = bundles.get(publishedAddon);
  if (!pending) {
    pending = bundleAddon({ baseUrl: TEST_DEFAULT_BASE_URL, publishedAddon }).then((b) => b.code);
    bundles.set(publishedAddon, pending);
  }
  return pending;
}

export interface ImportWorld {
  runtime: GasRuntime;
  sandbox: Sandbox;
  clock: SimulatedClock;
  /** Called before the sandbox answers each request: a test may edit the sheet "during" it. */
  onRequest: ((request: HttpRequest) => void) | null;
  /** Current values of a column of the data rows, by header. */
  column(header: string): unknown[];
  statuses(): string[];
  /** Sandbox log entries of POST /leads/upsert. */
  upserts(): ReturnType<Sandbox['requests']>;
}

export interface WorldOptions {
  sheet: ImportSheet;
  publishedAddon?: boolean;
  sandbox?: Omit<SandboxOptions, 'now'>;
  runtime?: Omit<GasRuntimeOptions, 'code' | 'clock' | 'fetch' | 'workbook' | 'publishedAddon'>;
}

export async function createImportWorld(options: WorldOptions): Promise<ImportWorld> {
  const code = await importBundle(options.publishedAddon ?? false);
  const clock = createSimulatedClock(DEMO_NOW);
  const sandbox = createSandbox({
    seed: 'empty',
    leadLimit: 1_000_000,
    ...options.sandbox,
    now: () => clock.now(),
  });
  const route = routeToSandbox(sandbox, SANDBOX_ORIGIN);
  const world: ImportWorld = {
    runtime: undefined as unknown as GasRuntime,
    sandbox,
    clock,
    onRequest: null,
    column(header) {
      const values = world.runtime.sheet(SHEET).getValues();
      const index = (values[0] ?? []).indexOf(header);
      const rows = values.slice(1);
      return rows.map((row) => (index < 0 ? '' : row[index]));
    },
    statuses: () => world.column('CRM Import Status').map((v) => String(v ?? '')),
    upserts: () => sandbox.requests().filter((r) => r.path.startsWith('/api/v1/leads/upsert')),
  };
  world.runtime = createGasRuntime({
    ...options.runtime,
    code,
    clock,
    publishedAddon: options.publishedAddon ?? false,
    workbook: {
      sheets: { [SHEET]: [options.sheet.header, ...options.sheet.rows] },
      timeZone: 'America/Sao_Paulo',
    },
    fetch: (request) => {
      world.onRequest?.(request);
      return route(request);
    },
  });
  world.runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
  sandbox.clearRequests();
  // A full rate-limit budget to start with.
  clock.advance(61_000);
  return world;
}

/** Most requests in any 60-second window: the CRM allows 60 per key. */
export function busiestMinute(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= 60_000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export { DEMO_KEYS };
