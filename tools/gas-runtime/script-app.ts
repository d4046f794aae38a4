import { consentMembers, SCOPES } from './consent';
import { type ExecutionEnv, gated } from './execution';
import { zonedParts, zonedToEpoch } from './time-zone';

/**
 * ScriptApp: installable triggers kept in a Node-side store that the runtime's
 * scheduler reads (https://developers.google.com/apps-script/reference/script/clock-trigger-builder).
 */
export type ClockSchedule =
  | { kind: 'after'; ms: number }
  | { kind: 'at'; epochMs: number }
  | { kind: 'everyMinutes'; n: number }
  | { kind: 'everyHours'; n: number }
  | { kind: 'everyDays'; n: number; atHour?: number; nearMinute?: number }
  | { kind: 'everyWeeks'; n: number; weekDay?: number; atHour?: number; nearMinute?: number };

export interface TriggerRecord {
  uid: string;
  handler: string;
  userEmail: string;
  eventType: 'CLOCK' | 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE' | 'ON_FORM_SUBMIT';
  source: 'CLOCK' | 'SPREADSHEETS';
  sourceId: string | null;
  schedule?: ClockSchedule;
  timeZone: string;
  createdAt: number;
  /** When a clock trigger fires next; undefined once a one-off trigger has fired. */
  nextFireAt?: number;
  lastFiredAt?: number;
}

export const MAX_TRIGGERS_PER_USER = 20;
export const ADDON_MIN_INTERVAL_MS = 60 * 60_000;
const MINUTE_STEPS = [1, 5, 10, 15, 30];
const HOUR_STEPS = [1, 2, 4, 6, 8, 12];
const WEEK_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

export class TriggerStore {
  readonly triggers: TriggerRecord[] = [];
  private counter = 0;
  /** Published add-on rule: when each user's time-driven trigger last ran. */
  readonly lastClockRunByUser = new Map<string, number>();

  newUid(): string {
    this.counter++;
    return String(8_000_000_000 + this.counter * 7_907);
  }

  remove(uid: string): void {
    const i = this.triggers.findIndex((t) => t.uid === uid);
    if (i >= 0) this.triggers.splice(i, 1);
  }
}

/** The first instant at or after `from` that matches a daily/weekly schedule, in the trigger's zone. */
function nextWallClock(
  from: number,
  timeZone: string,
  hour: number,
  minute: number,
  weekDay?: number,
): number {
  const p = zonedParts(from, timeZone);
  for (let addDays = 0; addDays <= 8; addDays++) {
    const day = new Date(Date.UTC(p.year, p.month - 1, p.day + addDays));
    if (weekDay !== undefined && day.getUTCDay() !== weekDay) continue;
    const at = zonedToEpoch(
      timeZone,
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      hour,
      minute,
    );
    if (at >= from) return at;
  }
  return from;
}

export function firstFireTime(schedule: ClockSchedule, now: number, timeZone: string): number {
  switch (schedule.kind) {
    case 'after':
      return now + schedule.ms;
    case 'at':
      return schedule.epochMs;
    case 'everyMinutes':
      return now + schedule.n * 60_000;
    case 'everyHours':
      return now + schedule.n * 3_600_000;
    case 'everyDays':
      return schedule.atHour === undefined
        ? now + schedule.n * 86_400_000
        : nextWallClock(now, timeZone, schedule.atHour, schedule.nearMinute ?? 0);
    case 'everyWeeks':
      return nextWallClock(
        now,
        timeZone,
        schedule.atHour ?? zonedParts(now, timeZone).hour,
        schedule.nearMinute ?? 0,
        schedule.weekDay,
      );
  }
}

