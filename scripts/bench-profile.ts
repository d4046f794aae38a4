/**
 * Every import, send and export figure for one latency profile, or for a 10,000-row sheet
 * (typical profile): the units `npm run bench` runs side by side, one process each.
 *
 *   npx tsx scripts/bench-profile.ts <fast|typical|slow|verySlow|big>   (prints JSON)
 *
 * Rates need a few budgets of 60, not a thousand rows: the sidebar runs use RATE_ROWS. The
 * trigger chain runs 1,000 rows, because its wall time for 1,000 rows is a figure itself.
 */
import { pathToFileURL } from 'node:url';
import type { LatencyProfileName } from '../tools/gas-runtime/index';
import { benchLeadActions } from './bench-actions';
import { benchExport } from './bench-export';
import { type JobFigures, PROFILES } from './bench-figures';
import { benchImport } from './bench-import';
import { benchPush } from './bench-push';
import { benchSend } from './bench-send';
import { benchSharedKey } from './bench-shared-key';

export const RATE_ROWS = 300;
export const CHAIN_ROWS = 1_000;
export const EXPORT_LEADS = 2_000;
export const BIG_SHEET_ROWS = 10_000;

export type BenchUnit = LatencyProfileName | 'big';

/**
 * The unattended runs (trigger chains) go once per lateness distribution of one-off triggers:
 * 0–60 s uniform and a long tail (tools/gas-runtime/costs.ts), so the chain is not tuned to one.
 * Two people sending with one key run at the typical profile.
 */
export async function benchProfile(profile: LatencyProfileName): Promise<JobFigures[]> {
  const chain = { profile, rows: CHAIN_ROWS, driver: 'trigger' } as const;
  return [
    await benchImport({ profile, rows: RATE_ROWS, driver: 'sidebar' }),
    await benchImport({ ...chain, lateness: 'uniform' }),
    await benchImport({ ...chain, lateness: 'longTail' }),
    await benchSend({ profile, rows: RATE_ROWS, driver: 'sidebar' }),
    await benchSend({ ...chain, lateness: 'uniform' }),
    await benchSend({ ...chain, lateness: 'longTail' }),
    await benchExport(profile, EXPORT_LEADS),
    ...(await benchLeadActions(profile)),
    ...(await benchPush(profile)),
    ...(profile === 'typical'
      ? [(await benchSharedKey(profile, RATE_ROWS)) as unknown as JobFigures]
      : []),
  ];
}

/**
 * A 10,000-row sheet at the typical profile. Import and send are measured on their first slice
 * (one execution of up to 4.5 minutes): per-row figures of a big sheet, without running the
 * hours a whole sheet takes at 60 requests a minute.
 */
export async function benchBigSheet(): Promise<JobFigures[]> {
  const profile = 'typical';
  const first = { profile, rows: BIG_SHEET_ROWS, driver: 'sidebar', firstSliceOnly: true } as const;
  return [
    await benchImport(first),
    await benchSend(first),
    await benchExport(profile, BIG_SHEET_ROWS),
  ];
}

export function benchUnit(unit: BenchUnit): Promise<JobFigures[]> {
  return unit === 'big' ? benchBigSheet() : benchProfile(unit);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const unit = process.argv[2] as BenchUnit;
  if (unit !== 'big' && !PROFILES.includes(unit))
    throw new Error(`Pass one of ${[...PROFILES, 'big'].join(', ')}.`);
  process.stdout.write(`${JSON.stringify(await benchUnit(unit))}\n`);
}
