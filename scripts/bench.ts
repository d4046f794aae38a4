import { existsSync } from 'node:fs';
import { benchBundle } from './bench-bundle';

/**
 * `npm run bench`: every figure the closing notes quote, printed. Each part is its own module
 * (runnable alone with tsx); this runs them in order and prints one table each.
 */
type Bench = { title: string; module: string; fn: string };

const BENCHES: Bench[] = [
  {
    title: 'Import core: mapping + validation CPU over 10,000 rows',
    module: './bench-import-core.ts',
    fn: 'benchImportCore',
  },
  {
    title: 'Local Apps Script runtime overhead',
    module: '../tools/gas-runtime/bench.ts',
    fn: 'benchRuntime',
  },
  {
    title: 'Sandbox throughput on loopback (autocannon)',
    module: './bench-sandbox.ts',
    fn: 'benchSandbox',
  },
  {
    title: 'Import of 1,000 rows in simulated time',
    module: './bench-import.ts',
    fn: 'benchImport',
  },
  {
    title: 'Bulk template send of 1,000 rows in simulated time',
    module: './bench-send.ts',
    fn: 'benchSend',
  },
  {
    title: 'Export of 10,000 leads in simulated time',
    module: './bench-export.ts',
    fn: 'benchExport',
  },
];

console.log('\n## Bundle: dist/Code.js (raw, gzip, median load in a fresh bare V8 context)');
console.table(benchBundle());

for (const bench of BENCHES) {
  const path = new URL(bench.module, import.meta.url);
  if (!existsSync(path)) {
    console.log(`\n## ${bench.title}: skipped (${bench.module} not present)`);
    continue;
  }
  const mod = (await import(path.href)) as Record<string, () => unknown>;
  const run = mod[bench.fn];
  if (typeof run !== 'function') throw new Error(`${bench.module} does not export ${bench.fn}()`);
  console.log(`\n## ${bench.title}`);
  const figures = await run();
  console.table(figures);
}
