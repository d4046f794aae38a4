import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import vm from 'node:vm';
import type { HttpRequest, HttpResponse } from '../../src/api/transport';
import { createSyncHttpTransport, type SyncHttpTransport } from '../sync-http';
import { chartsGlobal } from './charts';
import { createRealClock, createSimulatedClock, isRuntimeClock, type RuntimeClock } from './clock';
import { ConsentTable, manifestScopesBeside } from './consent';
import { type CostModel, type CostOptions, createCostModel } from './costs';
import {
  type AuthMode,
  CUSTOM_FUNCTION_LIMIT_MS,
  createExecutionEnv,
  EXECUTION_LIMIT_MS,
  type ExecutionKind,
  type ExecutionState,
  type LogEntry,
  type ServiceCallEvent,
  type ServiceGroup,
  TIME_LIMIT_MESSAGE,
} from './execution';
import { createHtmlService, type HtmlOutputRecord, htmlRecordOf } from './html-service';
import { removeDocumentContext } from './no-document';
import { type DailyQuotas, QUOTAS, QuotaLedger, type QuotaService } from './quotas';
import { createRealm, type Realm } from './realm';
import {
  ADDON_MIN_INTERVAL_MS,
  createScriptApp,
  nextFireTime,
  type TriggerRecord,
  TriggerStore,
} from './script-app';
import { createSharing, type SharingOptions } from './sharing';
import {
  type AlertEvent,
  createSpreadsheetApp,
  type HtmlUiEvent,
  type MenuEvent,
  type MenuItem,
  type ToastEvent,
  type UiAnswer,
  type UiEvent,
  type UiQuestion,
} from './spreadsheet-app';
import {
  CacheStores,
  createCacheService,
  createLockService,
  createPropertiesService,
  LockTable,
  PropertyStores,
  type StoreScope,
  storeKey,
} from './stores';
import { zonedParts } from './time-zone';
import { createUrlFetchApp, type FetchOutcome, type RequestLogEntry } from './url-fetch';
import { createLogger, createSession, createUtilities } from './utilities';
import { type SheetModel, Workbook, type WorkbookInit } from './workbook';

export type { ChartModel, ChartPosition, ChartRange } from './charts';
export {
  createRealClock,
  createSimulatedClock,
  DEFAULT_START_TIME,
  type RuntimeClock,
  type SimulatedClock,
} from './clock';
export {
  type CostModel,
  type CostOptions,
  createCostModel,
  FIXED_COSTS,
  LATENCY_PROFILES,
  type LatencyProfile,
  type LatencyProfileName,
  type TriggerLateness,
} from './costs';
export type { LogEntry, ServiceCallEvent } from './execution';
export { TIME_LIMIT_MESSAGE } from './execution';
export type { HtmlOutputRecord } from './html-service';
export { type DailyQuotas, QUOTAS, type QuotaService, quotaMessage } from './quotas';
export type { SharingOptions } from './sharing';
export type {
  AlertEvent,
  HtmlUiEvent,
  MenuEvent,
  MenuItem,
  ToastEvent,
  UiAnswer,
  UiEvent,
  UiQuestion,
} from './spreadsheet-app';
export type { RequestLogEntry } from './url-fetch';
export { SheetModel, Workbook, type WorkbookInit } from './workbook';
export {
  loadCsv,
  loadXlsx,
  parseCsv,
  saveCsv,
  saveXlsx,
  sheetToCsv,
  workbookFromCsv,
} from './workbook-io';

/**
 * What an in-process route returns: a response, optionally delayed or dropped, or `refuse`: the
 * message of an Apps Script refusal (a daily quota, the allow-list) thrown before anything leaves.
 */
export type InProcessResponse = HttpResponse & {
  delayMs?: number;
  drop?: boolean;
  refuse?: string;
};
export type InProcessFetch = (request: HttpRequest) => InProcessResponse;

