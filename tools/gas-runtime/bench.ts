import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGasRuntime } from './index';

/**
 * Wall-clock overhead of the local runtime: one execution (fresh realm, bundle run,
 * trivial call) and one UrlFetchApp.fetch, routed in-process and over real HTTP.
 * Medians of 20 after a warm-up.
 */
export interface RuntimeBenchmark {
  bundleBytes: number;
  executionOverheadMs: number;
  fetchOverheadMs: number;
  realHttpFetchMs: number;
}

const SAMPLES = 20;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return Math.round(value * 1000) / 1000;
}

function timeRuns(run: () => void): number {
  run(); // warm-up: compile and cache
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** A ~100 KB stand-in when dist/Code.js has not been built. */
function syntheticBundle(): string {
  const helpers = Array.from(
    { length: 2_000 },
    (_, i) => `function helper${i}(a, b) { return a * ${i} + b - ${i}; }`,
  );
  return helpers.join('\n');
}

const PROBES = `
function __benchNoop() { return 1; }
function __benchFetch(url, n) { for (var i = 0; i < n; i++) UrlFetchApp.fetch(url, { muteHttpExceptions: true }); }`;

/** Fetches per timed execution, so that one fetch's cost stands out of the execution's noise. */
const FETCHES_PER_RUN = 50;

async function withChildServer<T>(use: (base: string) => T): Promise<T> {
  const source = `const s = require('node:http').createServer((q, r) => r.end('{}'));
    s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
    });
    return use(`http://127.0.0.1:${port}`);
  } finally {
    child.kill();
  }
}

export async function benchRuntime(
  options: { bundlePath?: string } = {},
): Promise<RuntimeBenchmark> {
  const bundlePath = options.bundlePath ?? 'dist/Code.js';
  const { readFileSync } = await import('node:fs');
  const bundle = existsSync(bundlePath) ? readFileSync(bundlePath, 'utf8') : syntheticBundle();
  const code = `${bundle}\n${PROBES}`;
  const routed = createGasRuntime({
    code,
    fetch: () => ({ status: 200, headers: {}, body: '{}' }),
  });
  const executionOverheadMs = timeRuns(() => routed.runOrThrow('__benchNoop'));
  const perFetch = (runMs: number) =>
    Math.round((Math.max(0, runMs - executionOverheadMs) / FETCHES_PER_RUN) * 1000) / 1000;
  const fetchOverheadMs = perFetch(
    timeRuns(() =>
      routed.runOrThrow('__benchFetch', 'https://crm.example/v1/account', FETCHES_PER_RUN),
    ),
  );
  const realHttpFetchMs = await withChildServer((base) => {
    const real = createGasRuntime({ code });
    try {
      return perFetch(
        timeRuns(() => real.runOrThrow('__benchFetch', `${base}/v1/account`, FETCHES_PER_RUN)),
      );
    } finally {
      real.close();
    }
  });
  return {
    bundleBytes: Buffer.byteLength(code),
    executionOverheadMs,
    fetchOverheadMs,
    realHttpFetchMs,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchRuntime().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
