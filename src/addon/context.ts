import { type CrmClient, createCrmClient } from '../api';
import { codedError } from '../core/errors';
import {
  createJobStore,
  createLease,
  createSharedLease,
  DEFAULT_BUDGET_MS,
  type EngineDeps,
  type JobMeta,
  type Lease,
  prefixedStore,
} from '../core/jobs';
import { createPacer, hashApiKey, type Pacer } from '../core/pacing';
import type { KeyValueStore, Mutex } from '../core/ports';
import { DEFAULT_COUNTRY, type Settings, SettingsSchema } from '../core/settings/settings';
import { currentLocale } from '../gas/locale';
import { metadataStore } from '../gas/metadata-store';
import { appsScriptClock, cacheAdapter, lockAdapter, propertiesStore } from '../gas/services';
import { spreadsheetIdOf } from '../gas/spreadsheet-id';
import { createUrlFetchTransport } from '../gas/url-fetch-transport';
import { PUBLISHED_ADDON } from './deployment';

export { spreadsheetIdOf };

import { surfaceDeprecation } from './notices';

/**
 * Builds what entry points need from Apps Script services, fresh for every execution
 * (Apps Script keeps no globals between executions).
 */
const SETTINGS_KEY = 'crm.settings';

/** The API key belongs to a person, so settings live in the user's properties. */
let settingsMemo: { value: Settings | null } | undefined;

/**
 * Read once per execution (each execution starts afresh, and only saveSettings changes them
 * within one): a trigger execution asked four times, a Properties read each.
 */
export function loadSettings(): Settings | null {
  settingsMemo ??= { value: readSettings() };
  return settingsMemo.value;
}

function readSettings(): Settings | null {
  const raw = PropertiesService.getUserProperties().getProperty(SETTINGS_KEY);
  if (!raw) return null;
  try {
    const parsed = SettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSettings(settings: Settings): void {
  settingsMemo = undefined;
  PropertiesService.getUserProperties().setProperty(SETTINGS_KEY, JSON.stringify(settings));
}

export function requireSettings(): Settings {
  const settings = loadSettings();
  if (!settings) {
    throw codedError(
      'No CRM API key is set: open CRM → Settings, or call crmConfigure({apiKey: "crm_…"}) first.',
      'noSettings',
    );
  }
  return { ...settings, defaultCountry: settings.defaultCountry || DEFAULT_COUNTRY };
}

export function clientFor(settings: Settings): CrmClient {
  return createCrmClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    transport: createUrlFetchTransport(),
    onResponse: surfaceDeprecation,
  });
}

/**
 * Who a job or schedule belongs to: the CRM account behind the key, so that a new key for the
 * same account (after a revoked one) continues it and another account's key never does.
 * Hashed: document properties, which every editor can read, never hold the key.
 */
export function ownerOf(settings: Settings): string {
  const account =
    settings.accountId === undefined ? `key ${settings.apiKey}` : `account ${settings.accountId}`;
  return hashApiKey(`${settings.baseUrl} ${account}`);
}

/**
 * One pacer per API key for every document and execution of this user, which also counts the
 * requests other people make with the same key (a team's shared key, issue 19): they meet in
 * the script cache, under a hash of the key, each as their random person id (see PacerDeps).
 */
export function pacerFor(settings: Settings, clock = appsScriptClock): Pacer {
  return createPacer(
    {
      cache: cacheAdapter(CacheService.getUserCache()),
      mutex: lockAdapter(LockService.getUserLock()),
      clock,
      shared: { cache: cacheAdapter(CacheService.getScriptCache()), member: personId() },
    },
    { apiKey: settings.apiKey },
  );
}

/*
 * Where jobs live, with or without an active document (issue 11.2).
 *
 * Whether an editor add-on's time-driven trigger runs with an active spreadsheet is not
 * documented; without one, getDocumentProperties(), getDocumentCache() and getDocumentLock()
 * return null (https://developers.google.com/apps-script/reference/properties/properties-service#getDocumentProperties(),
 * https://developers.google.com/apps-script/reference/lock/lock-service#getDocumentLock()).
 * Installable triggers run as the user who created them
 * (https://developers.google.com/apps-script/guides/triggers/installable#restrictions), and a
 * job runs only with its starter's key, so what its drivers need is kept where that person's
 * executions always reach it, and what other editors need where anyone with the spreadsheet
 * reaches it:
 * - the job's record (options, cursor, progress): the starter's user properties, under the
 *   spreadsheet's id (one person's jobs of every spreadsheet share that 500 KB store);
 * - the job board (what every editor sees), pause / cancel requests and schedules: the
 *   spreadsheet's developer metadata, opened by id when there is no active spreadsheet;
 * - the driver lock: a lease in the starter's user properties, guarded for a moment by the user
 *   lock (the user lock also guards the pacer that formulas use, so it is never held for a slice);
 * - the start lock (one job per sheet): the script lock, held only to check and create.
 * Both readings work alike: an active spreadsheet is used when there is one, else the one whose
 * id was stored with the job, schedule or trigger.
 */

let backgroundSpreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | undefined;

let activeMemo: { value: GoogleAppsScript.Spreadsheet.Spreadsheet | null } | undefined;

/**
 * The spreadsheet open in this execution, or null (a trigger may run with none). Asked once
 * per execution: it cannot change within one, and each ask is a Sheets call.
 */
export function activeSpreadsheet(): GoogleAppsScript.Spreadsheet.Spreadsheet | null {
  if (activeMemo) return activeMemo.value;
  let value: GoogleAppsScript.Spreadsheet.Spreadsheet | null;
  try {
    value = SpreadsheetApp.getActive() ?? null;
  } catch {
    value = null;
  }
  // A failed or empty ask is not kept: a later one (after useSpreadsheet) decides again.
  if (value) activeMemo = { value };
  return value;
}

/** For a background execution with no active spreadsheet: the one its work belongs to. */
export function useSpreadsheet(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): void {
  backgroundSpreadsheet = spreadsheet;
}

/** The spreadsheet this execution works on: the active one, else the one chosen by id. */
export function currentSpreadsheet(): GoogleAppsScript.Spreadsheet.Spreadsheet {
  const spreadsheet = activeSpreadsheet() ?? backgroundSpreadsheet;
  if (!spreadsheet) {
    throw codedError(
      'No spreadsheet is open in this execution: call this from a spreadsheet (or its add-on menu).',
      'noSpreadsheet',
    );
  }
  return spreadsheet;
}

/** Opens a spreadsheet by the id kept with a job, schedule or trigger (needs the `spreadsheets` scope). */
export function openSpreadsheet(id: string): GoogleAppsScript.Spreadsheet.Spreadsheet {
  const active = activeSpreadsheet();
  return active && spreadsheetIdOf(active) === id ? active : SpreadsheetApp.openById(id);
}

const PERSON_KEY = 'crm.person';

/**
 * Who this person is, to the add-on: a random id kept in their own user properties, so it is
 * the same in their sidebars, their triggers (which run as them) and their direct calls, and it
 * reveals nothing (no key, no e-mail). Session's e-mail may be empty (consumer accounts, or
 * without the userinfo.email scope) and getTemporaryActiveUserKey() rotates every 30 days
 * (https://developers.google.com/apps-script/reference/base/session), so neither identifies a
 * job's starter for the life of the job.
 */
let personMemo: string | undefined;

export function personId(): string {
  personMemo ??= readPersonId();
  return personMemo;
}

function readPersonId(): string {
  const properties = PropertiesService.getUserProperties();
  const known = properties.getProperty(PERSON_KEY);
  if (known) return known;
  const id = Utilities.getUuid();
  try {
    properties.setProperty(PERSON_KEY, id);
  } catch {
    // A full store: this execution can still read and cancel jobs; none can be started.
  }
  return id;
}

/** The person's e-mail for other editors to read, when Apps Script gives it; else ''. */
export function personName(): string {
  try {
    return Session.getEffectiveUser().getEmail() || '';
  } catch {
    return '';
  }
}

/** This person's keys for one spreadsheet: `crm.ss.<spreadsheet id>.` in their user properties. */
function personalStore(spreadsheetId: string): KeyValueStore {
  return prefixedStore(
    propertiesStore(PropertiesService.getUserProperties()),
    `crm.ss.${spreadsheetId}.`,
  );
}

/**
 * What a job handler keeps between executions for a spreadsheet (the import's memory, the
 * export's last sync): in the running person's user properties under the spreadsheet's id, so
 * a trigger with no active document reaches it.
 */
export function spreadsheetDataStore(): KeyValueStore {
  return prefixedStore(personalStore(spreadsheetIdOf(currentSpreadsheet())), 'data.');
}

/**
 * What this person chose about how they see this spreadsheet (e.g. when they last cleared
 * finished jobs from their Jobs list): their own, in their user properties.
 */
export function personViewStore(): KeyValueStore {
  return prefixedStore(personalStore(spreadsheetIdOf(currentSpreadsheet())), 'view.');
}

/**
 * This person's sidebar memories for the active spreadsheet (core/settings/sheet-memory.ts):
 * their own, in their user properties, never another person's.
 */
export function personSidebarStore(): KeyValueStore {
  return prefixedStore(personalStore(spreadsheetIdOf(currentSpreadsheet())), 'ui.');
}

/**
 * When this execution began: Apps Script runs top-level code afresh at the start of every
 * execution, and ends every execution at 6 minutes, whatever it is doing
 * (https://developers.google.com/apps-script/guides/services/quotas#current_limitations).
 */
export const EXECUTION_STARTED_AT = Date.now();
export const EXECUTION_LIMIT_MS = 6 * 60_000;
/** Past this instant this execution cannot be running any more (a little slack for clocks). */
export function executionOverAt(): number {
  return EXECUTION_STARTED_AT + EXECUTION_LIMIT_MS + 5_000;
}

