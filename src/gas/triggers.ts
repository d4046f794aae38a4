/**
 * Time-driven triggers of crmRunJobs. Two roles, told apart by the unique ids kept in the
 * document's properties:
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

function properties(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getDocumentProperties();
}

function findById(key: string): GoogleAppsScript.Script.Trigger | undefined {
  const id = properties().getProperty(key);
  return id ? ownTriggers().find((t) => t.getUniqueId() === id) : undefined;
}

function remove(key: string): void {
  const trigger = findById(key);
  if (trigger) ScriptApp.deleteTrigger(trigger);
  properties().deleteProperty(key);
}

/** A single pending one-off trigger at `at` (a fired one stays listed until deleted). */
export function ensureOneOffTrigger(at: number, now: number): void {
  remove(ONE_OFF_ID);
  const trigger = ScriptApp.newTrigger(RUN_JOBS_HANDLER)
    .timeBased()
    .after(Math.max(1_000, at - now))
    .create();
  properties().setProperty(ONE_OFF_ID, trigger.getUniqueId());
}

export function ensureHourlyTrigger(): void {
  if (findById(HOURLY_ID)) return;
  // A trigger of ours whose id was not recorded (another user saved theirs over it, or the
  // property was lost) is adopted: a published add-on may hold only one per user.
  const oneOff = properties().getProperty(ONE_OFF_ID);
  const untracked = ownTriggers().find((t) => t.getUniqueId() !== oneOff);
  if (untracked) {
    properties().setProperty(HOURLY_ID, untracked.getUniqueId());
    return;
  }
  const trigger = ScriptApp.newTrigger(RUN_JOBS_HANDLER).timeBased().everyHours(1).create();
  properties().setProperty(HOURLY_ID, trigger.getUniqueId());
}

export function removeOneOffTrigger(): void {
  remove(ONE_OFF_ID);
}

export function removeHourlyTrigger(): void {
  remove(HOURLY_ID);
}