/** Next occurrence after a run that was due at `dueAt`; undefined for one-off triggers. */
export function nextFireTime(
  schedule: ClockSchedule,
  dueAt: number,
  now: number,
): number | undefined {
  const step =
    schedule.kind === 'everyMinutes'
      ? schedule.n * 60_000
      : schedule.kind === 'everyHours'
        ? schedule.n * 3_600_000
        : schedule.kind === 'everyDays'
          ? schedule.n * 86_400_000
          : schedule.kind === 'everyWeeks'
            ? schedule.n * 7 * 86_400_000
            : undefined;
  if (step === undefined) return undefined;
  let next = dueAt + step;
  while (next <= now) next += step; // occurrences missed while time jumped are skipped, not replayed
  return next;
}

export interface ScriptAppHost {
  store: TriggerStore;
  userEmail: string;
  timeZone: string;
  spreadsheetId: string;
  scriptId: string;
  publishedAddon: boolean;
  /** The manifest's oauthScopes, which getAuthorizationInfo checks when given no list. */
  manifestScopes: readonly string[];
  /** How late the next one-off (`after`, `at`) trigger fires, from the cost model. */
  oneOffDelayMs(): number;
}

const AUTH_MODE = {
  NONE: 'NONE',
  CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
  LIMITED: 'LIMITED',
  FULL: 'FULL',
};
const EVENT_TYPE = {
  CLOCK: 'CLOCK',
  ON_OPEN: 'ON_OPEN',
  ON_EDIT: 'ON_EDIT',
  ON_CHANGE: 'ON_CHANGE',
  ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
};
const TRIGGER_SOURCE = {
  CLOCK: 'CLOCK',
  SPREADSHEETS: 'SPREADSHEETS',
  DOCUMENTS: 'DOCUMENTS',
  FORMS: 'FORMS',
  CALENDAR: 'CALENDAR',
};
const WEEK_DAY = Object.fromEntries(WEEK_DAYS.map((d) => [d, d]));

