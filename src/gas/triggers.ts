import { codedError } from '../core/errors';
import {
  chainTriggersRoom,
  LATENESS_HISTORY,
  type LatenessSample,
} from '../core/jobs/continuation';
import { spreadsheetIdOf } from './spreadsheet-id';

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
const LATENESS_KEY = 'crm.trigger.late';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Trigger = GoogleAppsScript.Script.Trigger;

interface Recorded {
  id: string;
  /** When a one-off trigger fires (epoch ms); absent for the hourly one. */
  at?: number;
  /** The other one-off triggers of the same chain (see oneOffChainDues). */
  also?: Array<{ id: string; at: number }>;
  /** When the chain's work can go on (epoch ms): what its triggers were armed around. */
  target?: number;
}

function parseAlso(value: unknown): Array<{ id: string; at: number }> {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (x): x is { id: string; at: number } =>
      typeof x === 'object' &&
      x !== null &&
      typeof (x as { id?: unknown }).id === 'string' &&
      typeof (x as { at?: unknown }).at === 'number',
  );
}

/** Every trigger of a record, with when it fires. */
function entriesOf(recorded: Recorded): Array<{ id: string; at?: number }> {
  return [
    { id: recorded.id, ...(recorded.at === undefined ? {} : { at: recorded.at }) },
    ...(recorded.also ?? []),
  ];
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

/**
 * Records as this execution last read or wrote them: each read is a Properties call, and a
 * trigger execution asked about ten times. Decisions that delete triggers (withTriggerLock)
 * read afresh, under the lock.
 */
const recordedMemo = new Map<string, Recorded | undefined>();

function readRecorded(role: string, spreadsheetId: string, fresh = false): Recorded | undefined {
  const key = keyOf(role, spreadsheetId);
  if (!fresh && recordedMemo.has(key)) return recordedMemo.get(key);
  const value = readRecordedFromStore(role, spreadsheetId);
  recordedMemo.set(key, value);
  return value;
}

function readRecordedFromStore(role: string, spreadsheetId: string): Recorded | undefined {
  const raw = properties().getProperty(keyOf(role, spreadsheetId));
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Recorded>;
    if (typeof value.id === 'string') {
      const also = parseAlso(value.also);
      return {
        id: value.id,
        ...(typeof value.at === 'number' ? { at: value.at } : {}),
        ...(also.length > 0 ? { also } : {}),
        ...(typeof value.target === 'number' ? { target: value.target } : {}),
      };
    }
  } catch {
    // A damaged record: no trigger is known.
  }
  return undefined;
}

