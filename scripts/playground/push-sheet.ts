import type { GasRuntime, SimulatedClock } from '../../tools/gas-runtime';

/**
 * The playground's sheet for the round trip (PRODUCT.md "Round trip"): the demo account's VIP
 * leads, written by a real crmExportLeads when the playground starts, so the sheet carries
 * everything an export leaves (its mark, and what it wrote on each row). A person edits a
 * value, a stage or a tag there, then CRM → Enviar alterações sends exactly those cells.
 */
export const PUSH_SHEET = 'Clientes VIP';

/** The fields a person edits in the round trip, beside the lead's id (the export's key). */
export const PUSH_SHEET_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'value',
  'stage',
  'tags',
  'owner_name',
] as const;

/** Enough sidebar calls for an export of ~60 leads (one page), with room to spare. */
const MAX_CONTINUES = 20;

/**
 * Exports the VIP leads into PUSH_SHEET and drives the job to its end, as the open sidebar
 * would; the sheet that was active stays active (an export brings its new sheet forward), and
 * the Jobs list starts empty.
 */
export function seedPushSheet(runtime: GasRuntime, clock: SimulatedClock): void {
  const workbook = runtime.workbook;
  const active = workbook.activeSheetId;
  const start = runtime.run('crmExportLeads', {
    sheet: PUSH_SHEET,
    filters: { tags: ['vip'] },
    columns: [...PUSH_SHEET_COLUMNS],
  });
  if (!start.ok) throw new Error(`The playground's export failed: ${start.error?.message}`);
  const { jobId } = start.value as { jobId: string };
  for (let calls = 0; calls < MAX_CONTINUES; calls++) {
    const next = runtime.runOrThrow('uiContinueJob', jobId) as { callAgainInMs?: number };
    if (next.callAgainInMs === undefined) break;
    clock.advance(next.callAgainInMs);
  }
  const job = runtime.runOrThrow('crmGetJob', jobId) as { state: string; message: string };
  if (job.state !== 'done') {
    throw new Error(`The playground's export ended ${job.state}: ${job.message}`);
  }
  workbook.activeSheetId = active;
  // The demo's own set-up, not a job the person started: off their Jobs list (nothing is
  // deleted, as "Clear finished" does).
  runtime.runOrThrow('uiCall', 'uiClearFinishedJobs', []);
}
