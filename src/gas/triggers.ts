/**
 * Time-driven continuation of jobs. A bound script chains one-off triggers; a published
 * add-on may only run a time-driven trigger hourly, so there one recurring trigger is kept
 * while jobs are pending. Only triggers of our own handler are ever touched.
 */
export const RUN_JOBS_HANDLER = 'crmRunJobs';

function ownTriggers(): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === RUN_JOBS_HANDLER);
}

export function ensureContinuationTrigger(
  kind: 'one-off' | 'hourly',
  at: number,
  now: number,
): void {
  const existing = ownTriggers();
  if (kind === 'hourly') {
    if (existing.length > 0) return;
    ScriptApp.newTrigger(RUN_JOBS_HANDLER).timeBased().everyHours(1).create();
    return;
  }
  // A one-off trigger stays listed after it fired; replacing it keeps exactly one pending.
  for (const trigger of existing) ScriptApp.deleteTrigger(trigger);
  ScriptApp.newTrigger(RUN_JOBS_HANDLER)
    .timeBased()
    .after(Math.max(1_000, at - now))
    .create();
}

export function removeContinuationTriggers(): void {
  for (const trigger of ownTriggers()) ScriptApp.deleteTrigger(trigger);
}