export interface GasRuntimeOptions {
  /** The bundle's source. When absent, `bundlePath` is read (again whenever it changes). */
  code?: string;
  bundlePath?: string;
  /** HTML files for HtmlService, by name with or without '.html'. Default: files beside the bundle. */
  htmlFiles?: Record<string, string>;
  workbook?: Workbook | WorkbookInit;
  /** 'simulated' (default), 'real', or a clock to share (e.g. with the sandbox). */
  clock?: 'real' | 'simulated' | RuntimeClock;
  startTime?: number | Date;
  /**
   * The cost model (costs.ts). Default: realistic, profile 'typical', seed 1. `{ model: 'fixed' }`
   * keeps the original constant costs (300 ms a fetch, 5 ms a sheet call, exact trigger times).
   */
  costs?: CostOptions;
  /** Daily per-user quotas enforced (quotas.ts). @default 'consumer' */
  quotas?: 'consumer' | 'workspace' | 'none' | DailyQuotas;
  /** In-process routing of UrlFetchApp; undefined sends real HTTP through a worker thread. */
  fetch?: InProcessFetch;
  httpTimeoutMs?: number;
  /** Apply the published editor add-on's trigger rules (time-driven at most hourly, one per type). */
  publishedAddon?: boolean;
  /**
   * Time-driven triggers run with no active spreadsheet, and null document properties, cache
   * and lock (no-document.ts): the other reading of what Apps Script does.
   */
  triggersWithoutDocument?: boolean;
  addonMenuName?: string;
  /**
   * `locale`: the person's own language (`Session.getActiveUserLocale()`, e.g. `pt` or `en`);
   * default: the spreadsheet locale's language (a person usually matches their spreadsheet).
   */
  user?: { email: string; locale?: string };
  scriptTimeZone?: string;
  scriptId?: string;
  properties?: Partial<Record<StoreScope, Record<string, string>>>;
  /**
   * Called at every service call of every execution, before the call runs: a test plays a
   * person editing the sheet at a chosen call (the call's name says which, e.g. `Range.setValues`).
   */
  onServiceCall?: (event: ServiceCallEvent) => void;
  /** Wall-clock guard for pure-JavaScript loops that never call a service. Default 60 s. */
  realTimeoutMs?: number;
  /**
   * A spreadsheet shared by an owner and editors (sharing.ts): executions may run as any of
   * them (`execute({ user })`, `runAs`), and custom functions see the owner's user properties,
   * cache and lock whoever recalculates. The first user is the owner unless `user` is given.
   */
  sharing?: SharingOptions;
  /**
   * Granular consent (consent.ts): the scopes every person granted; default all of the
   * manifest's. Calls needing another scope throw, and getAuthorizationInfo answers REQUIRED.
   * `grantScopes` changes it between executions.
   */
  grantedScopes?: readonly string[];
  /** The manifest's oauthScopes. Default: `appsscript.json` beside the bundle, else the bound script's. */
  manifestScopes?: readonly string[];
  /**
   * Asked for the answer to an alert or prompt no test queued (`ui.respond`): a host with a
   * person behind it (the playground's page) waits for their click and returns it; undefined
   * answers with the default button (OK / YES) and empty text.
   */
  ask?: (question: UiQuestion) => UiAnswer | undefined;
}

export interface ExecutionResult {
  executionId: number;
  kind: ExecutionKind;
  fnName: string;
  ok: boolean;
  value: unknown;
  error?: { name: string; message: string; stack?: string };
  /** True when the execution was ended by the time limit or a test's kill. */
  killed: boolean;
  logs: LogEntry[];
  startedAt: number;
  endedAt: number;
  durationMs: number;
  serviceCalls: number;
  calls: Record<string, number>;
  /** The execution run in the middle of this one, when `interleave` was given. */
  interleaved?: ExecutionResult;
}

export interface ExecuteSpec {
  fn: string;
  args?: unknown[];
  kind?: ExecutionKind;
  authMode?: AuthMode;
  /** Dies with 'Exceeded maximum execution time' at the service call after this many. */
  killAfterServiceCalls?: number;
  /** Service calls that throw the message returned (a transient "Service ... timed out"). */
  failServiceCall?: (event: ServiceCallEvent) => string | undefined;
  /** Runs another execution, whole, when this one reaches the given service call. */
  interleave?: {
    atServiceCall: number | ((event: ServiceCallEvent) => boolean);
    fn: string;
    args?: unknown[];
    kind?: ExecutionKind;
    /** Who runs the other execution (default: the current user): another editor, at once. */
    user?: string;
  };
  triggerUid?: string;
  event?: unknown;
  /** Who runs it (default: the current user); with `sharing`, the owner or an editor. */
  user?: string;
}

export interface FiredTrigger {
  triggerUid: string;
  handler: string;
  dueAt: number;
  result: ExecutionResult;
}

export interface TriggerKillOptions {
  /**
   * Kills a trigger execution the way `execute({ killAfterServiceCalls })` does: called with the
   * 0-based count of executions fired before it in this call and the handler; a number kills it
   * at the service call after that many, undefined lets it run.
   */
  killTrigger?: (fired: number, handler: string) => number | undefined;
}

