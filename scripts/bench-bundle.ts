import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext, Script } from 'node:vm';
import { gzipSync } from 'node:zlib';

export interface BundleFigures {
  rawKB: number;
  gzipKB: number;
  /** Median wall time of compiling and evaluating dist/Code.js in a fresh bare context. */
  medianLoadMs: number;
  runs: number;
}

/**
 * Every custom-function call pays a bundle load, so this measures exactly that: a fresh
 * context holding only ECMAScript built-ins, a fresh compile (no code cache), one evaluation.
 */
export function benchBundle(path = 'dist/Code.js', runs = 20): BundleFigures {
  const code = readFileSync(path, 'utf8');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const context = createContext({});
    new Script(`${code}\n//# run ${i}`).runInContext(context);
    runInContext('typeof CRM_LEADS', context);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    rawKB: round(Buffer.byteLength(code) / 1024),
    gzipKB: round(gzipSync(code).length / 1024),
    medianLoadMs: round(times[Math.floor(runs / 2)] ?? Number.NaN),
    runs,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(benchBundle());
}
