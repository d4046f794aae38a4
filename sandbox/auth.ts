import { createHash } from 'node:crypto';
import { HttpError } from './http';
import type { AccountRow, ApiKeyRow, SandboxState, Scope } from './types';

export const ALL_SCOPES: readonly Scope[] = [
  'leads:read',
  'leads:write',
  'pipelines:read',
  'pipelines:write',
  'custom_fields:read',
  'sequences:read',
  'sequences:write',
  'tasks:read',
  'tasks:write',
  'chatapp:read',
  'chatapp:write',
  'users:read',
  'webhooks:read',
  'webhooks:write',
  'automations:read',
  'automations:write',
  'chatbots:read',
  'chatbots:write',
];

export const READ_SCOPES: readonly Scope[] = ALL_SCOPES.filter((scope) => scope.endsWith(':read'));

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The part of a key the panel keeps showing, and the request log records. */
export function keyPrefix(key: string): string {
  return key.slice(0, 12);
}

export interface Caller {
  key: ApiKeyRow;
  account: AccountRow;
}

/** 401 for a missing, unknown, revoked or expired key; 403 `Conta inativa.` for a suspended account. */
export function authenticate(
  state: SandboxState,
  headerValue: string | undefined,
  now: number,
): Caller {
  const key = headerValue?.trim() ?? '';
  if (key === '') throw new HttpError(401, { message: 'API Key não fornecida.' });
  const hash = hashKey(key);
  const row = key.startsWith('crm_') ? state.apiKeys.find((k) => k.hash === hash) : undefined;
  if (!row || row.revoked_at !== null) throw new HttpError(401, { message: 'API Key inválida.' });
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now) {
    throw new HttpError(401, { message: 'API Key expirada.' });
  }
  const account = state.accounts.find((a) => a.id === row.account_id);
  if (!account) throw new HttpError(401, { message: 'API Key inválida.' });
  if (account.status !== 'active') throw new HttpError(403, { message: 'Conta inativa.' });
  return { key: row, account };
}

export function requireScope(caller: Caller, scope: Scope): void {
  if (!caller.key.scopes.includes(scope)) {
    throw new HttpError(403, {
      message: 'API Key sem permissão para esta operação.',
      required_permission: scope,
    });
  }
}