export interface TriggerInfo {
  uid: string;
  handler: string;
  userEmail: string;
  eventType: TriggerRecord['eventType'];
  schedule?: TriggerRecord['schedule'];
  nextFireAt?: number;
  lastFiredAt?: number;
}

export interface RuntimeStats {
  executions: number;
  calls: Record<string, number>;
  byService: Partial<Record<ServiceGroup, number>>;
  /** Cells moved by range reads (getValues, getValue, getDisplayValues, …, getSheetValues). */
  cellsRead: number;
  /** Cells moved by range writes (setValues, setValue, clear, appendRow, …). */
  cellsWritten: number;
  flushes: number;
  /** Properties reads and writes: what the daily Properties quota counts. */
  propertiesCalls: number;
  /** UrlFetchApp requests (each request of a fetchAll): what the daily UrlFetch quota counts. */
  urlFetchCalls: number;
  /** Executions started by a time-driven trigger, and the sum of their durations. */
  triggerExecutions: number;
  triggerRuntimeMs: number;
}

export interface UiLog {
  readonly events: UiEvent[];
  menus(): MenuEvent[];
  sidebars(): HtmlUiEvent[];
  dialogs(): HtmlUiEvent[];
  toasts(): ToastEvent[];
  alerts(): AlertEvent[];
  /** Queues the answer the next alert or prompt gets (default: OK / YES, empty text). */
  respond(button: string, text?: string): void;
  /** Runs the function behind a menu item, found by caption, as a new execution. */
  clickMenuItem(caption: string): ExecutionResult;
}

export interface GasRuntime {
  readonly clock: RuntimeClock;
  readonly costs: CostModel;
  readonly workbook: Workbook;
  readonly requests: RequestLogEntry[];
  readonly ui: UiLog;
  readonly executions: ExecutionResult[];
  readonly stats: RuntimeStats;
  run(fnName: string, ...args: unknown[]): ExecutionResult;
  runOrThrow(fnName: string, ...args: unknown[]): unknown;
  runCustomFunction(name: string, ...args: unknown[]): ExecutionResult;
  /** One execution run by `email`. */
  runAs(email: string, fnName: string, ...args: unknown[]): ExecutionResult;
  /** A custom function recalculated by `email` (with `sharing`, it sees the owner's stores). */
  runCustomFunctionAs(email: string, name: string, ...args: unknown[]): ExecutionResult;
  execute(spec: ExecuteSpec): ExecutionResult;
  now(): number;
  advance(ms: number): void;
  fireDueTriggers(options?: TriggerKillOptions): FiredTrigger[];
  runUntilIdle(
    options?: { maxExecutions?: number; maxSimulatedMs?: number } & TriggerKillOptions,
  ): {
    fired: FiredTrigger[];
    reason: 'idle' | 'maxExecutions' | 'maxSimulatedMs';
  };
  triggers(): TriggerInfo[];
  /** Calls counted against the user's daily quota today. */
  quotaUsed(service: QuotaService, userEmail?: string): number;
  sheet(name: string): SheetModel;
  properties(scope: StoreScope, userEmail?: string): Record<string, string>;
  setProperties(scope: StoreScope, values: Record<string, string>, userEmail?: string): void;
  cache(scope: StoreScope, userEmail?: string): Record<string, string>;
  /** Another execution (outside this runtime) holds the lock for `ms` from now. */
  holdLock(scope: StoreScope, ms: number, userEmail?: string): void;
  setUser(email: string): void;
  /**
   * What `email` (default: everyone) has granted from now on: a list of scopes, or 'all'
   * (the person allowed everything at the authorisation URL).
   */
  grantScopes(scopes: readonly string[] | 'all', email?: string): void;
  /**
   * The person's own locale (`getActiveUserLocale`), apart from the spreadsheet's: a Brazilian
   * spreadsheet may be opened by an English-speaking colleague. Default: `user`'s, or the
   * workbook locale's language.
   */
  setUserLocale(locale: string, userEmail?: string): void;
  resetStats(): void;
  close(): void;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const INVOKE = new vm.Script(
  '(function () { var c = globalThis.__gasInvoke; delete globalThis.__gasInvoke; return c.fn.apply(undefined, c.args); })()',
  { filename: 'gas-runtime-invoke.js' },
);
const SETTLE = new vm.Script(
  `(function () { var p = globalThis.__gasPromise; delete globalThis.__gasPromise; var box = { state: 'pending' };
  p.then(function (v) { box.state = 'fulfilled'; box.value = v; }, function (e) { box.state = 'rejected'; box.value = e; });
  return box; })()`,
  { filename: 'gas-runtime-settle.js' },
);

function errorInfo(error: unknown): { name: string; message: string; stack?: string } {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const e = error as { name?: unknown; message?: unknown; stack?: unknown };
    const info: { name: string; message: string; stack?: string } = {
      name: String(e.name ?? 'Error'),
      message: String(e.message),
    };
    if (typeof e.stack === 'string') info.stack = e.stack;
    return info;
  }
  return { name: 'Error', message: String(error) };
}

