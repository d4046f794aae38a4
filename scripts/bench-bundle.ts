import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext, Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { createSandbox, DEMO_KEYS, DEMO_NOW } from '../sandbox/index';
import { BASE_URL, SANDBOX_ORIGIN } from '../test/e2e/addon-harness';
import { createGasRuntime, createSimulatedClock, routeToSandbox } from '../tools/gas-runtime/index';

export interface BundleFigures {
  rawKB: number;
  gzipKB: number;
  /** Median wall time of compiling and evaluating dist/Code.js in a fresh bare context. */
  medianLoadMs: number;
  /**
   * Median wall time of one recalculation of a cached `CRM_PIPELINES`: a fresh context with the
   * Apps Script services, a fresh compile of the bundle, its evaluation and the call.
   */
  medianColdFormulaMs: number;
  runs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Every custom-function call pays a bundle load, so this measures exactly that: a fresh
 * context holding only ECMAScript built-ins, a fresh compile (no code cache), one evaluation.
 */
export function benchBundleLoad(code: string, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const context = createContext({});
    new Script(`${code}\n//# run ${i}`).runInContext(context);
    runInContext('typeof CRM_LEADS', context);
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * A formula recalculation as Apps Script runs it: the local runtime (tools/gas-runtime) against
 * the sandbox, the formula's answer already cached by a first call. The runtime recompiles the
 * bundle whenever its file changes, so each run rewrites it with a different trailing comment:
 * V8's compilation cache, keyed by the source, never serves a run compiled code.
 */
export function benchColdFormula(code: string, runs: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  const bundlePath = join(dir, 'Code.js');
  const clock = createSimulatedClock(DEMO_NOW);
  const sandbox = createSandbox({ now: () => clock.now() });
  try {
    writeFileSync(bundlePath, code);
    const runtime = createGasRuntime({
      bundlePath,
      clock,
      fetch: routeToSandbox(sandbox, SANDBOX_ORIGIN),
    });
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
    runtime.runOrThrow('crmAllowFormulas', true);
    const first = runtime.runCustomFunction('CRM_PIPELINES');
    if (!first.ok) throw new Error(`CRM_PIPELINES failed: ${first.error?.message}`);
    const requests = sandbox.requests().length;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      writeFileSync(bundlePath, `${code}\n//# run ${'.'.repeat(i + 1)}`);
      const started = performance.now();
      const result = runtime.runCustomFunction('CRM_PIPELINES');
      times.push(performance.now() - started);
      if (!result.ok) throw new Error(`CRM_PIPELINES failed: ${result.error?.message}`);
    }
    if (sandbox.requests().length !== requests) {
      throw new Error('CRM_PIPELINES asked the CRM again: the measured calls were not cached.');
    }
    runtime.close();
    return median(times);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function benchBundle(path = 'dist/Code.js', runs = 20): BundleFigures {
  const code = readFileSync(path, 'utf8');
  return {
    rawKB: round(Buffer.byteLength(code) / 1024),
    gzipKB: round(gzipSync(code).length / 1024),
    medianLoadMs: round(benchBundleLoad(code, runs)),
    medianColdFormulaMs: round(benchColdFormula(code, runs)),
    runs,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(benchBundle(process.argv[2]));
}
