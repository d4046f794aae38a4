/**
 * The add-on world (addon-harness.ts) set up for import tests and the import benchmark: one
 * sheet to import into an empty CRM, with a full rate-limit budget to start with.
 */
import type { Sandbox, SandboxOptions } from '../../sandbox/index';
import {
  type AddonRuntimeOptions,
  type AddonWorld,
  createAddonWorld,
  sheetColumn,
  waitOutRateWindow,
} from './addon-harness';
import type { ImportSheet } from './import-sheet';

export { BASE_URL, busiestMinute, DEMO_KEYS, SANDBOX_ORIGIN } from './addon-harness';
export const SHEET = 'Leads';

export interface ImportWorld extends AddonWorld {
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
  runtime?: Omit<AddonRuntimeOptions, 'workbook' | 'publishedAddon'>;
}

export async function createImportWorld(options: WorldOptions): Promise<ImportWorld> {
  const base = await createAddonWorld({
    sandbox: { seed: 'empty', leadLimit: 1_000_000, ...options.sandbox },
    runtime: {
      ...options.runtime,
      publishedAddon: options.publishedAddon ?? false,
      workbook: {
        sheets: { [SHEET]: [options.sheet.header, ...options.sheet.rows] },
        timeZone: 'America/Sao_Paulo',
      },
    },
  });
  const world: ImportWorld = Object.assign(base, {
    column: (header: string) => sheetColumn(base.runtime, SHEET, header),
    statuses: () => world.column('CRM Import Status').map((v) => String(v ?? '')),
    upserts: () => base.sandbox.requests().filter((r) => r.path.startsWith('/api/v1/leads/upsert')),
  });
  waitOutRateWindow(world);
  return world;
}