/** Routes UrlFetchApp to a sandbox's in-process handler, stripping the origin from the URL. */
export function routeToSandbox(
  sandbox: {
    handle(request: {
      method: string;
      path: string;
      headers: Record<string, string>;
      body?: string;
    }): InProcessResponse;
  },
  baseUrl: string,
): InProcessFetch {
  const origin = baseUrl.replace(/\/+$/, '');
  return (request) => {
    if (
      request.url !== origin &&
      !request.url.startsWith(`${origin}/`) &&
      !request.url.startsWith(`${origin}?`)
    ) {
      return { status: 0, headers: {}, body: '', drop: true };
    }
    const path = request.url.slice(origin.length) || '/';
    const routed: { method: string; path: string; headers: Record<string, string>; body?: string } =
      {
        method: request.method,
        path: path.startsWith('/') ? path : `/${path}`,
        headers: request.headers,
      };
    if (request.body !== undefined) routed.body = request.body;
    return sandbox.handle(routed);
  };
}

export function createGasRuntime(options: GasRuntimeOptions = {}): GasRuntime {
  const clock: RuntimeClock = isRuntimeClock(options.clock)
    ? options.clock
    : options.clock === 'real'
      ? createRealClock()
      : createSimulatedClock(options.startTime);
  const workbook = Workbook.from(options.workbook);
  const costs = createCostModel(options.costs);
  const quotaOption = options.quotas ?? 'consumer';
  const quotas = new QuotaLedger(
    quotaOption === 'none'
      ? null
      : typeof quotaOption === 'string'
        ? QUOTAS[quotaOption]
        : quotaOption,
  );
  const bundlePath = options.bundlePath ?? 'dist/Code.js';
  const scriptTimeZone = options.scriptTimeZone ?? workbook.timeZone;
  const scriptId = options.scriptId ?? 'local-script-id';
  const realTimeoutMs = options.realTimeoutMs ?? 60_000;
  const sharing = options.sharing ? createSharing(options.sharing) : undefined;
  let userEmail = options.user?.email ?? sharing?.owner ?? 'user@example.com';
  const userLocales = new Map<string, string>();
  const consent = new ConsentTable(options.grantedScopes);
  const manifestScopes = options.manifestScopes ?? manifestScopesBeside(bundlePath);
  if (options.user?.locale) userLocales.set(userEmail, options.user.locale);

  const propertyStores = new PropertyStores();
  for (const scope of ['script', 'user', 'document'] as const) {
    const initial = options.properties?.[scope];
    if (initial)
      for (const [k, v] of Object.entries(initial))
        propertyStores.get(storeKey(scope, userEmail)).set(k, String(v));
  }
  const cacheStores = new CacheStores();
  const lockTable = new LockTable();
  const triggerStore = new TriggerStore();
  const requests: RequestLogEntry[] = [];
  const uiEvents: UiEvent[] = [];
  const uiResponses: Array<{ button?: string; text?: string }> = [];
  const executions: ExecutionResult[] = [];
  const emptyStats = (): RuntimeStats => ({
    executions: 0,
    calls: {},
    byService: {},
    cellsRead: 0,
    cellsWritten: 0,
    flushes: 0,
    propertiesCalls: 0,
    urlFetchCalls: 0,
    triggerExecutions: 0,
    triggerRuntimeMs: 0,
  });
  const stats: RuntimeStats = emptyStats();
  let executionCounter = 0;

  // ------------------------------------------------------------ bundle cache
  let compiled: { key: string; script: vm.Script } | undefined;
  const bundleScript = (): vm.Script => {
    let key: string;
    let read: () => string;
    if (options.code !== undefined) {
      key = 'inline';
      read = () => options.code as string;
    } else {
      if (!existsSync(bundlePath)) {
        throw new Error(
          `No bundle at ${bundlePath}: run \`npm run build\`, or pass { code } or { bundlePath } to createGasRuntime.`,
        );
      }
      const stat = statSync(bundlePath);
      key = `${bundlePath}:${stat.mtimeMs}:${stat.size}`;
      read = () => readFileSync(bundlePath, 'utf8');
    }
    if (compiled?.key !== key)
      compiled = {
        key,
        script: new vm.Script(read(), { filename: options.code ? 'Code.js' : bundlePath }),
      };
    return compiled.script;
  };
  const htmlFile = (name: string): string | undefined => {
    const bare = name.replace(/\.html$/, '');
    if (options.htmlFiles) return options.htmlFiles[bare] ?? options.htmlFiles[`${bare}.html`];
    const path = join(dirname(bundlePath), `${bare}.html`);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };

  // ------------------------------------------------------------------- fetch
  let http: SyncHttpTransport | undefined;
  const send = (request: HttpRequest): FetchOutcome => {
    if (options.fetch) {
      const routed = options.fetch(request);
      const delayMs = routed.delayMs ?? 0;
      if (routed.refuse !== undefined) return { refusal: routed.refuse, delayMs: 0 };
      if (routed.drop) return { error: 'connection dropped', delayMs };
      return {
        response: { status: routed.status, headers: routed.headers, body: routed.body },
        delayMs,
      };
    }
    http ??= createSyncHttpTransport({ timeoutMs: options.httpTimeoutMs ?? 30_000 });
    try {
      return { response: http.send(request), delayMs: 0 };
    } catch (error) {
      return { error: (error as Error).message, delayMs: 0 };
    }
  };

  const ui: UiLog = {
    events: uiEvents,
    menus: () => uiEvents.filter((e): e is MenuEvent => e.type === 'menu'),
    sidebars: () => uiEvents.filter((e): e is HtmlUiEvent => e.type === 'sidebar'),
    dialogs: () =>
      uiEvents.filter(
        (e): e is HtmlUiEvent => e.type === 'modalDialog' || e.type === 'modelessDialog',
      ),
    toasts: () => uiEvents.filter((e): e is ToastEvent => e.type === 'toast'),
    alerts: () =>
      uiEvents.filter((e): e is AlertEvent => e.type === 'alert' || e.type === 'prompt'),
    respond: (button, text) => {
      uiResponses.push(text === undefined ? { button } : { button, text });
    },
    clickMenuItem: (caption) => {
      const find = (items: MenuItem[]): string | undefined => {
        for (const item of items) {
          if ('functionName' in item && item.caption === caption) return item.functionName;
          if ('items' in item) {
            const found = find(item.items);
            if (found) return found;
          }
        }
        return undefined;
      };
      for (const menu of [...ui.menus()].reverse()) {
        const fn = find(menu.items);
        if (fn) return runtime.run(fn);
      }
      const captions = ui
        .menus()
        .flatMap((m) =>
          m.items
            .filter((i) => 'caption' in i)
            .map((i) => `"${(i as { caption: string }).caption}"`),
        );
      throw new Error(
        `No menu item "${caption}" was added to the UI (items: ${captions.join(', ') || 'none'}). Run onOpen first.`,
      );
    },
  };

  // --------------------------------------------------------------- execution
  const installServices = (realm: Realm, exec: ExecutionState) => {
    const storesUser = sharing ? sharing.storesUser(exec.kind, exec.userEmail) : exec.userEmail;
    const env = createExecutionEnv(exec, realm, clock, {
      record(name, group) {
        stats.calls[name] = (stats.calls[name] ?? 0) + 1;
        stats.byService[group] = (stats.byService[group] ?? 0) + 1;
      },
    });
    const { Logger, console } = createLogger(env, exec.logs);
    const takeQuota = (service: QuotaService, n: number) => {
      const refused = quotas.take(exec.userEmail, service, n, clock.now());
      if (refused) return refused;
      if (service === 'properties') stats.propertiesCalls += n;
      else stats.urlFetchCalls += n;
      return undefined;
    };
    const globals: Record<string, unknown> = {
      SpreadsheetApp: createSpreadsheetApp(env, {
        workbook,
        sheetCallMs: costs.sheetCallMs,
        cells: (kind, count) => {
          if (kind === 'read') stats.cellsRead += count;
          else stats.cellsWritten += count;
          const ms = costs.cellsMs(count);
          if (ms > 0) clock.advance(ms);
        },
        flush: () => {
          stats.flushes++;
          if (costs.flushExtraMs > 0) clock.advance(costs.flushExtraMs);
        },
        addonMenuName: options.addonMenuName ?? 'CRM Sheets',
        ui: {
          record: (event) => uiEvents.push(event),
          nextResponse: (question) => uiResponses.shift() ?? options.ask?.(question),
          htmlRecord: (output): HtmlOutputRecord => {
            const record = htmlRecordOf(output);
            if (!record)
              return env.fail(
                "The parameters (Object) don't match the method signature: pass an HtmlOutput.",
              );
            return { ...record, metaTags: [...record.metaTags] };
          },
        },
      }),
      Charts: chartsGlobal(env),
      UrlFetchApp: createUrlFetchApp(env, {
        send,
        log: (entry) => requests.push(entry),
        nextFetch: () => costs.nextFetch(),
        takeQuota: (n) => takeQuota('urlfetch', n),
      }),
      PropertiesService: createPropertiesService(env, propertyStores, storesUser, () =>
        takeQuota('properties', 1),
      ),
      CacheService: createCacheService(env, cacheStores, storesUser),
      LockService: createLockService(env, lockTable, clock, storesUser),
      ScriptApp: createScriptApp(env, {
        store: triggerStore,
        userEmail: exec.userEmail,
        timeZone: scriptTimeZone,
        spreadsheetId: workbook.id,
        scriptId,
        publishedAddon: options.publishedAddon === true,
        manifestScopes,
        oneOffDelayMs: () => costs.nextOneOffTriggerDelayMs(),
      }),
      Utilities: createUtilities(env, { scriptTimeZone }),
      Session: createSession(env, {
        userEmail: exec.userEmail,
        effectiveUserEmail: exec.userEmail,
        scriptTimeZone,
        locale: userLocales.get(exec.userEmail) ?? workbook.locale.split('_')[0] ?? 'en',
      }),
      HtmlService: createHtmlService(env, { readFile: htmlFile }),
      Logger,
      console,
    };
    if (options.triggersWithoutDocument && exec.kind === 'trigger') removeDocumentContext(globals);
    for (const [name, value] of Object.entries(globals)) {
      Object.defineProperty(realm.context, name, {
        value,
        writable: true,
        configurable: true,
        enumerable: false,
      });
    }
  };

  const lookupFunction = (realm: Realm, name: string): unknown => {
    if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a function name.`);
    const direct = (realm.context as Record<string, unknown>)[name];
    if (typeof direct === 'function') return direct;
    return vm.runInContext(`typeof ${name} === 'function' ? ${name} : undefined`, realm.context);
  };

  const execute = (spec: ExecuteSpec): ExecutionResult => {
    const kind = spec.kind ?? 'function';
    if (typeof spec.fn !== 'string' || !IDENTIFIER.test(spec.fn)) {
      throw new Error(`execute({ fn }): "${String(spec.fn)}" is not a function name.`);
    }
    const runner = spec.user ?? userEmail;
    sharing?.checkCollaborator(runner);
    const startedAt = clock.now();
    const limit = kind === 'customFunction' ? CUSTOM_FUNCTION_LIMIT_MS : EXECUTION_LIMIT_MS;
    const exec: ExecutionState = {
      id: ++executionCounter,
      kind,
      fnName: spec.fn,
      startedAt,
      deadline: startedAt + limit,
      authMode: spec.authMode ?? (kind === 'customFunction' ? 'CUSTOM_FUNCTION' : 'FULL'),
      userEmail: runner,
      logs: [],
      calls: {},
      callCount: 0,
      finalizers: [],
    };
    const granted = consent.grantedBy(runner);
    if (granted) (exec as { grantedScopes?: ReadonlySet<string> }).grantedScopes = granted;
    if (spec.triggerUid !== undefined)
      (exec as { triggerUid?: string }).triggerUid = spec.triggerUid;
    if (spec.killAfterServiceCalls !== undefined)
      exec.killAfterServiceCalls = spec.killAfterServiceCalls;
    if (spec.failServiceCall !== undefined) exec.failServiceCall = spec.failServiceCall;
    let interleaved: ExecutionResult | undefined;
    if (spec.interleave) {
      const { atServiceCall, fn, args, kind: innerKind, user } = spec.interleave;
      const matches =
        typeof atServiceCall === 'number'
          ? (e: ServiceCallEvent) => e.index === atServiceCall
          : atServiceCall;
      exec.onServiceCall = (event) => {
        if (interleaved || !matches(event)) return;
        const outerUser = userEmail;
        if (user !== undefined) userEmail = user;
        try {
          interleaved = execute({ fn, args: args ?? [], kind: innerKind ?? 'function' });
        } finally {
          userEmail = outerUser;
        }
      };
    }
    const onEveryCall = options.onServiceCall;
    if (onEveryCall) {
      const own = exec.onServiceCall;
      exec.onServiceCall = (event) => {
        onEveryCall(event);
        own?.(event);
      };
    }
    stats.executions++;
    if (costs.executionStartMs > 0) clock.advance(costs.executionStartMs);

    // A missing or unparsable bundle is a setup mistake: thrown, not recorded as a failed execution.
    const script = bundleScript();
    const realm = createRealm(() => clock.now());
    let value: unknown;
    let error: unknown;
    let failed = false;
    try {
      installServices(realm, exec);
      script.runInContext(realm.context, { timeout: realTimeoutMs });
      const fn = lookupFunction(realm, spec.fn);
      if (typeof fn !== 'function') throw realm.error(`Script function not found: ${spec.fn}`);
      const args = spec.event !== undefined ? [spec.event] : (spec.args ?? []);
      (realm.context as Record<string, unknown>).__gasInvoke = { fn, args: realm.toRealm(args) };
      value = realm.run(INVOKE, realTimeoutMs);
      if (
        value !== null &&
        typeof value === 'object' &&
        typeof (value as { then?: unknown }).then === 'function'
      ) {
        (realm.context as Record<string, unknown>).__gasPromise = value;
        const box = realm.run(SETTLE) as { state: string; value: unknown };
        if (box.state === 'pending') {
          throw new Error(
            'The function returned a Promise that never settled: Apps Script ends the execution when the function returns.',
          );
        }
        if (box.state === 'rejected') throw box.value;
        value = box.value;
      }
    } catch (caught) {
      failed = true;
      error = caught;
      if (/Script execution timed out/.test(String((caught as Error)?.message))) {
        exec.killedBy = TIME_LIMIT_MESSAGE;
      }
    } finally {
      lockTable.releaseExecution(exec.id); // Apps Script releases locks when an execution ends
      for (const finalizer of exec.finalizers) finalizer();
    }
    const endedAt = clock.now();
    const killed = exec.killedBy !== undefined;
    const result: ExecutionResult = {
      executionId: exec.id,
      kind,
      fnName: spec.fn,
      ok: !failed && !killed,
      value: failed || killed ? undefined : realm.toHost(value),
      killed,
      logs: exec.logs,
      startedAt,
      endedAt,
      durationMs: endedAt - startedAt,
      serviceCalls: exec.callCount,
      calls: exec.calls,
    };
    // A killed execution ends with the kill, even when the script caught the exception.
    if (killed) result.error = { name: 'Exception', message: exec.killedBy as string };
    else if (failed) result.error = errorInfo(error);
    if (interleaved) result.interleaved = interleaved;
    if (kind === 'trigger') {
      stats.triggerExecutions++;
      stats.triggerRuntimeMs += result.durationMs;
    }
    executions.push(result);
    return result;
  };

  // --------------------------------------------------------------- triggers
  const effectiveDue = (t: TriggerRecord): number | undefined => {
    if (t.nextFireAt === undefined) return undefined;
    if (!options.publishedAddon || t.eventType !== 'CLOCK') return t.nextFireAt;
    // Published add-ons run time-driven triggers at most once per hour
    // (https://developers.google.com/apps-script/guides/triggers/installable#time-driven_triggers).
    const last = triggerStore.lastClockRunByUser.get(t.userEmail);
    return last === undefined ? t.nextFireAt : Math.max(t.nextFireAt, last + ADDON_MIN_INTERVAL_MS);
  };

  const clockEvent = (t: TriggerRecord, dueAt: number): Record<string, unknown> => {
    const p = zonedParts(dueAt, 'UTC');
    const startOfYear = Date.UTC(p.year, 0, 1);
    return {
      authMode: 'FULL',
      triggerUid: t.uid,
      year: p.year,
      month: p.month,
      'day-of-month': p.day,
      'day-of-week': p.weekday === 0 ? 7 : p.weekday,
      'week-of-year': Math.ceil(((dueAt - startOfYear) / 86_400_000 + 1) / 7),
      hour: p.hour,
      minute: p.minute,
      second: p.second,
      timezone: 'UTC',
    };
  };

  const fireDueTriggers = (
    { killTrigger }: TriggerKillOptions = {},
    before = 0,
  ): FiredTrigger[] => {
    const fired: FiredTrigger[] = [];
    const previousUser = userEmail;
    for (;;) {
      const now = clock.now();
      const due = triggerStore.triggers
        .filter((t) => t.eventType === 'CLOCK')
        .map((t) => ({ t, at: effectiveDue(t) }))
        .filter((d): d is { t: TriggerRecord; at: number } => d.at !== undefined && d.at <= now)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      const { t, at } = due;
      t.lastFiredAt = now;
      // One-off triggers stay listed (disabled) after they fire, until deleted.
      t.nextFireAt = t.schedule ? nextFireTime(t.schedule, at, now) : undefined;
      triggerStore.lastClockRunByUser.set(t.userEmail, now);
      userEmail = t.userEmail; // installable triggers run as the user who created them
      const kill = killTrigger?.(before + fired.length, t.handler);
      const result = execute({
        fn: t.handler,
        kind: 'trigger',
        triggerUid: t.uid,
        event: clockEvent(t, at),
        ...(kill === undefined ? {} : { killAfterServiceCalls: kill }),
      });
      userEmail = previousUser;
      fired.push({ triggerUid: t.uid, handler: t.handler, dueAt: at, result });
    }
    return fired;
  };

  const runtime: GasRuntime = {
    clock,
    costs,
    workbook,
    requests,
    ui,
    executions,
    stats,
    execute,
    run: (fnName, ...args) => execute({ fn: fnName, args }),
    runOrThrow: (fnName, ...args) => {
      const result = execute({ fn: fnName, args });
      if (!result.ok) {
        const error = new Error(`${fnName} failed: ${result.error?.message ?? 'unknown error'}`);
        if (result.error?.stack)
          error.stack = `${error.message}\n--- inside the execution ---\n${result.error.stack}`;
        throw error;
      }
      return result.value;
    },
    runCustomFunction: (name, ...args) => execute({ fn: name, args, kind: 'customFunction' }),
    runAs: (email, fnName, ...args) => execute({ fn: fnName, args, user: email }),
    runCustomFunctionAs: (email, name, ...args) =>
      execute({ fn: name, args, user: email, kind: 'customFunction' }),
    now: () => clock.now(),
    advance: (ms) => clock.advance(ms),
    fireDueTriggers: (options) => fireDueTriggers(options),
    runUntilIdle: ({ maxExecutions = 100, maxSimulatedMs = 7 * 86_400_000, killTrigger } = {}) => {
      const fired: FiredTrigger[] = [];
      const stopAt = clock.now() + maxSimulatedMs;
      for (;;) {
        const batch = fireDueTriggers(killTrigger ? { killTrigger } : {}, fired.length);
        fired.push(...batch);
        if (fired.length >= maxExecutions) return { fired, reason: 'maxExecutions' };
        const next = triggerStore.triggers
          .filter((t) => t.eventType === 'CLOCK')
          .map(effectiveDue)
          .filter((at): at is number => at !== undefined)
          .sort((a, b) => a - b)[0];
        if (next === undefined) return { fired, reason: 'idle' };
        if (next > stopAt) return { fired, reason: 'maxSimulatedMs' };
        if (next > clock.now()) clock.advance(next - clock.now());
      }
    },
    triggers: () =>
      triggerStore.triggers.map((t) => {
        const info: TriggerInfo = {
          uid: t.uid,
          handler: t.handler,
          userEmail: t.userEmail,
          eventType: t.eventType,
        };
        if (t.schedule) info.schedule = { ...t.schedule };
        const due = effectiveDue(t);
        if (due !== undefined) info.nextFireAt = due;
        if (t.lastFiredAt !== undefined) info.lastFiredAt = t.lastFiredAt;
        return info;
      }),
    quotaUsed: (service, email = userEmail) => quotas.used(email, service, clock.now()),
    sheet: (name) => workbook.sheet(name),
    properties: (scope, email = userEmail) =>
      Object.fromEntries(propertyStores.get(storeKey(scope, email))),
    setProperties: (scope, values, email = userEmail) => {
      const store = propertyStores.get(storeKey(scope, email));
      for (const [k, v] of Object.entries(values)) store.set(k, String(v));
    },
    cache: (scope, email = userEmail) => cacheStores.snapshot(storeKey(scope, email), clock.now()),
    holdLock: (scope, ms, email = userEmail) => {
      if (!Number.isFinite(ms) || ms <= 0)
        throw new Error(`holdLock(scope, ms): ms must be > 0, got ${ms}.`);
      lockTable.set(storeKey(scope, email), { kind: 'external', until: clock.now() + ms });
    },
    setUser: (email) => {
      if (!/^[^@\s]+@[^@\s]+$/.test(email))
        throw new Error(`setUser("${email}"): pass an email address.`);
      userEmail = email;
    },
    grantScopes: (scopes, email) => consent.grant(scopes, email),
    setUserLocale: (locale, email) => {
      userLocales.set(email ?? userEmail, locale);
    },
    resetStats: () => {
      Object.assign(stats, emptyStats());
    },
    close: () => {
      http?.close();
      http = undefined;
    },
  };
  return runtime;
}
