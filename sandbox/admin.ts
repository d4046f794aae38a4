import { ALL_SCOPES } from './auth';
import type { SeedKind } from './demo-data';
import type { FaultSpec } from './faults';
import { HttpError, ok, type RouteResult } from './http';
import { LEAD_LIST_ORDERS, type LeadListOrder } from './store';
import type { Scope } from './types';
import { isPlainObject } from './validate';

/** What the admin routes need from the sandbox; kept narrow so this file stays about HTTP. */
export interface AdminTarget {
  reset(options?: { seed?: SeedKind }): void;
  faults: {
    add(spec: FaultSpec): unknown;
    list(): unknown[];
    clear(): void;
    revokeKey(key: string): boolean;
  };
  requests: () => unknown[];
  clearRequests(): void;
  createApiKey(options: { accountId: number; scopes?: Scope[]; name?: string }): string;
  simulateInbound(leadId: number, instanceId?: number, body?: string): unknown;
  clock: { now(): number; advance(ms: number): void };
  configure(config: AdminConfig): void;
  snapshot(): unknown;
}

export interface AdminConfig {
  rateLimitPerMinute?: number;
  leadLimit?: number;
  /** The order of GET /leads (store.ts LEAD_LIST_ORDERS). */
  leadListOrder?: LeadListOrder;
  deprecation?: string | null;
  sunset?: string | null;
  /** The CRM's clock ahead of the test's (ms; negative: behind). Kept across a reset. */
  clockSkewMs?: number;
}

const HELP = [
  'GET    /__admin                   this list',
  'POST   /__admin/reset             {seed?: "demo"|"empty"} restores the seed, clears faults, log, rate windows and clock offset',
  'GET    /__admin/faults            armed faults',
  'POST   /__admin/faults            {kind: "429"|"502"|"html"|"truncated"|"drop"|"latency", count?, latencyMs?, raw?, message?, status?, retryAfter?, pathPrefix?, method?, afterHandler?}',
  'DELETE /__admin/faults            disarm all',
  'POST   /__admin/revoke-key        {key} the key answers 401 API Key inválida. from now on',
  'POST   /__admin/keys              {account_id, scopes?, name?} creates a key, answers {key}',
  'GET    /__admin/requests          request log [{method, path, status, keyPrefix, accountId, time}]',
  'DELETE /__admin/requests          clears the log',
  'POST   /__admin/inbound           {lead_id, instance_id?, body?} the contact writes: opens the 24-hour window',
  'GET    /__admin/clock             {now, iso}',
  'POST   /__admin/clock             {advance_ms} moves the sandbox clock forward',
  'POST   /__admin/config            {rate_limit_per_minute?, lead_limit?, lead_list_order?: "newest"|"id"|"arbitrary"|"updated", deprecation?, sunset?, clock_skew_ms?} (clock_skew_ms: the CRM clock ahead (<0: behind), kept across reset)',
  'GET    /__admin/state             the whole state as JSON',
];

function bad(message: string): HttpError {
  return new HttpError(422, { success: false, message });
}

