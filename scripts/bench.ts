import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchRuntime } from '../tools/gas-runtime/bench';
import { benchBundle } from './bench-bundle';
import { benchEta } from './bench-eta';
import { benchCustomFunction } from './bench-export';
import { type JobFigures, PROFILE_LABELS, PROFILES } from './bench-figures';
import { benchImportPlanning } from './bench-import';
import { benchImportCore } from './bench-import-core';
import {
  type BenchUnit,
  BIG_SHEET_ROWS,
  CHAIN_ROWS,
  EXPORT_LEADS,
  RATE_ROWS,
} from './bench-profile';
import { benchSandbox } from './bench-sandbox';

/**
 * `npm run bench`: every figure the closing notes quote, printed. The import, send and export
 * figures run in simulated time under each latency profile of the local runtime
 * (tools/gas-runtime/costs.ts), one child process per profile, as many at once as there are
 * cores; requests are counted when they arrive at the CRM sandbox.
 */
const UNITS: BenchUnit[] = [...PROFILES, 'big'];
const HEAVIEST_FIRST: BenchUnit[] = ['big', ...[...PROFILES].reverse()];
const PROFILE_SCRIPT = fileURLToPath(new URL('./bench-profile.ts', import.meta.url));

const LEGEND = `Columns: perMin = the job's answered requests (upserts, sends or export pages) per minute,
sustained over whole budgets of 60 from the 61st, on arrival; busiest60s = most requests of any
kind arriving in one 60 s window (the CRM allows 60); r429 = requests refused with 429;
sheetCalls, props, cellsRead, cellsWritten = SpreadsheetApp calls, Properties reads/writes and
cells moved per row; flushes and executions in total; triggerMinPer1k = summed trigger
execution time per 1,000 rows, minutes (a Gmail account gets 90 a day); minutes = simulated
time to the job's last answer. Sidebar runs: ${RATE_ROWS} rows; trigger chain: ${CHAIN_ROWS.toLocaleString('en')} rows
with the sidebar closed right after the start, one-off triggers firing 0–60 s late (uniform) or
on a long tail (70% within 15 s, 25% 15–90 s, 5% 90–300 s); export: ${EXPORT_LEADS.toLocaleString('en')} leads.
Two people, one key (typical profile): ${RATE_ROWS} rows each, both sending with the team's key
from their own trigger chains; ana / bia = rows each sent, perMin = both together.`;

function title(unit: BenchUnit): string {
  return unit === 'big'
    ? `A ${BIG_SHEET_ROWS.toLocaleString('en')}-row sheet, ${PROFILE_LABELS.typical}: import and send measured on their first slice`
    : `Profile ${PROFILE_LABELS[unit]}`;
}

/** Runs one unit in its own process (a core each) and parses the figures it prints. */
function runUnit(unit: BenchUnit): Promise<JobFigures[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', PROFILE_SCRIPT, unit], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`bench-profile ${unit} exited with ${code}`));
      else resolve(JSON.parse(last) as JobFigures[]);
    });
  });
}

/** Runs tasks at most `parallel` at a time. */
function limiter(parallel: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= parallel) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

const started = Date.now();

// CPU timings first, alone, so that the profile runs below do not slow them down.
console.log(
  '\n## Bundle: dist/Code.js (raw, gzip, median load in a fresh bare V8 context, median cached CRM_* formula in a fresh context)',
);
console.table(benchBundle());
console.log('\n## Import core: mapping + validation CPU over 10,000 rows');
console.table(benchImportCore());
console.log('\n## Import planning: one step re-plans a 10,000-row sheet (CPU)');
console.table(benchImportPlanning());
console.log('\n## A cached custom function, cold (fresh context + bundle + one call)');
console.table(await benchCustomFunction());
console.log('\n## Local Apps Script runtime overhead');
console.table(await benchRuntime());
console.log('\n## The ETA a person reads before closing the panel: a send of 1,000 rows');
console.table(benchEta());
console.log('\n## Sandbox throughput on loopback (autocannon)');
console.table(await benchSandbox(4));

// The job figures: the heaviest units start first; tables print in UNITS order.
const run = limiter(Math.max(1, Math.min(2, availableParallelism())));
const pending = new Map(HEAVIEST_FIRST.map((unit) => [unit, run(() => runUnit(unit))] as const));
console.log(`\n${LEGEND}`);
for (const unit of UNITS) {
  console.log(`\n## ${title(unit)}`);
  console.table(await pending.get(unit));
}

console.log(`\nBench finished in ${Math.round((Date.now() - started) / 1000)} s.`);
