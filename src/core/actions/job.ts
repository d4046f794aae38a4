import type { CrmClient } from '../../api';
import type { Lead } from '../../api/schemas';
import { translator } from '../i18n';
import type { DecimalMark } from '../import/normalize';
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
import { unionOfTags } from '../settings/opt-out-tags';
import type { ActionRequest } from './decide';
import type { ActionEntry } from './entry';
import { type LeadActionsJobOptions, leadActionsKind } from './kind';
import { type RevertEntry, type RevertJobOptions, revertKind } from './revert';
import { PREVIEW_STATUSES, REVERT_STATUSES, RUN_STATUSES } from './types';

export const LEAD_ACTIONS_KIND = 'leadActions';
export const REVERT_KIND = 'leadActionsRevert';

/** Where a job's record of its rows lives in the data store. */
export function ledgerPrefix(jobId: string): string {
  return `act.${jobId}.`;
}

export interface LeadActionsEnv {
  client: CrmClient;
  pacer(clock: Clock): Pacer;
  /** The person's data store for this spreadsheet (the runs' records). */
  store: KeyValueStore;
  openSheet(sheetId: number, headerRow: number): PipelineSheet | null;
  /** delete: appends leads (every field) to the backup sheet of this name, once each. */
  backup(sheetName: string, leads: readonly Lead[]): void;
  /**
   * message: the opt-out tags in force in the spreadsheet now (settings/opt-out-tags.ts),
   * skipped with those the job started with (its ref), whoever set one since.
   */
  optOutTags?(): string[];
  /** The spreadsheet locale's decimal mark: how a won value typed as text reads (a comma unless said). */
  decimalMark?: DecimalMark;
}

type AnyRun = LedgerRun<ActionEntry, ActionRequest> | LedgerRun<RevertEntry, ActionRequest>;

/**
 * The lead actions job (PRODUCT.md "Lead actions"), run or preview, and its revert: both walk
 * the sheet on the planned walk of the row pipeline (core/jobs/pipeline/ledger/walk.ts), with
 * the pieces of kind.ts / revert.ts and their ledger as the walk's record. The run's record of its rows (before-states included) stays in the data store for
 * its revert.
 */
function createHandler(kindName: string, getEnv: () => LeadActionsEnv): JobHandler {
  const statuses =
    kindName === REVERT_KIND
      ? [...REVERT_STATUSES]
      : [...new Set([...RUN_STATUSES, ...PREVIEW_STATUSES])];
  return ledgerJobHandler({
    kind: kindName,
    statuses,
    what: 'lead actions',
    getEnv,
    build: buildRun,
  });
}

/** A lead actions run's (or its revert's) run in this execution: its sheet, ledger and kind. */
function buildRun(
  job: JobRecord,
  env: LeadActionsEnv,
  { clock, pacer }: { clock: StepClock; pacer: Pacer },
): AnyRun | string {
  const options = job.options as (LeadActionsJobOptions | RevertJobOptions) | null;
  // An unreadable record may still say its language.
  if (options?.v !== 1) return translator(options?.locale ?? 'en')('messages.jobOutdated');
  const t = translator(options.locale ?? 'en');
  const target = 'run' in options ? options.run : options;
  const opened = env.openSheet(target.sheetId, target.headerRow);
  const sheet = opened && scopedSheet(opened, target.rowScope);
  if (!sheet) return t('leadjob.message.sheetGone', { sheet: target.sheetName });
  const base = { sheet, client: env.client, pacer, loaded: false };
  const ledger = new Ledger(env.store, ledgerPrefix(job.jobId));
  let run: AnyRun;
  if ('run' in options) {
    const runLedger = new Ledger<RevertEntry>(env.store, ledgerPrefix(options.runId));
    const runEntries = () => runLedger.load(options.runShards).entries();
    run = {
      ...base,
      ledger,
      kind: revertKind(options, { jobId: job.jobId, t, runEntries }),
    } as AnyRun;
  } else {
    const backupName = options.backupSheet;
    const planRef = options.plan;
    let plan: ReadonlyMap<string, PlanRow> | undefined;
    const backup = backupName
      ? (leads: readonly Lead[]) => env.backup(backupName, leads)
      : undefined;
    run = {
      ...base,
      ledger,
      kind: leadActionsKind(withCurrentOptOutTags(options, env), {
        jobId: job.jobId,
        t,
        crmClock: () => env.client.crmClock?.(),
        now: () => clock.now(),
        ...(backup ? { backup } : {}),
        ...(env.decimalMark ? { decimalMark: env.decimalMark } : {}),
        ...(planRef
          ? {
              plan: () => {
                plan ??= loadPlan(env.store, planRef);
                return plan;
              },
            }
          : {}),
      }),
    } as AnyRun;
  }
  return run;
}

/** A message job's options skipping the tags it started with and those in force now. */
function withCurrentOptOutTags(
  options: LeadActionsJobOptions,
  env: LeadActionsEnv,
): LeadActionsJobOptions {
  if (options.action !== 'message' || !env.optOutTags) return options;
  const optOutTags = unionOfTags(options.ref.optOutTags, env.optOutTags());
  return { ...options, ref: { ...options.ref, optOutTags } };
}

export function createLeadActionsJobHandler(getEnv: () => LeadActionsEnv): JobHandler {
  return createHandler(LEAD_ACTIONS_KIND, getEnv);
}

export function createRevertJobHandler(getEnv: () => LeadActionsEnv): JobHandler {
  return createHandler(REVERT_KIND, getEnv);
}
