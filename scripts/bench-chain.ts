/**
 * Only the trigger-chain rows of `npm run bench` (issue 30): import and send of 1,000 rows per
 * profile and lateness, and two people sending with one key. Run `npm run build` first.
 *
 *   npx tsx scripts/bench-chain.ts [profile...] [--only=import|send|shared] [--mode=create]
 *
 * One line per row: req/min · trigger min per 1,000 rows · executions · Properties calls a row
 * (`--mode=create`: the import in mode create). BENCH_TRACE=1 prints
 * each execution (bench-figures.ts).
 */
import type { LatencyProfileName, TriggerLateness } from '../tools/gas-runtime/index';
import { PROFILES } from './bench-figures';
import { benchImport } from './bench-import';
import { CHAIN_ROWS, RATE_ROWS } from './bench-profile';
import { benchSend } from './bench-send';
import { benchSharedKey } from './bench-shared-key';

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const mode = args.includes('--mode=create') ? 'create' : undefined;
const named = args.filter((a) => !a.startsWith('--')) as LatencyProfileName[];
const profiles = named.length > 0 ? named : PROFILES;
const latenesses: TriggerLateness[] = ['uniform', 'longTail'];

for (const profile of profiles) {
  const chain = { profile, rows: CHAIN_ROWS, driver: 'trigger' } as const;
  for (const job of ['import', 'send'] as const) {
    if (only && only !== job) continue;
    for (const lateness of latenesses) {
      const f =
        job === 'import'
          ? await benchImport({ ...chain, lateness, ...(mode ? { mode } : {}) })
          : await benchSend({ ...chain, lateness });
      console.log(
        `${profile.padEnd(9)} ${job.padEnd(6)} ${lateness.padEnd(9)} ${String(f.perMin).padStart(5)}/min · ${f.triggerMinPer1k} trigger min · ${f.executions} executions · ${f.minutes} min · ${f.props} props/row`,
      );
    }
  }
  if (profile === 'typical' && (!only || only === 'shared')) {
    const f = await benchSharedKey(profile, RATE_ROWS);
    console.log(`${profile.padEnd(9)} shared-key          ${String(f.perMin).padStart(5)}/min`);
  }
}
