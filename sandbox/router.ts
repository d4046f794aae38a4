import type { Caller } from './auth';
import type { RouteResult } from './http';
import type { Store } from './store';
import type { AccountRow, ApiKeyRow, Scope } from './types';

/** Query parameters with the three list spellings clients use: `a,b`, `a[]=..` and repeated keys. */
export class Query {
  constructor(private readonly params: URLSearchParams) {}

  get(name: string): string | undefined {
    const value = this.params.get(name);
    return value === null || value.trim() === '' ? undefined : value.trim();
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /**
   * `tags=a,b` is split on commas; a bracketed `tags[]=Cliente, VIP` is one value, so a name
   * that holds a comma can still be sent whole.
   */
  list(name: string): string[] {
    return [
      ...this.params.getAll(name).flatMap((value) => value.split(',')),
      ...this.params.getAll(`${name}[]`),
    ]
      .map((value) => value.trim())
      .filter((value) => value !== '');
  }
}

export interface RouteContext {
  store: Store;
  caller: Caller;
  account: AccountRow;
  key: ApiKeyRow;
  params: Record<string, string>;
  query: Query;
  body: unknown;
  /** Whether the request carried a non-empty body (toggle flips only without one). */
  hasBody: boolean;
  now: number;
  nowIso: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to /api/v1; `:name` segments are parameters. */
  pattern: string;
  scope: Scope;
  handler(ctx: RouteContext): RouteResult;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

/** Static segments beat parameters, so /pipelines/capabilities never reads as /pipelines/:id. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const segments = splitPath(path);
  let best: { route: Route; params: Record<string, string>; score: number } | undefined;
  const allowed = new Set<string>();
  for (const route of routes) {
    const pattern = splitPath(route.pattern);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let matched = true;
    for (let i = 0; i < pattern.length; i++) {
      const expected = pattern[i] as string;
      const actual = segments[i] as string;
      if (expected.startsWith(':')) {
        params[expected.slice(1)] = safeDecode(actual);
      } else if (expected === actual) {
        score += 1;
      } else {
        matched = false;
        break;
      }
    }
    if (!matched) continue;
    if (route.method !== method) {
      allowed.add(route.method);
      continue;
    }
    if (!best || score > best.score) best = { route, params, score };
  }
  if (best) return { kind: 'found', route: best.route, params: best.params };
  if (allowed.size > 0) return { kind: 'method_not_allowed', allowed: [...allowed].sort() };
  return { kind: 'not_found' };
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
