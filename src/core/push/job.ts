import type { CrmClient } from '../../api';
import { translator } from '../i18n';
import type { DateOrder, DecimalMark } from '../import/normalize';
import type { JobHandler } from '../jobs/engine';
import type { LedgerRun } from '../jobs/pipeline/ledger/base';
import { ledgerJobHandler } from '../jobs/pipeline/ledger/handler';
import { Ledger } from '../jobs/pipeline/ledger/ledger';
import type { PipelineSheet } from '../jobs/pipeline/types';
import type { JobRecord } from '../jobs/record';
import type { StepClock } from '../jobs/row-job';
import type { Pacer } from '../pacing';
import { loadPlan, type PlanRow } from '../plan/plan';
import type { Clock, KeyValueStore } from '../ports';
import { scopedSheet } from '../rows/scope';
import { pushKind } from './kind';
import type { MemoryTable, PushMemoryStore } from './memory';
import { type PushRevertEntry, type PushRevertOptions, pushRevertKind } from './revert';
import {
  PUSH_PREVIEW_STATUSES,
  PUSH_REVERT_STATUSES,
  PUSH_RUN_STATUSES,
  type PushEntry,
  type PushJobOptions,
  type PushRequest,
} from './types';

export const PUSH_KIND = 'push';
export const PUSH_REVERT_KIND = 'pushRevert';

/** Where a push job's record of its rows lives in the data store. */
export function pushLedgerPrefix(jobId: string): string {
  return `push.${jobId}.`;
}

export interface PushEnv {
  client: CrmClient;
  pacer(clock: Clock): Pacer;
  store: KeyValueStore;
  openSheet(sheetId: number, headerRow: number): PipelineSheet | null;
  memory(sheetId: number): PushMemoryStore;
  makeDate(year: number, month: number, day: number): Date;
  formatDate(date: Date): string;
  /** The spreadsheet locale's decimal mark: how amounts typed as text read (a comma unless said). */
  decimalMark?: DecimalMark;
  /** The spreadsheet locale's date order (dateOrderOf): how `01/02/2026` reads (DMY unless said). */
  dateOrder?: DateOrder;
}

type AnyRun = LedgerRun<PushEntry, PushRequest> | LedgerRun<PushRevertEntry, PushRequest>;

/**
 * The push job (PRODUCT.md "Round trip"), run or preview, and its revert: the lead actions'
 * planned walk of the row pipeline (core/jobs/pipeline/ledger/walk.ts) with the push's pieces
 * (kind.ts, revert.ts). The run's record (before-states included) stays for its revert.
 */
function createHandler(kindName: string, getEnv: () => PushEnv): JobHandler {
  const statuses =
    kindName === PUSH_REVERT_KIND
      ? [...PUSH_REVERT_STATUSES]
      : [...new Set([...PUSH_RUN_STATUSES, ...PUSH_PREVIEW_STATUSES])];
  return ledgerJobHandler({ kind: kindName, statuses, what: 'push', getEnv, build: buildRun });
}

/** A push's (or its revert's) run in this execution: its sheet, ledger and kind. */
function buildRun(
  job: JobRecord,
  env: PushEnv,
  { clock, pacer }: { clock: StepClock; pacer: Pacer },
): AnyRun | string {
  const options = job.options as (PushJobOptions | PushRevertOptions) | null;
  if (options?.v !== 1) return translator(options?.locale ?? 'en')('messages.jobOutdated');
  const t = translator(options.locale ?? 'en');
  const target = 'run' in options ? options.run : options;
  const opened = env.openSheet(target.sheetId, target.headerRow);
  const sheet = opened && scopedSheet(opened, target.rowScope);
  if (!sheet) return t('leadjob.message.sheetGone', { sheet: target.sheetName });
  const base = { sheet, client: env.client, pacer, loaded: false };
  const ledger = new Ledger(env.store, pushLedgerPrefix(job.jobId));
  const memory = env.memory(target.sheetId);
  // Read once an execution: no other job saves this sheet's memory while a push holds the
  // sheet (jobs-api.ts SHEET_SHARERS), so what was loaded is what the sheet keeps.
  let loaded: MemoryTable | null | undefined;
  const load = () => {
    if (loaded === undefined) loaded = memory.load();
    return loaded;
  };
  const kindEnv = {
    jobId: job.jobId,
    t,
    memory: load,
    remember: (rows: ReadonlyMap<number, Record<string, string>>) => {
      const table = load();
      if (!table) return;
      for (const [id, cells] of rows) table.rows.set(id, { ...table.rows.get(id), ...cells });
      memory.saveRows(table, [...rows.keys()]);
    },
    makeDate: env.makeDate,
    formatDate: env.formatDate,
    ...(env.decimalMark ? { decimalMark: env.decimalMark } : {}),
    ...(env.dateOrder ? { dateOrder: env.dateOrder } : {}),
    crmClock: () => env.client.crmClock?.(),
    now: () => clock.now(),
  };
  if ('run' in options) {
    const runLedger = new Ledger<PushRevertEntry>(env.store, pushLedgerPrefix(options.runId));
    const runEntries = () => runLedger.load(options.runShards).entries();
    return { ...base, ledger, kind: pushRevertKind(options, { ...kindEnv, runEntries }) } as AnyRun;
  }
  const planRef = options.plan;
  let plan: ReadonlyMap<string, PlanRow> | undefined;
  const kind = pushKind(options, {
    ...kindEnv,
    ...(planRef
      ? {
          plan: () => {
            plan ??= loadPlan(env.store, planRef);
            return plan;
          },
        }
      : {}),
  });
  return { ...base, ledger, kind } as AnyRun;
}

export function createPushJobHandler(getEnv: () => PushEnv): JobHandler {
  return createHandler(PUSH_KIND, getEnv);
}

export function createPushRevertJobHandler(getEnv: () => PushEnv): JobHandler {
  return createHandler(PUSH_REVERT_KIND, getEnv);
}
