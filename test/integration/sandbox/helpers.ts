import {
  createSandbox,
  DEMO_KEYS,
  DEMO_NOW,
  type Sandbox,
  type SandboxOptions,
} from '../../../sandbox/index';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  json: any;
  text: string;
}

/** A sandbox on a clock the test moves by hand. */
export function makeSandbox(options: Omit<SandboxOptions, 'now'> = {}) {
  let now = DEMO_NOW;
  const sandbox = createSandbox({ ...options, now: () => now });
  return {
    sandbox,
    advance(ms: number) {
      now += ms;
    },
    now: () => now,
  };
}

/** One API call in-process; `key: null` sends no key. */
export function call(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    key?: string | null;
    headers?: Record<string, string>;
  } = {},
): Answer {
  const key = options.key === undefined ? DEMO_KEYS.admin : options.key;
  const headers: Record<string, string> = {
    ...(key === null ? {} : { 'X-API-Key': key }),
    ...options.headers,
  };
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = sandbox.handle({
    method,
    path: path.startsWith('/__admin') ? path : `/api/v1${path}`,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text: response.body };
}

export { DEMO, DEMO_KEYS, DEMO_NOW } from '../../../sandbox/index';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
