import vm from 'node:vm';

/**
 * One execution's JavaScript realm: a fresh vm context holding only ECMAScript
 * built-ins plus the services. Values handed to the script are rebuilt with the
 * realm's own constructors so that `instanceof Array` / `instanceof Date` hold inside.
 */
export interface Realm {
  readonly context: vm.Context;
  toRealm(value: unknown): unknown;
  toHost(value: unknown): unknown;
  array<T>(items: readonly T[]): T[];
  date(epochMs: number): Date;
  object(): Record<string, unknown>;
  /** An Error of the realm, named like Apps Script's ('Exception'). */
  error(message: string, name?: string): Error;
  run(script: vm.Script, timeoutMs?: number): unknown;
}

// Removed so that script code cannot reach for what Apps Script does not have.
const REMOVED_GLOBALS = [
  'console',
  'SharedArrayBuffer',
  'Atomics',
  'WebAssembly',
  'FinalizationRegistry',
  'WeakRef',
];

/**
 * Replaces Date so `new Date()` and `Date.now()` read the runtime clock; a Date built
 * with arguments is an ordinary Date, and `instanceof Date` still holds for both.
 */
const PRELUDE = new vm.Script(
  `(function (clockNow, removed) {
  'use strict';
  for (var i = 0; i < removed.length; i++) delete globalThis[removed[i]];
  var NativeDate = globalThis.Date;
  function FakeDate() {
    if (!new.target) return new NativeDate(clockNow()).toString();
    if (arguments.length === 0) return Reflect.construct(NativeDate, [clockNow()], new.target);
    return Reflect.construct(NativeDate, Array.prototype.slice.call(arguments), new.target);
  }
  FakeDate.prototype = NativeDate.prototype;
  Object.defineProperty(NativeDate.prototype, 'constructor', { value: FakeDate, writable: true, configurable: true });
  FakeDate.now = function now() { return clockNow(); };
  FakeDate.parse = NativeDate.parse;
  FakeDate.UTC = NativeDate.UTC;
  Object.defineProperty(FakeDate, 'name', { value: 'Date' });
  Object.defineProperty(globalThis, 'Date', { value: FakeDate, writable: true, configurable: true, enumerable: false });
  return { Array: Array, Object: Object, Date: FakeDate, Error: Error };
})`,
  { filename: 'gas-runtime-prelude.js' },
);

interface RealmConstructors {
  Array: ArrayConstructor;
  Object: ObjectConstructor;
  Date: DateConstructor;
  Error: ErrorConstructor;
}

function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null; // Object.prototype of any realm
}

export function createRealm(clockNow: () => number): Realm {
  const context = vm.createContext(
    {},
    { name: 'apps-script-execution', microtaskMode: 'afterEvaluate' },
  );
  const install = PRELUDE.runInContext(context) as (
    now: () => number,
    removed: string[],
  ) => RealmConstructors;
  const R = install(clockNow, REMOVED_GLOBALS);

  const toRealm = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (isDate(value)) return new R.Date(value.getTime());
    if (Array.isArray(value)) return R.Array.from(value, toRealm);
    if (isPlainObject(value)) {
      const out = new R.Object() as Record<string, unknown>;
      for (const [k, v] of Object.entries(value)) out[k] = toRealm(v);
      return out;
    }
    return value; // service objects stay as they are
  };
  const toHost = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object')
      return typeof value === 'function' ? undefined : value;
    if (isDate(value)) return new Date(value.getTime());
    if (Array.isArray(value)) return Array.from(value, toHost);
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const converted = toHost(v);
        if (converted !== undefined) out[k] = converted;
      }
      return out;
    }
    return value;
  };
  return {
    context,
    toRealm,
    toHost,
    array: (items) => R.Array.from(items),
    date: (ms) => new R.Date(ms),
    object: () => new R.Object() as Record<string, unknown>,
    error(message, name = 'Exception') {
      const error = new R.Error(message);
      Object.defineProperty(error, 'name', { value: name, writable: true, configurable: true });
      return error;
    },
    run: (script, timeoutMs) =>
      script.runInContext(context, timeoutMs ? { timeout: timeoutMs } : undefined),
  };
}