function record(role: string, spreadsheetId: string, value: Recorded): void {
  properties().setProperty(keyOf(role, spreadsheetId), JSON.stringify(value));
  recordedMemo.set(keyOf(role, spreadsheetId), value);
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

/**
 * The recorded triggers deleted, from one listing of the user's triggers (and of the project's,
 * only when one is not among them): a listing per trigger cost a chain of four about eight
 * ScriptApp calls and, in the local runtime, a Sheets call each (issue 30).
 */
function deleteRecorded(spreadsheet: Spreadsheet, recorded: Recorded | undefined): void {
  if (!recorded) return;
  const left = new Set(entriesOf(recorded).map((entry) => entry.id));
  const deleteOurs = (triggers: Trigger[]) => {
    for (const trigger of triggers) {
      if (left.size === 0) return;
      if (trigger.getHandlerFunction() !== RUN_JOBS_HANDLER) continue;
      const uid = trigger.getUniqueId();
      if (!left.delete(uid)) continue;
      ScriptApp.deleteTrigger(trigger);
    }
  };
  deleteOurs(ScriptApp.getUserTriggers(spreadsheet));
  if (left.size > 0) deleteOurs(ScriptApp.getProjectTriggers());
}

/**
 * Every trigger id this person recorded, for this spreadsheet and every other (read afresh):
 * the sweep below must not take another document's triggers for leftovers. Whether
 * getUserTriggers(spreadsheet) lists time-driven triggers made in other documents is not
 * documented, and a bound build serving several documents lists them all in
 * getProjectTriggers(); deleting them stranded that document's jobs (review 5).
 */
function recordedEverywhere(): Set<string> {
  const ids = new Set<string>();
  for (const key of properties().getKeys()) {
    const role = ROLES.find((r) => key.startsWith(`${r}.`));
    if (!role) continue;
    const value = readRecorded(role, key.slice(role.length + 1), true);
    for (const entry of value ? entriesOf(value) : []) ids.add(entry.id);
  }
  return ids;
}

/** How long trigger bookkeeping waits for the user lock (held for a few ScriptApp calls). */
const TRIGGER_LOCK_WAIT_MS = 10_000;

/**
 * Creating a trigger and recording its id happen under the user lock, so that every trigger of
 * ours this person has is recorded once the lock is free. One recorded for no document was
 * left by an execution killed between the two: it is deleted (never adopted), or its pile
 * would reach the 20-trigger limit. `candidates`: the user's triggers of the spreadsheet (an
 * add-on's triggers are per document), plus, in a bound script, the project's, which may be
 * another document's when the code serves several (hence recordedEverywhere).
 */
function withTriggerLock<T>(candidates: () => Trigger[], work: () => T): T {
  const lock = LockService.getUserLock();
  if (!lock.tryLock(TRIGGER_LOCK_WAIT_MS)) {
    throw codedError(
      'Another execution is arranging this spreadsheet’s triggers; try again in a minute.',
      'triggersBusy',
    );
  }
  try {
    const recorded = recordedEverywhere();
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
  ensureOneOffChain(spreadsheet, [at], now);
}

/**
 * Pending one-off triggers at each of `ats` (bound scripts only; see oneOffChainDues), replacing
 * the recorded ones: created and recorded before the old ones are deleted, so an execution
 * killed in between leaves a driver (maybe more), never none.
 */
export function ensureOneOffChain(
  spreadsheet: Spreadsheet,
  ats: readonly number[],
  now: number,
  target?: number,
): void {
  const boundDocumentTriggers = () => [
    ...ScriptApp.getUserTriggers(spreadsheet),
    ...ScriptApp.getProjectTriggers(),
  ];
  withTriggerLock(boundDocumentTriggers, () => {
    const id = spreadsheetIdOf(spreadsheet);
    // Read afresh under this lock by withTriggerLock (recordedEverywhere) a moment ago.
    const previous = readRecorded(ONE_OFF_ROLE, id);
    const made: Array<{ id: string; at: number }> = [];
    const wanted = ats.length > 0 ? ats : [now];
    // The latest dues stay when the person's other triggers leave little room: the backup and
    // the leads nearest the target, which fire once the slots are free, whereas an early one
    // alone would mostly come too early and only re-arm.
    const room = chainTriggersRoom(
      wanted.length,
      ScriptApp.getProjectTriggers().length,
      previous ? entriesOf(previous).length : 0,
    );
    for (const at of wanted.slice(-room)) {
      try {
        const trigger = ScriptApp.newTrigger(RUN_JOBS_HANDLER)
          .timeBased()
          .after(Math.max(1_000, at - now))
          .create();
        made.push({ id: trigger.getUniqueId(), at: Math.max(at, now + 1_000) });
      } catch (error) {
        // The 20 triggers a person may have per script (the old chain is still there, and
        // other documents' chains where the code serves several): a shorter chain still
        // drives the job, whereas throwing would leave the ones made unrecorded (review 5).
        // With none made, the old chain (or the start's driver) still drives the job if one
        // of its triggers is yet to fire: kept as it is.
        if (made.length === 0 && previous && stillPending(previous, now)) return;
        if (made.length === 0) throw error;
        break;
      }
    }
    const [first, ...also] = made as [{ id: string; at: number }, ...{ id: string; at: number }[]];
    record(ONE_OFF_ROLE, id, {
      ...first,
      ...(also.length > 0 ? { also } : {}),
      ...(target === undefined ? {} : { target }),
    });
    deleteRecorded(spreadsheet, previous);
  });
}

/** Whether a recorded one-off trigger of `recorded` has yet to fire. */
function stillPending(recorded: Recorded, now: number): boolean {
  return entriesOf(recorded).some((entry) => (entry.at ?? 0) > now);
}

/** When the first recorded one-off trigger that has not fired yet fires. */
export function pendingOneOffAt(spreadsheet: Spreadsheet, now: number): number | undefined {
  const recorded = readRecorded(ONE_OFF_ROLE, spreadsheetIdOf(spreadsheet));
  const ats = recorded ? entriesOf(recorded).map((entry) => entry.at ?? 0) : [];
  const pending = ats.filter((at) => at > now);
  return pending.length > 0 ? Math.min(...pending) : undefined;
}

/**
 * The target of the recorded chain (see ensureOneOffChain) while one of its triggers has yet to
 * fire; undefined for a single trigger (a fallback) or a chain that is spent.
 */
export function pendingChainTarget(spreadsheet: Spreadsheet, now: number): number | undefined {
  const recorded = readRecorded(ONE_OFF_ROLE, spreadsheetIdOf(spreadsheet));
  if (recorded?.target === undefined) return undefined;
  return entriesOf(recorded).some((entry) => (entry.at ?? 0) > now) ? recorded.target : undefined;
}

/**
 * A lateness sample as kept: a fired one names its trigger, so that replacing a chain can tell
 * which of its triggers never fired (noteUnfiredTriggers).
 */
export interface KeptLateness extends LatenessSample {
  uid?: string;
}

function parseLateness(value: unknown): KeptLateness {
  if (typeof value !== 'object' || value === null) return { ms: Number.NaN };
  const { ms, uid, unfired } = value as Partial<KeptLateness>;
  return {
    ms: typeof ms === 'number' ? ms : Number.NaN,
    ...(typeof uid === 'string' ? { uid } : {}),
    ...(unfired === true ? { unfired } : {}),
  };
}

/**
 * How late this person's one-off triggers of the spreadsheet were lately (newest last).
 * Kept apart from the trigger records and written without a lock: a sample lost to a race
 * costs nothing, whereas a trigger record overwritten would orphan its triggers.
 */
export function oneOffLateness(spreadsheet: Spreadsheet): KeptLateness[] {
  const raw = properties().getProperty(keyOf(LATENESS_KEY, spreadsheetIdOf(spreadsheet)));
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value)
      ? value.map(parseLateness).filter((s) => Number.isFinite(s.ms))
      : [];
  } catch {
    return [];
  }
}