let executionToken: string | undefined;

/** The driver lock of this person's jobs in this spreadsheet (see above). */
export function driverLease(spreadsheetId: string): Lease {
  executionToken ??= Utilities.getUuid();
  return createLease({
    kv: personalStore(spreadsheetId),
    key: 'lease',
    guard: lockAdapter(LockService.getUserLock()),
    clock: appsScriptClock,
    token: executionToken,
    expiresAt: executionOverAt(),
  });
}

/**
 * The send record's exclusion in one spreadsheet, for every person's executions there
 * (core/jobs/shared-lease.ts): a lease in the script properties under the spreadsheet's id,
 * guarded for a moment by that spreadsheet's document lock, or, in an execution without one,
 * by the script lock (one for every user of a published add-on,
 * https://developers.google.com/apps-script/reference/lock/lock-service#getScriptLock(), so
 * held only for the lease's reads and write). getDocumentLock() is the lock of the execution's
 * active document, null without one
 * (https://developers.google.com/apps-script/reference/lock/lock-service#getDocumentLock());
 * whether a time-driven trigger has one is not documented, so an execution uses it only when its
 * active spreadsheet is the one it works on, and otherwise takes the fallback; the lease keeps
 * the two kinds of execution apart either way. Script properties take 500 KB for the whole
 * add-on (https://developers.google.com/apps-script/guides/services/quotas): a lease is about
 * 80 bytes and is deleted when released; one left by a killed execution goes at the next take
 * in that spreadsheet.
 */
export function sendRecordExclusion(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): Mutex {
  return spreadsheetExclusion(spreadsheet, 'sendRecord');
}

/**
 * An exclusion of every person's executions in one spreadsheet, as sendRecordExclusion's, for
 * what `name` says (its own lease: holding one never waits on another): the send record, the
 * opt-out tags' list (addon/opt-out-tags.ts).
 */
export function spreadsheetExclusion(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
): Mutex {
  executionToken ??= Utilities.getUuid();
  const id = spreadsheetIdOf(spreadsheet);
  const active = activeSpreadsheet();
  const documentLock =
    active !== null && spreadsheetIdOf(active) === id ? LockService.getDocumentLock() : null;
  return createSharedLease({
    kv: propertiesStore(PropertiesService.getScriptProperties()),
    key: `crm.${name}.${id}`,
    documentGuard: documentLock ? lockAdapter(documentLock) : null,
    // Asked for only without a document lock: one Lock call less per take, and the script lock
    // an execution's start asks for is then the start lock's (send-record-sheet.test.ts).
    fallbackGuard: documentLock
      ? { tryLock: () => false, release: () => {} }
      : lockAdapter(LockService.getScriptLock()),
    clock: appsScriptClock,
    token: executionToken,
    expiresAt: executionOverAt(),
  });
}

/** Taken only to check "one job per sheet" and create the job: never behind a running slice. */
export function startLock() {
  return lockAdapter(LockService.getScriptLock());
}

/**
 * What a job makes in an hour with no sidebar open. A published editor add-on may run one
 * time-driven trigger per user per document, at most hourly
 * (https://developers.google.com/workspace/add-ons/concepts/editor-triggers#restrictions): one
 * slice (4.5 minutes at 60 a minute) an hour. A bound script's one-off trigger chain keeps
 * about 52 a minute (`npm run bench`, trigger chains under 0–60 s and long-tail lateness).
 */
const UNATTENDED_REQUESTS_PER_HOUR = PUBLISHED_ADDON ? (DEFAULT_BUDGET_MS / 60_000) * 60 : 52 * 60;

/** This person's jobs of the current spreadsheet, with the board every editor sees. */
export function engineDeps(): EngineDeps & { mutex: Lease } {
  const spreadsheet = currentSpreadsheet();
  const id = spreadsheetIdOf(spreadsheet);
  return {
    store: createJobStore(personalStore(id), {
      shared: metadataStore(spreadsheet),
      signal: { cache: cacheAdapter(CacheService.getScriptCache()), clock: appsScriptClock },
    }),
    clock: appsScriptClock,
    mutex: driverLease(id),
    viewer: {
      person: personId(),
      locale: currentLocale(),
      unattendedRequestsPerHour: UNATTENDED_REQUESTS_PER_HOUR,
    },
  };
}

/** Who starts a job, in which language, and where it works: stored with it. */
export function jobMeta(sheet?: { id: number; name: string }): JobMeta {
  const name = personName();
  return {
    person: personId(),
    ...(name ? { ownerName: name } : {}),
    locale: currentLocale(),
    spreadsheetId: spreadsheetIdOf(currentSpreadsheet()),
    ...(sheet ? { sheetId: sheet.id, sheetName: sheet.name } : {}),
  };
}

export function spreadsheetTimeZone(): string {
  return currentSpreadsheet().getSpreadsheetTimeZone();
}