export function createScriptApp(env: ExecutionEnv, host: ScriptAppHost): unknown {
  const { store } = host;
  const requireInstallable = (name: string) => {
    env.denyInCustomFunction(name);
    env.requireScope(name, [SCOPES.scriptApp]);
    if (env.exec.authMode === 'NONE' || env.exec.authMode === 'LIMITED') {
      env.fail(
        `You do not have permission to call ${name}. Simple triggers (AuthMode.${env.exec.authMode}) cannot use services that need authorization.`,
      );
    }
  };

  const triggerObject = (record: TriggerRecord): unknown =>
    gated(env, 'Trigger', 'ScriptApp', 0, {
      getUniqueId: () => record.uid,
      getHandlerFunction: () => record.handler,
      getEventType: () => record.eventType,
      getTriggerSource: () => record.source,
      getTriggerSourceId: () => record.sourceId,
    });

  const create = (
    record: Omit<TriggerRecord, 'uid' | 'createdAt' | 'userEmail' | 'timeZone'> & {
      timeZone?: string;
    },
  ) => {
    const mine = store.triggers.filter((t) => t.userEmail === host.userEmail);
    if (mine.length >= MAX_TRIGGERS_PER_USER) {
      env.fail(
        'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
      );
    }
    if (host.publishedAddon) {
      // "Each add-on can only have one trigger of each type, per user, per document."
      // (https://developers.google.com/workspace/add-ons/concepts/editor-triggers#restrictions)
      if (mine.some((t) => t.eventType === record.eventType)) {
        env.fail(
          `Add-ons can only have one trigger of each type, per user, per document: delete the existing ${record.eventType} trigger before creating another.`,
        );
      }
    }
    const full: TriggerRecord = {
      ...record,
      uid: store.newUid(),
      userEmail: host.userEmail,
      timeZone: record.timeZone ?? host.timeZone,
      createdAt: env.clock.now(),
    };
    if (full.schedule) {
      const oneOff = full.schedule.kind === 'after' || full.schedule.kind === 'at';
      full.nextFireAt =
        firstFireTime(full.schedule, env.clock.now(), full.timeZone) +
        (oneOff ? host.oneOffDelayMs() : 0);
    }
    store.triggers.push(full);
    return triggerObject(full);
  };

  const clockBuilder = (
    handler: string,
    state: { schedule?: ClockSchedule; timeZone?: string },
  ): unknown => {
    const next = (patch: Partial<typeof state>) => clockBuilder(handler, { ...state, ...patch });
    const positiveInt = (method: string, n: unknown, allowed?: number[]): number => {
      if (
        typeof n !== 'number' ||
        !Number.isInteger(n) ||
        n < 1 ||
        (allowed && !allowed.includes(n))
      ) {
        env.fail(
          allowed
            ? `ClockTriggerBuilder.${method}(${String(n)}): the value must be one of ${allowed.join(', ')}.`
            : `ClockTriggerBuilder.${method}(${String(n)}): the value must be a whole number >= 1.`,
        );
      }
      return n as number;
    };
    const needsRecurring = (method: string): ClockSchedule => {
      const s = state.schedule;
      if (!s || (s.kind !== 'everyDays' && s.kind !== 'everyWeeks')) {
        env.fail(`ClockTriggerBuilder.${method}() only applies after everyDays() or everyWeeks().`);
      }
      return s as ClockSchedule;
    };
    return gated(env, 'ClockTriggerBuilder', 'ScriptApp', 0, {
      after: (ms: unknown) => {
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
          env.fail(`ClockTriggerBuilder.after(${String(ms)}): pass milliseconds >= 0.`);
        return next({ schedule: { kind: 'after', ms: ms as number } });
      },
      at: (date: unknown) => {
        if (Object.prototype.toString.call(date) !== '[object Date]')
          env.fail('ClockTriggerBuilder.at(date): pass a Date.');
        return next({ schedule: { kind: 'at', epochMs: (date as Date).getTime() } });
      },
      atDate: (year: number, month: number, day: number) =>
        next({
          schedule: {
            kind: 'at',
            epochMs: zonedToEpoch(state.timeZone ?? host.timeZone, year, month, day),
          },
        }),
      everyMinutes: (n: unknown) => {
        if (host.publishedAddon) {
          env.fail(
            'Add-ons can use time-driven triggers at most once per hour: everyMinutes() is not allowed; use everyHours(1) or more.',
          );
        }
        return next({
          schedule: { kind: 'everyMinutes', n: positiveInt('everyMinutes', n, MINUTE_STEPS) },
        });
      },
      everyHours: (n: unknown) =>
        next({ schedule: { kind: 'everyHours', n: positiveInt('everyHours', n, HOUR_STEPS) } }),
      everyDays: (n: unknown) =>
        next({ schedule: { kind: 'everyDays', n: positiveInt('everyDays', n) } }),
      everyWeeks: (n: unknown) =>
        next({ schedule: { kind: 'everyWeeks', n: positiveInt('everyWeeks', n) } }),
      atHour: (hour: unknown) => {
        const s = needsRecurring('atHour');
        if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23) {
          env.fail(
            `ClockTriggerBuilder.atHour(${String(hour)}): the hour must be a whole number from 0 to 23.`,
          );
        }
        return next({ schedule: { ...s, atHour: hour as number } as ClockSchedule });
      },
      nearMinute: (minute: unknown) => {
        const s = needsRecurring('nearMinute');
        if (typeof minute !== 'number' || minute < 0 || minute > 59)
          env.fail(`ClockTriggerBuilder.nearMinute(${String(minute)}): 0 to 59.`);
        return next({ schedule: { ...s, nearMinute: minute as number } as ClockSchedule });
      },
      onWeekDay: (day: unknown) => {
        const s = needsRecurring('onWeekDay');
        const index = WEEK_DAYS.indexOf(String(day));
        if (s.kind !== 'everyWeeks' || index < 0)
          env.fail(
            'ClockTriggerBuilder.onWeekDay(day) needs everyWeeks() and a ScriptApp.WeekDay value.',
          );
        return next({ schedule: { ...s, weekDay: index } as ClockSchedule });
      },
      inTimezone: (timeZone: unknown) => next({ timeZone: String(timeZone) }),
      create: () => {
        requireInstallable('ClockTriggerBuilder.create');
        if (!state.schedule) {
          env.fail(
            'The trigger builder is incomplete: call after, at, everyMinutes, everyHours, everyDays or everyWeeks before create().',
          );
        }
        return create({
          handler,
          eventType: 'CLOCK',
          source: 'CLOCK',
          sourceId: null,
          schedule: state.schedule,
          timeZone: state.timeZone,
        });
      },
    });
  };

  const spreadsheetBuilder = (
    handler: string,
    sourceId: string,
    eventType?: TriggerRecord['eventType'],
  ): unknown =>
    gated(env, 'SpreadsheetTriggerBuilder', 'ScriptApp', 0, {
      onOpen: () => spreadsheetBuilder(handler, sourceId, 'ON_OPEN'),
      onEdit: () => spreadsheetBuilder(handler, sourceId, 'ON_EDIT'),
      onChange: () => spreadsheetBuilder(handler, sourceId, 'ON_CHANGE'),
      onFormSubmit: () => spreadsheetBuilder(handler, sourceId, 'ON_FORM_SUBMIT'),
      create: () => {
        requireInstallable('SpreadsheetTriggerBuilder.create');
        if (!eventType)
          env.fail(
            'The trigger builder is incomplete: call onOpen, onEdit, onChange or onFormSubmit before create().',
          );
        return create({
          handler,
          eventType: eventType as TriggerRecord['eventType'],
          source: 'SPREADSHEETS',
          sourceId,
        });
      },
    });

  return gated(env, 'ScriptApp', 'ScriptApp', 0, {
    AuthMode: AUTH_MODE,
    EventType: EVENT_TYPE,
    TriggerSource: TRIGGER_SOURCE,
    WeekDay: WEEK_DAY,
    newTrigger: (handler: unknown) => {
      env.requireScope('ScriptApp.newTrigger', [SCOPES.scriptApp]);
      if (typeof handler !== 'string' || handler === '')
        env.fail('ScriptApp.newTrigger(functionName): pass the handler function name as a string.');
      return gated(env, 'TriggerBuilder', 'ScriptApp', 0, {
        timeBased: () => clockBuilder(handler as string, {}),
        forSpreadsheet: (ss: unknown) => {
          const id = typeof ss === 'string' ? ss : (ss as { getId?: () => string })?.getId?.();
          return spreadsheetBuilder(handler as string, String(id ?? host.spreadsheetId));
        },
      });
    },
    getProjectTriggers: () => {
      requireInstallable('ScriptApp.getProjectTriggers');
      return env.realm.array(
        store.triggers.filter((t) => t.userEmail === host.userEmail).map(triggerObject),
      );
    },
    getUserTriggers: (ss: unknown) => {
      requireInstallable('ScriptApp.getUserTriggers');
      const id = (ss as { getId?: () => string })?.getId?.() ?? host.spreadsheetId;
      return env.realm.array(
        store.triggers
          .filter(
            (t) => t.userEmail === host.userEmail && (t.sourceId === id || t.source === 'CLOCK'),
          )
          .map(triggerObject),
      );
    },
    deleteTrigger: (trigger: unknown) => {
      requireInstallable('ScriptApp.deleteTrigger');
      const uid = (trigger as { getUniqueId?: () => string })?.getUniqueId?.();
      if (typeof uid !== 'string')
        env.fail(
          'ScriptApp.deleteTrigger(trigger): pass a Trigger from getProjectTriggers() or create().',
        );
      store.remove(uid as string);
    },
    getScriptId: () => host.scriptId,
    getOAuthToken: () => `ya29.local-runtime-token-${host.userEmail}`,
    ...consentMembers(env, host.manifestScopes, host.scriptId),
  });
}