function keepLateness(
  spreadsheet: Spreadsheet,
  history: readonly KeptLateness[],
  added: readonly KeptLateness[],
): KeptLateness[] {
  const kept = [...history, ...added].slice(-LATENESS_HISTORY);
  properties().setProperty(keyOf(LATENESS_KEY, spreadsheetIdOf(spreadsheet)), JSON.stringify(kept));
  return kept;
}

/** Adds how late the trigger `uid` that started this execution fired to the history. */
export function recordLateness(
  spreadsheet: Spreadsheet,
  lateMs: number,
  uid: string,
): KeptLateness[] {
  return keepLateness(spreadsheet, oneOffLateness(spreadsheet), [{ ms: Math.round(lateMs), uid }]);
}

/**
 * Before the recorded chain is replaced: each of its triggers past its due that has no sample yet
 * is added as unfired, so many ms late at least; returns the history. A chain's first trigger to
 * work replaces the rest, so without these the history kept mostly the early ones (see
 * latenessQuantiles). The history is read again here, not taken from this execution's start:
 * a trigger of the chain that fired while this execution worked wrote its real sample meanwhile,
 * which is kept, not overwritten and counted as unfired. An unfired sample names its trigger
 * too, so a chain kept (no room for a new one) is not counted twice at the next re-arm.
 */
export function noteUnfiredTriggers(spreadsheet: Spreadsheet, now: number): KeptLateness[] {
  const history = oneOffLateness(spreadsheet);
  const recorded = readRecorded(ONE_OFF_ROLE, spreadsheetIdOf(spreadsheet));
  const noted = new Set(history.map((s) => s.uid));
  const unfired = (recorded ? entriesOf(recorded) : [])
    .filter((e) => e.at !== undefined && e.at < now && !noted.has(e.id))
    .map((e) => ({ ms: now - (e.at ?? now), uid: e.id, unfired: true }));
  if (unfired.length === 0) return [...history];
  try {
    return keepLateness(spreadsheet, history, unfired);
  } catch {
    // A full store: the chain is armed from what history there is.
    return [...history, ...unfired];
  }
}

/**
 * How late the recorded one-off trigger `triggerUid` fired, if it is one: `startedAt` is when
 * this execution began.
 */
export function lateOf(
  spreadsheet: Spreadsheet,
  triggerUid: string,
  startedAt: number,
): number | undefined {
  const recorded = readRecorded(ONE_OFF_ROLE, spreadsheetIdOf(spreadsheet));
  const entry = recorded ? entriesOf(recorded).find((e) => e.id === triggerUid) : undefined;
  return entry?.at === undefined ? undefined : Math.max(0, startedAt - entry.at);
}

export function ensureHourlyTrigger(spreadsheet: Spreadsheet): void {
  const id = spreadsheetIdOf(spreadsheet);
  const recorded = readRecorded(HOURLY_ROLE, id);
  if (recorded && ownTriggers(spreadsheet, recorded.id)) return;
  withTriggerLock(
    () => ScriptApp.getUserTriggers(spreadsheet),
    () => {
      // Another execution of this person may have made it since the look above (a schedule
      // saved while a job starts): a second one would throw in a published add-on, whose
      // person may have one time-based trigger per document (see the file comment).
      const now = readRecorded(HOURLY_ROLE, id, true);
      if (now && ownTriggers(spreadsheet, now.id)) return;
      const trigger = ScriptApp.newTrigger(RUN_JOBS_HANDLER).timeBased().everyHours(1).create();
      record(HOURLY_ROLE, id, { id: trigger.getUniqueId() });
    },
  );
}

function remove(spreadsheet: Spreadsheet, role: string): void {
  const id = spreadsheetIdOf(spreadsheet);
  deleteRecorded(spreadsheet, readRecorded(role, id, true));
  properties().deleteProperty(keyOf(role, id));
  recordedMemo.set(keyOf(role, id), undefined);
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
    const recorded = readRecorded(role, spreadsheetId);
    if (recorded && entriesOf(recorded).some((entry) => entry.id === triggerUid)) {
      return spreadsheetId;
    }
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
