import { codedError } from '../core/errors';
/**
 * Time-driven triggers of crmRunJobs. Two roles, told apart by the unique ids kept in the
 * properties of the user who owns them (triggers are per user), under the spreadsheet's id:
 * - the one-off chain that continues a job in a bound script;
 * - one hourly trigger: the published add-on's only allowed time-driven trigger (its job
 *   continuation) and the clock that starts nightly schedules in both deployments.
 * Only triggers whose id we recorded for this spreadsheet are ever touched: an add-on's triggers
 * are per user and per document ("one trigger of each type, per user, per document",
 * https://developers.google.com/workspace/add-ons/concepts/editor-triggers#restrictions), and
 * one this document did not create is never adopted.
 */
export const RUN_JOBS_HANDLER = 'crmRunJobs';
const ONE_OFF_ROLE = 'crm.trigger.oneOff';
const HOURLY_ROLE = 'crm.trigger.hourly';
const ROLES = [ONE_OFF_ROLE, HOURLY_ROLE];

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Trigger = GoogleAppsScript.Script.Trigger;

interface Recorded {
  id: string;
  /** When a one-off trigger fires (epoch ms); absent for the hourly one. */
  at?: number;
}

/**
 * A trigger belongs to the user who made it, so its id is kept in that user's properties, under
 * the spreadsheet's id because an add-on's user properties span documents.
 */
function properties(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getUserProperties();
}

function keyOf(role: string, spreadsheetId: string): string {
  return `${role}.${spreadsheetId}`;
}

function readRecorded(role: string, spreadsheetId: string): Recorded | undefined {
  const raw = properties().getProperty(keyOf(role, spreadsheetId));
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Recorded>;
    if (typeof value.id === 'string') {
      return { id: value.id, ...(typeof value.at === 'number' ? { at: value.at } : {}) };
    }
  } catch {
    // An id saved bare by an earlier version.
  }
  return { id: raw };
}

function record(role: string, spreadsheetId: string, value: Recorded): void {
  properties().setProperty(keyOf(role, spreadsheetId), JSON.stringify(value));
}

/**
 * This user's triggers of our handler for the spreadsheet. Whether getUserTriggers(spreadsheet)
 * lists a bound script's time-driven triggers is not documented
 * (https://developers.google.com/apps-script/reference/script/script-app#getUserTriggers(Spreadsheet)),
 * so the project's triggers are searched too; either way only recorded ids are used.
 */
function ownTriggers(spreadsheet: Spreadsheet, id: string): Trigger | undefined {
  const match = (t: Trigger) =>
    t.getHandlerFunction() === RUN_JOBS_HANDLER && t.getUniqueId() === id;
  return (
    ScriptApp.getUserTriggers(spreadsheet).find(match) ?? ScriptApp.getProjectTriggers().find(match)
  );
}

function deleteRecorded(spreadsheet: Spreadsheet, recorded: Recorded | undefined): void {
  if (!recorded) return;
  const trigger = ownTriggers(spreadsheet, recorded.id);
  if (trigger) ScriptApp.deleteTrigger(trigger);
}

/** How long trigger bookkeeping waits for the user lock (held for a few ScriptApp calls). */
const TRIGGER_LOCK_WAIT_MS = 10_000;

/**
 * Creating a trigger and recording its id happen under the user lock, so that every trigger of
 * ours this person has in this document is recorded once the lock is free. One that is not
 * was left by an execution killed between the two: it is deleted (never adopted), or its pile
 * would reach the 20-trigger limit. `candidates` are this document's triggers only: the user's
 * triggers of the spreadsheet (an add-on's triggers are per document), plus, in a bound script
 * (one document), the project's.
 */
function withTriggerLock<T>(
  spreadsheet: Spreadsheet,
  candidates: () => Trigger[],
  work: () => T,
): T {
  const lock = LockService.getUserLock();
  if (!lock.tryLock(TRIGGER_LOCK_WAIT_MS)) {
    throw codedError(
      'Another execution is arranging this spreadsheet’s triggers; try again in a minute.',
      'triggersBusy',
    );
  }
  try {
    const id = spreadsheet.getId();
    const recorded = new Set(
      ROLES.map((role) => readRecorded(role, id)?.id).filter((x): x is string => x !== undefined),
    );
    const seen = new Set<string>();
    for (const trigger of candidates()) {
      const uid = trigger.getUniqueId();
      if (seen.has(uid)) continue;
      seen.add(uid);
      if (trigger.getHandlerFunction() === RUN_JOBS_HANDLER && !recorded.has(uid)) {
        ScriptApp.deleteTrigger(trigger);
      }
    }
    return work();
  } finally {
    lock.releaseLock();
  }
}

