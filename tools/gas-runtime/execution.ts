import type { RuntimeClock } from './clock';
import type { Realm } from './realm';

/**
 * One execution's bookkeeping, and the gate every service call passes through: it
 * counts the call, kills the execution once its time is up, and charges the call's
 * simulated cost to the clock.
 */
export type ExecutionKind = 'function' | 'customFunction' | 'trigger';
export type AuthMode = 'NONE' | 'CUSTOM_FUNCTION' | 'LIMITED' | 'FULL';

export const EXECUTION_LIMIT_MS = 6 * 60_000;
export const CUSTOM_FUNCTION_LIMIT_MS = 30_000;
export const TIME_LIMIT_MESSAGE = 'Exceeded maximum execution time';

export interface LogEntry {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug' | 'Logger';
  message: string;
  time: number;
}

export interface ServiceCallEvent {
  /** 1-based index of this call within its execution. */
  index: number;
  name: string;
  time: number;
}

export interface ExecutionState {
  readonly id: number;
  readonly kind: ExecutionKind;
  readonly fnName: string;
  readonly startedAt: number;
  readonly deadline: number;
  readonly authMode: AuthMode;
  readonly userEmail: string;
  readonly triggerUid?: string;
  readonly logs: LogEntry[];
  readonly calls: Record<string, number>;
  callCount: number;
  /** Set once the execution has been killed; every later service call throws again. */
  killedBy?: string;
  killAfterServiceCalls?: number;
  onServiceCall?: (event: ServiceCallEvent) => void;
  /** A message makes this service call throw it, as Apps Script throws a service's failure. */
  failServiceCall?: (event: ServiceCallEvent) => string | undefined;
  readonly finalizers: Array<() => void>;
  /**
   * The OAuth scopes the running person has granted (granular consent, consent.ts); undefined:
   * every scope the manifest asks for.
   */
  readonly grantedScopes?: ReadonlySet<string>;
}

export type ServiceGroup =
  | 'SpreadsheetApp'
  | 'UrlFetchApp'
  | 'PropertiesService'
  | 'CacheService'
  | 'LockService'
  | 'ScriptApp'
  | 'Utilities'
  | 'Session'
  | 'HtmlService'
  | 'Logger'
  | 'console';

export interface ExecutionEnv {
  readonly exec: ExecutionState;
  readonly realm: Realm;
  readonly clock: RuntimeClock;
  readonly readOnly: boolean;
  /** Counts, checks the deadline, advances the clock. Throws when the execution is dead. */
  call(name: string, group: ServiceGroup, costMs?: number): void;
  /** Throws an Apps Script style exception of the execution's realm. */
  fail(message: string): never;
  /** Throws the permission error custom functions get for anything that writes. */
  denyInCustomFunction(name: string): void;
  /**
   * Throws Apps Script's "Specified permissions are not sufficient" when the person granted
   * none of `scopes` (any one of them is enough, e.g. spreadsheets or spreadsheets.currentonly).
   */
  requireScope(name: string, scopes: readonly string[]): void;
}

export interface StatsSink {
  record(name: string, group: ServiceGroup): void;
}

export function createExecutionEnv(
  exec: ExecutionState,
  realm: Realm,
  clock: RuntimeClock,
  stats: StatsSink,
): ExecutionEnv {
  const fail = (message: string): never => {
    throw realm.error(message);
  };
  const kill = (reason: string): never => {
    exec.killedBy = reason;
    return fail(reason);
  };
  return {
    exec,
    realm,
    clock,
    readOnly: exec.kind === 'customFunction',
    fail,
    call(name, group, costMs = 0) {
      if (exec.killedBy) fail(exec.killedBy);
      exec.callCount++;
      exec.calls[name] = (exec.calls[name] ?? 0) + 1;
      stats.record(name, group);
      if (exec.killAfterServiceCalls !== undefined && exec.callCount > exec.killAfterServiceCalls) {
        kill(TIME_LIMIT_MESSAGE);
      }
      if (clock.now() >= exec.deadline) kill(TIME_LIMIT_MESSAGE);
      exec.onServiceCall?.({ index: exec.callCount, name, time: clock.now() });
      const failure = exec.failServiceCall?.({ index: exec.callCount, name, time: clock.now() });
      if (failure !== undefined) fail(failure);
      if (costMs > 0) clock.advance(costMs);
    },
    denyInCustomFunction(name) {
      if (exec.kind === 'customFunction') fail(`You do not have permission to call ${name}`);
    },
    requireScope(name, scopes) {
      // Custom functions run without the person's authorisation (and need none for UrlFetch).
      if (exec.kind === 'customFunction' || !exec.grantedScopes) return;
      const granted = exec.grantedScopes;
      if (scopes.some((scope) => granted.has(scope))) return;
      fail(scopeMessage(name, scopes[0] ?? ''));
    },
  };
}

/**
 * What Apps Script throws at a call whose scope the person has not granted, as reported
 * (the message Google's granular-consent rollout shows; its words are not documented).
 */
export function scopeMessage(name: string, scope: string): string {
  return `Specified permissions are not sufficient to call ${name}. Required permissions: ${scope}`;
}

type AnyFunction = (...args: never[]) => unknown;

/**
 * Wraps each method of a service object so that it goes through the gate first.
 * `writes` name the methods a custom function may not call.
 */
export function gated<T extends object>(
  env: ExecutionEnv,
  typeName: string,
  group: ServiceGroup,
  costMs: number,
  members: T,
  writes: readonly string[] = [],
): T {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(members)) {
    if (typeof member !== 'function') {
      out[key] = member;
      continue;
    }
    const name = `${typeName}.${key}`;
    const isWrite = writes.includes(key);
    const fn = member as AnyFunction;
    out[key] = (...args: never[]) => {
      env.call(name, group, costMs);
      if (isWrite) env.denyInCustomFunction(name);
      return fn(...args);
    };
  }
  Object.defineProperty(out, 'toString', { value: () => typeName, enumerable: false });
  return out as T;
}
