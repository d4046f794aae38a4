/**
 * The add-on bundle running in the local Apps Script runtime against an in-process sandbox on
 * the same simulated clock: the one set-up the import, export, send, schedule and
 * custom-function tests (and the benchmarks) build their worlds on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  type ServiceCallEvent,
  type SimulatedClock,
} from '../../tools/gas-runtime/index';
import { BUNDLE_DEFAULT_BASE_URL, BUNDLE_DIR_ENV, bundleFileName } from '../setup/bundle-files';

export { busiestMinute } from '../unit/core/jobs/fakes';

export const SANDBOX_ORIGIN = 'http://localhost:8787';
export const BASE_URL = `${SANDBOX_ORIGIN}/api/v1`;
const bundles = new Map<boolean, Promise<string>>();

/**
 * dist/Code.js as scripts/build.ts makes it, built in memory (so tests never race a build of
 * dist/), once per deployment kind: a bound script, or a published add-on (hourly triggers).
 * Under `vitest run` the global setup (test/setup/bundles.ts) has built both once for the whole
 * run; a benchmark script or watch mode bundles here, once per process.
 */
export function addonBundle(publishedAddon = false): Promise<string> {
  let pending = bundles.get(publishedAddon);
  if (!pending) {
    const dir = process.env[BUNDLE_DIR_ENV];
    const built = dir === undefined ? undefined : join(dir, bundleFileName(publishedAddon));
    pending =
      built !== undefined && existsSync(built)
        ? Promise.resolve(readFileSync(built, 'utf8'))
        : bundleAddon({ baseUrl: BUNDLE_DEFAULT_BASE_URL, publishedAddon }).then((b) => b.code);
    bundles.set(publishedAddon, pending);
  }
  return pending;
}

export interface AddonWorld {
  runtime: GasRuntime;
  sandbox: Sandbox;
  clock: SimulatedClock;
  /** Called before the sandbox answers each request: a test may edit the sheet "during" it. */
  onRequest: ((request: HttpRequest) => void) | null;
  /** Apps Script's refusal of a request before it leaves (a quota message), or undefined to send it. */
  refuse: ((request: HttpRequest) => string | undefined) | null;
  /** Called before each service call of every execution: a test may edit the sheet "between" two calls. */
  onServiceCall: ((event: ServiceCallEvent) => void) | null;
}

export type AddonRuntimeOptions = Omit<GasRuntimeOptions, 'code' | 'clock' | 'fetch'>;

export interface AddonWorldOptions {
  sandbox?: Omit<SandboxOptions, 'now'>;
  /** Runtime options; a function when they depend on the sandbox's data (a sheet of its leads). */
  runtime?: AddonRuntimeOptions | ((sandbox: Sandbox) => AddonRuntimeOptions);
  /** Save settings with this key (default the demo admin key); null saves none. */
  apiKey?: string | null;
}

/**
 * A sandbox and the runtime on one simulated clock starting at DEMO_NOW, settings saved with
 * crmConfigure (its own request is cleared from the sandbox's log).
 */
export async function createAddonWorld(options: AddonWorldOptions = {}): Promise<AddonWorld> {
  const clock = createSimulatedClock(DEMO_NOW);
  const sandbox = createSandbox({ ...options.sandbox, now: () => clock.now() });
  const runtimeOptions =
    typeof options.runtime === 'function' ? options.runtime(sandbox) : (options.runtime ?? {});
  const code = await addonBundle(runtimeOptions.publishedAddon ?? false);
  const route = routeToSandbox(sandbox, SANDBOX_ORIGIN);
  const world: AddonWorld = {
    runtime: undefined as unknown as GasRuntime,
    sandbox,
    clock,
    onRequest: null,
    refuse: null,
    onServiceCall: null,
  };
  world.runtime = createGasRuntime({
    ...runtimeOptions,
    code,
    clock,
    onServiceCall: (event) => world.onServiceCall?.(event),
    fetch: (request) => {
      const refusal = world.refuse?.(request);
      if (refusal !== undefined) return { status: 0, headers: {}, body: '', refuse: refusal };
      world.onRequest?.(request);
      return route(request);
    },
  });
  const apiKey = options.apiKey === undefined ? DEMO_KEYS.admin : options.apiKey;
  if (apiKey !== null) world.runtime.runOrThrow('crmConfigure', { apiKey, baseUrl: BASE_URL });
  sandbox.clearRequests();
  return world;
}

/** Moves simulated time past the rate-limit window, so a test starts with a full budget. */
export function waitOutRateWindow(world: { clock: SimulatedClock }): void {
  world.clock.advance(61_000);
}

/**
 * Drives a started job until no work is left, as a user's set-up would: the open sidebar
 * calling uiContinueJob when it is told to (the trigger it keeps as a safety net then fires and
 * finds nothing to do), or the bound script's one-off trigger chain alone. `maxRuns` bounds the
 * sidebar's calls or the trigger executions.
 */
export function driveJob(
  world: { runtime: GasRuntime; clock: SimulatedClock },
  jobId: string,
  driver: 'sidebar' | 'trigger',
  maxRuns: number,
): void {
  const { runtime, clock } = world;
  if (driver === 'trigger') {
    runtime.runUntilIdle({ maxExecutions: maxRuns });
    return;
  }
  for (let calls = 0; calls < maxRuns; calls++) {
    const result = runtime.runOrThrow('uiContinueJob', jobId) as { callAgainInMs?: number };
    if (result.callAgainInMs === undefined) break;
    clock.advance(result.callAgainInMs);
  }
  runtime.runUntilIdle({ maxExecutions: 5 });
}

/** Current values of a column of a sheet's data rows (header on row 1), by header. */
export function sheetColumn(runtime: GasRuntime, sheet: string, header: string): unknown[] {
  const values = runtime.sheet(sheet).getValues();
  const index = (values[0] ?? []).indexOf(header);
  return values.slice(1).map((row) => (index < 0 ? '' : row[index]));
}

export { DEMO_KEYS, DEMO_NOW };

/**
 * Adds a pending mandatory task in the lead's current stage, one the stage's spec does not name
 * (added in the CRM, or left by a spec changed since): the CRM holds the lead's moves until it
 * is done. Returns the stored task, to complete it later.
 */
export function addMandatoryTask(sandbox: Sandbox, leadId: number, subject: string) {
  const lead = sandbox.state.leads.find((l) => l.id === leadId);
  if (!lead) throw new Error(`no lead ${leadId}`);
  const task = {
    id: 990_000 + sandbox.state.tasks.length,
    account_id: lead.account_id,
    lead_id: lead.id,
    stage_id: lead.stage_id,
    is_required: true,
    subject,
    description: null,
    type: 'task',
    status: 'pending',
    priority: 'high',
    due_date: '2026-11-30',
    due_time: null,
    completed_at: null,
    assigned_to: lead.assigned_to,
    created_at: lead.updated_at,
    updated_at: lead.updated_at,
  } as (typeof sandbox.state.tasks)[number];
  sandbox.state.tasks.push(task);
  return task;
}