export function handleAdmin(
  target: AdminTarget,
  method: string,
  pathname: string,
  body: unknown,
): RouteResult {
  const route = `${method} ${pathname.replace(/\/+$/, '') || '/'}`;
  const input = isPlainObject(body) ? body : {};
  switch (route) {
    case 'GET /__admin':
      return ok({ routes: HELP });
    case 'POST /__admin/reset': {
      const seed = input.seed;
      if (seed !== undefined && seed !== 'demo' && seed !== 'empty')
        throw bad('seed must be "demo" or "empty".');
      target.reset(seed === undefined ? {} : { seed });
      return ok({ message: 'Sandbox restaurado.' });
    }
    case 'GET /__admin/faults':
      return ok({ faults: target.faults.list() });
    case 'POST /__admin/faults':
      try {
        const fault = target.faults.add(input as unknown as FaultSpec);
        return ok({ fault, faults: target.faults.list() }, 201);
      } catch (error) {
        throw bad(`Fault not armed: ${(error as Error).message}.`);
      }
    case 'DELETE /__admin/faults':
      target.faults.clear();
      return ok({ faults: [] });
    case 'POST /__admin/revoke-key': {
      if (typeof input.key !== 'string' || input.key === '') throw bad('Send {"key": "crm_..."}.');
      if (!target.faults.revokeKey(input.key))
        throw new HttpError(404, { success: false, message: 'API Key não encontrada.' });
      return ok({ revoked: true });
    }
    case 'POST /__admin/keys': {
      const accountId = input.account_id;
      if (!Number.isInteger(accountId))
        throw bad('Send {"account_id": 1, "scopes": ["leads:read"], "name": "..."}.');
      const scopes = input.scopes;
      if (
        scopes !== undefined &&
        (!Array.isArray(scopes) ||
          scopes.some((s) => !(ALL_SCOPES as readonly unknown[]).includes(s)))
      ) {
        throw bad(`scopes must be a list of: ${ALL_SCOPES.join(', ')}.`);
      }
      try {
        const key = target.createApiKey({
          accountId: accountId as number,
          ...(scopes ? { scopes: scopes as Scope[] } : {}),
          ...(typeof input.name === 'string' ? { name: input.name } : {}),
        });
        return ok({ key }, 201);
      } catch (error) {
        throw bad((error as Error).message);
      }
    }
    case 'GET /__admin/requests':
      return ok({ data: target.requests() });
    case 'DELETE /__admin/requests':
      target.clearRequests();
      return ok({ data: [] });
    case 'POST /__admin/inbound': {
      if (!Number.isInteger(input.lead_id))
        throw bad('Send {"lead_id": 1, "instance_id"?: 2, "body"?: "Oi"}.');
      if (input.instance_id !== undefined && !Number.isInteger(input.instance_id))
        throw bad('instance_id must be an integer.');
      try {
        return ok({
          data: target.simulateInbound(
            input.lead_id as number,
            input.instance_id as number | undefined,
            typeof input.body === 'string' ? input.body : undefined,
          ),
        });
      } catch (error) {
        throw bad((error as Error).message);
      }
    }
    case 'GET /__admin/clock':
      return ok({ now: target.clock.now(), iso: new Date(target.clock.now()).toISOString() });
    case 'POST /__admin/clock': {
      const advance = input.advance_ms;
      if (typeof advance !== 'number' || !Number.isFinite(advance) || advance < 0) {
        throw bad('Send {"advance_ms": 60000} (a number >= 0).');
      }
      target.clock.advance(advance);
      return ok({ now: target.clock.now(), iso: new Date(target.clock.now()).toISOString() });
    }
    case 'POST /__admin/config': {
      const config: AdminConfig = {};
      if (input.rate_limit_per_minute !== undefined) {
        if (
          !Number.isInteger(input.rate_limit_per_minute) ||
          (input.rate_limit_per_minute as number) < 1
        ) {
          throw bad('rate_limit_per_minute must be a whole number >= 1.');
        }
        config.rateLimitPerMinute = input.rate_limit_per_minute as number;
      }
      if (input.lead_limit !== undefined) {
        if (!Number.isInteger(input.lead_limit) || (input.lead_limit as number) < 0)
          throw bad('lead_limit must be a whole number >= 0.');
        config.leadLimit = input.lead_limit as number;
      }
      if (input.lead_list_order !== undefined) {
        const order = input.lead_list_order;
        if (!(LEAD_LIST_ORDERS as readonly unknown[]).includes(order)) {
          throw bad(`lead_list_order must be one of ${LEAD_LIST_ORDERS.join(', ')}.`);
        }
        config.leadListOrder = order as LeadListOrder;
      }
      for (const header of ['deprecation', 'sunset'] as const) {
        const value = input[header];
        if (value === undefined) continue;
        if (value !== null && typeof value !== 'string')
          throw bad(`${header} must be a string or null.`);
        config[header] = value;
      }
      if (input.clock_skew_ms !== undefined) {
        if (!Number.isInteger(input.clock_skew_ms))
          throw bad('clock_skew_ms must be a whole number of milliseconds (negative: behind).');
        config.clockSkewMs = input.clock_skew_ms as number;
      }
      target.configure(config);
      return ok({ config });
    }
    case 'GET /__admin/state':
      return ok({ state: target.snapshot() });
    default:
      throw new HttpError(404, {
        success: false,
        message: 'Rota de administração não encontrada. GET /__admin lista as rotas.',
      });
  }
}
