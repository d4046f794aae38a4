/**
 * Time-driven triggers of crmRunJobs. Two roles, told apart by the unique ids kept in the
 * properties of the user who owns them (triggers are per user), under this document's id:
 * - the one-off chain that continues a job in a bound script (replaced at every slice);
 * - one hourly trigger: the published add-on's only allowed time-driven trigger (its job
 *   continuation) and the clock that starts nightly schedules in both deployments.
 * Only triggers of our own handler are ever touched.
 */
export const RUN_JOBS_HANDLER = 'crmRunJobs';
const ONE_OFF_ID = 'crm.trigger.oneOff';
const HOURLY_ID = 'crm.trigger.hourly';

function ownTriggers(): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === RUN_JOBS_HANDLER);
}

/**
 * A trigger belongs to the user who made it, so its id is kept in that user's properties: in
 * the document's, a second person's trigger id would replace the first's, whose fired one-off
 * triggers then stay listed, never deleted, until the 20-trigger limit stops every job. The
 * document's id is in the key because a published add-on's user properties span documents.
 */
function properties(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getUserProperties();
}

function keyOf(role: string): string {
  return `${role}.${SpreadsheetApp.getActive().getId()}`;
}

function findById(role: string): GoogleAppsScript.Script.Trigger | undefined {
  const id = properties().getProperty(keyOf(role));
  return id ? ownTriggers().find((t) => t.getUniqueId() === id) : undefined;
}

function remove(role: string): void {
  const trigger = findById(role);
  if (trigger) ScriptApp.deleteTrigger(trigger);
  properties().deleteProperty(keyOf(role));
}

/** A single pending one-off trigger at `at` (a fired one stays listed until deleted). */
export function ensureOneOffTrigger(at: number, now: number): void {
  remove(ONE_OFF_ID);
  const trigger = ScriptApp.newTrigger(RUN_JOBS_HANDLER)
    .timeBased()
    .after(Math.max(1_000, at - now))
    .create();
  properties().setProperty(keyOf(ONE_OFF_ID), trigger.getUniqueId());
}

export function ensureHourlyTrigger(): void {
  if (findById(HOURLY_ID)) return;
  // A trigger of ours whose id was not recorded (the property was lost, or saved by an
  // earlier version) is adopted: a published add-on may hold only one per user.
  const oneOff = properties().getProperty(keyOf(ONE_OFF_ID));
  const untracked = ownTriggers().find((t) => t.getUniqueId() !== oneOff);
  if (untracked) {
    properties().setProperty(keyOf(HOURLY_ID), untracked.getUniqueId());
    return;
  }
  const trigger = ScriptApp.newTrigger(RUN_JOBS_HANDLER).timeBased().everyHours(1).create();
  properties().setProperty(keyOf(HOURLY_ID), trigger.getUniqueId());
}

export function removeOneOffTrigger(): void {
  remove(ONE_OFF_ID);
}

export function removeHourlyTrigger(): void {
  remove(HOURLY_ID);
}
