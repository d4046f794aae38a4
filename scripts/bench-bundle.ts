import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext, Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { createSandbox, DEMO_KEYS, DEMO_NOW } from '../sandbox/index';
import { BASE_URL, SANDBOX_ORIGIN } from '../test/e2e/addon-harness';
import { createGasRuntime, createSimulatedClock, routeToSandbox } from '../tools/gas-runtime/index';

/**
 * Wall time and this process's CPU time. The machine is shared, so wall time swings with its load;
 * CPU time (user + system, every thread of the process) is what the work itself costs.
 */
interface Timer {
  wall: number[];
  cpu: number[];
  time(work: () => void): void;
}

function timer(): Timer {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const t: Timer = {
    wall: [],
    cpu: [],
    time(work) {
      const wall = performance.now();
      const cpu = cpuMs();
      work();
      t.cpu.push(cpuMs() - cpu);
      t.wall.push(performance.now() - wall);
    },
  };
  return t;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export interface BundleFigures {
  rawKB: number;
  gzipKB: number;
  /** Median time of compiling and evaluating dist/Code.js in a fresh bare context. */
  loadMs: number;
  loadCpuMs: number;
  /**
   * Median time of one recalculation of a cached `CRM_PIPELINES`: a fresh context with the Apps
   * Script services, a fresh compile of the bundle, its evaluation and the call.
   */
  coldFormulaMs: number;
  coldFormulaCpuMs: number;
  /** The same, when V8 still holds the bundle compiled (as the local runtime keeps it). */
  coldFormulaCompiledCpuMs: number;
  runs: number;
}

/**
 * Every custom-function call pays a bundle load, so this measures exactly that: a fresh
 * context holding only ECMAScript built-ins, a fresh compile (no code cache), one evaluation.
 */
export function benchBundleLoad(code: string, runs: number): Timer {
  const load = timer();
  for (let i = 0; i < runs; i++) {
    load.time(() => {
      const context = createContext({});
      new Script(`${code}\n//# run ${i}`).runInContext(context);
      runInContext('typeof CRM_LEADS', context);
    });
  }
  return load;
}

/**
 * A formula recalculation as Apps Script runs it: the local runtime (tools/gas-runtime) against
 * the sandbox, the formula's answer already cached by a first call. The runtime recompiles the
 * bundle whenever its file changes, so each run rewrites it with a different trailing comment:
 * V8's compilation cache, keyed by the source, never serves a run compiled code. A second call
 * with the file unchanged measures the same with the compiled bundle kept.
 */
export function benchColdFormula(code: string, runs: number): { fresh: Timer; compiled: Timer } {
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
    const call = () => {
      const result = runtime.runCustomFunction('CRM_PIPELINES');
      if (!result.ok) throw new Error(`CRM_PIPELINES failed: ${result.error?.message}`);
    };
    call();
    const requests = sandbox.requests().length;
    const fresh = timer();
    const compiled = timer();
    for (let i = 0; i < runs; i++) {
      writeFileSync(bundlePath, `${code}\n//# run ${'.'.repeat(i + 1)}`);
      fresh.time(call);
      compiled.time(call);
    }
    if (sandbox.requests().length !== requests) {
      throw new Error('CRM_PIPELINES asked the CRM again: the measured calls were not cached.');
    }
    runtime.close();
    return { fresh, compiled };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function benchBundle(path = 'dist/Code.js', runs = 20): BundleFigures {
  const code = readFileSync(path, 'utf8');
  const load = benchBundleLoad(code, runs);
  const formula = benchColdFormula(code, runs);
  return {
    rawKB: round(Buffer.byteLength(code) / 1024),
    gzipKB: round(gzipSync(code).length / 1024),
    loadMs: round(median(load.wall)),
    loadCpuMs: round(median(load.cpu)),
    coldFormulaMs: round(median(formula.fresh.wall)),
    coldFormulaCpuMs: round(median(formula.fresh.cpu)),
    coldFormulaCompiledCpuMs: round(median(formula.compiled.cpu)),
    runs,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(benchBundle(process.argv[2]));
}
