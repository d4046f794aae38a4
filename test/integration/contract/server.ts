import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FaultSpec } from '../../../sandbox/faults';
import { type CrmClient, type CrmClientOptions, createCrmClient } from '../../../src/api';
import { createSyncHttpTransport, type SyncHttpTransport } from '../../../tools/sync-http';

/*
 * The sandbox CRM as a separate process, for contract tests over real HTTP. It cannot run in the
 * test's own process: the synchronous transport blocks this thread with Atomics.wait while a
 * worker makes the request, so an in-process server would never answer.
 * Admin calls (reset, faults, config) are test plumbing and use plain async fetch; every call
 * under test goes through createCrmClient and the synchronous transport.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 20_000;
const LISTENING = /CRM sandbox listening on (http:\/\/\S+\/api\/v1)/;

/** High enough that a test file never meets the rate limit unless it asks for it. */
export const UNLIMITED_RATE = '100000';

export const KEYS = {
  admin: 'crm_demo_admin',
  readonly: 'crm_demo_readonly',
  other: 'crm_demo_other',
  suspended: 'crm_demo_suspended',
  expired: 'crm_demo_expired',
} as const;

export interface SandboxConfig {
  rate_limit_per_minute?: number;
  lead_limit?: number;
  deprecation?: string | null;
  sunset?: string | null;
}

export interface ContractServer {
  /** `http://127.0.0.1:<port>/api/v1` */
  baseUrl: string;
  /** `http://127.0.0.1:<port>`, where /__admin lives. */
  origin: string;
  /** A typed client on the synchronous transport; the admin key unless another is given. */
  client(apiKey?: string, options?: Partial<Omit<CrmClientOptions, 'apiKey'>>): CrmClient;
  // biome-ignore lint/suspicious/noExplicitAny: admin answers are arbitrary JSON
  admin(method: string, path: string, body?: unknown): Promise<any>;
  /** Back to the demo seed; also disarms faults and clears rate windows. */
  reset(): Promise<void>;
  fault(spec: FaultSpec): Promise<void>;
  configure(config: SandboxConfig): Promise<void>;
  /** A new key for an account (every scope unless given). */
  createKey(accountId: number, scopes?: string[]): Promise<string>;
  stop(): Promise<void>;
}

function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The sandbox did not start within ${STARTUP_TIMEOUT_MS} ms.\n${stderr}`));
    }, STARTUP_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = LISTENING.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The sandbox exited (code ${code}) before listening.\n${stderr}`));
    });
  });
}

/** Spawns `node --import tsx sandbox/main.ts` on a free port and waits for its banner. */
export async function startContractServer(
  env: Record<string, string> = {},
): Promise<ContractServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CRM_SANDBOX_RATE_LIMIT: UNLIMITED_RATE,
      CRM_SANDBOX_STATE: '',
      CRM_SANDBOX_SEED: 'demo',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A crashed test worker must not leave a server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const baseUrl = await waitForListening(child);
  // Keep draining output so a full pipe never blocks the server.
  child.stdout?.resume();
  child.stderr?.resume();
  const origin = baseUrl.replace(/\/api\/v1$/, '');
  const transport: SyncHttpTransport = createSyncHttpTransport({ timeoutMs: 10_000 });

  async function admin(method: string, path: string, body?: unknown) {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: admin answers are arbitrary JSON
    const json: any = await response.json();
    if (!response.ok) {
      throw new Error(`Admin ${method} ${path} failed (${response.status}): ${json.message}`);
    }
    return json;
  }

  return {
    baseUrl,
    origin,
    client(apiKey = KEYS.admin, options = {}) {
      return createCrmClient({ baseUrl, transport, ...options, apiKey });
    },
    admin,
    async reset() {
      await admin('POST', '/__admin/reset', { seed: 'demo' });
    },
    async fault(spec) {
      await admin('POST', '/__admin/faults', spec);
    },
    async configure(config) {
      await admin('POST', '/__admin/config', config);
    },
    async createKey(accountId, scopes) {
      const answer = await admin('POST', '/__admin/keys', {
        account_id: accountId,
        ...(scopes ? { scopes } : {}),
      });
      return answer.key as string;
    },
    async stop() {
      transport.close();
      process.off('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Registers the lifecycle for one test file: a server before all tests, a reset to the demo
 * seed before each, and a stop after all. Read `.server` inside tests and hooks.
 */
export function useContractServer(env: Record<string, string> = {}): { server: ContractServer } {
  const holder = {} as { server: ContractServer };
  beforeAll(async () => {
    holder.server = await startContractServer(env);
  });
  beforeEach(async () => {
    await holder.server.reset();
  });
  afterAll(async () => {
    await holder.server?.stop();
  });
  return holder;
}

/**
 * Runs `fn`, which must throw an instance of `type`, and returns the error typed so tests can
 * assert its fields. Anything else (no throw, another class) fails with what happened instead.
 */
export function errorFrom<E extends Error>(
  // biome-ignore lint/suspicious/noExplicitAny: any constructor signature
  type: new (...args: any[]) => E,
  fn: () => unknown,
): E {
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    if (error instanceof type) return error;
    const described = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`Expected ${type.name}, got ${described}`);
  }
  throw new Error(`Expected ${type.name}, but the call returned ${JSON.stringify(result)}`);
}