/**
 * A single pending one-off trigger at `at` (bound scripts only). The new one is created and
 * recorded before the old one is deleted, so an execution killed in between leaves a driver
 * (maybe two), never none.
 */
export function ensureOneOffTrigger(spreadsheet: Spreadsheet, at: number, now: number): void {
  const boundDocumentTriggers = () => [
    ...ScriptApp.getUserTriggers(spreadsheet),
    ...ScriptApp.getProjectTriggers(),
  ];
  withTriggerLock(spreadsheet, boundDocumentTriggers, () => {
    const id = spreadsheet.getId();
    const previous = readRecorded(ONE_OFF_ROLE, id);
    const trigger = ScriptApp.newTrigger(RUN_JOBS_HANDLER)
      .timeBased()
      .after(Math.max(1_000, at - now))
      .create();
    record(ONE_OFF_ROLE, id, { id: trigger.getUniqueId(), at: Math.max(at, now + 1_000) });
    deleteRecorded(spreadsheet, previous);
  });
}

/** When the recorded one-off trigger fires, if it has not fired yet. */
export function pendingOneOffAt(spreadsheet: Spreadsheet, now: number): number | undefined {
  const at = readRecorded(ONE_OFF_ROLE, spreadsheet.getId())?.at;
  return at !== undefined && at > now ? at : undefined;
}

export function ensureHourlyTrigger(spreadsheet: Spreadsheet): void {
  const id = spreadsheet.getId();
  const recorded = readRecorded(HOURLY_ROLE, id);
  if (recorded && ownTriggers(spreadsheet, recorded.id)) return;
  withTriggerLock(
    spreadsheet,
    () => ScriptApp.getUserTriggers(spreadsheet),
    () => {
      const trigger = ScriptApp.newTrigger(RUN_JOBS_HANDLER).timeBased().everyHours(1).create();
      record(HOURLY_ROLE, id, { id: trigger.getUniqueId() });
    },
  );
}

function remove(spreadsheet: Spreadsheet, role: string): void {
  const id = spreadsheet.getId();
  deleteRecorded(spreadsheet, readRecorded(role, id));
  properties().deleteProperty(keyOf(role, id));
}

export function removeOneOffTrigger(spreadsheet: Spreadsheet): void {
  remove(spreadsheet, ONE_OFF_ROLE);
}

export function removeHourlyTrigger(spreadsheet: Spreadsheet): void {
  remove(spreadsheet, HOURLY_ROLE);
}

/**
 * The spreadsheet a trigger of ours was made for, by its unique id (the event's `triggerUid`):
 * how a trigger that runs with no active spreadsheet finds its work.
 */
export function spreadsheetIdOfTrigger(triggerUid: string): string | undefined {
  const props = properties();
  for (const key of props.getKeys()) {
    const role = ROLES.find((r) => key.startsWith(`${r}.`));
    if (!role) continue;
    const spreadsheetId = key.slice(role.length + 1);
    if (readRecorded(role, spreadsheetId)?.id === triggerUid) return spreadsheetId;
  }
  return undefined;
}

/**
 * Deletes a fired trigger no record points at any more (its replacement was recorded but the
 * execution that made it died before deleting it): fired one-off triggers stay listed until
 * deleted, and a user may have only 20.
 */
export function deleteUnrecordedTrigger(triggerUid: string): void {
  if (spreadsheetIdOfTrigger(triggerUid) !== undefined) return;
  const trigger = ScriptApp.getProjectTriggers().find(
    (t) => t.getUniqueId() === triggerUid && t.getHandlerFunction() === RUN_JOBS_HANDLER,
  );
  if (trigger) ScriptApp.deleteTrigger(trigger);
}
