/**
 * `npm run sandbox`: the CRM sandbox on http://127.0.0.1:$PORT/api/v1 with the demo data.
 * Env: PORT (default 8787), HOST (default 127.0.0.1), CRM_SANDBOX_RATE_LIMIT (requests per 60 s
 * per key, default 60), CRM_SANDBOX_STATE (JSON file loaded at start when present, saved on exit),
 * CRM_SANDBOX_SEED (demo | empty).
 */
import { createSandbox, DEMO_KEYS, LEAD_LIST_ORDERS, type LeadListOrder } from './index';
import { startSandboxServer } from './server';

function readPositiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number (got "${raw}").`);
  }
  return value;
}

async function main(): Promise<void> {
  const port = readPositiveInt('PORT', 8787);
  const rateLimitPerMinute = readPositiveInt('CRM_SANDBOX_RATE_LIMIT', 60);
  if (rateLimitPerMinute < 1) throw new Error('CRM_SANDBOX_RATE_LIMIT must be at least 1.');
  const stateFile = process.env.CRM_SANDBOX_STATE || undefined;
  const seedEnv = process.env.CRM_SANDBOX_SEED;
  if (seedEnv !== undefined && seedEnv !== 'demo' && seedEnv !== 'empty') {
    throw new Error(`CRM_SANDBOX_SEED must be "demo" or "empty" (got "${seedEnv}").`);
  }
  const order = process.env.CRM_SANDBOX_LEAD_ORDER;
  if (order !== undefined && !(LEAD_LIST_ORDERS as readonly string[]).includes(order)) {
    throw new Error(`CRM_SANDBOX_LEAD_ORDER must be one of ${LEAD_LIST_ORDERS.join(', ')}.`);
  }
  const sandbox = createSandbox({
    rateLimitPerMinute,
    ...(order ? { leadListOrder: order as LeadListOrder } : {}),
    ...(stateFile ? { stateFile } : {}),
    ...(seedEnv ? { seed: seedEnv } : {}),
  });
  const server = await startSandboxServer({ port, host: process.env.HOST || '127.0.0.1', sandbox });
  const lines = [
    `CRM sandbox listening on ${server.url}`,
    `Rate limit: ${rateLimitPerMinute} requests per 60 s per key`,
    stateFile
      ? `State file: ${stateFile} (saved on exit)`
      : 'State: in memory (set CRM_SANDBOX_STATE=file.json to keep it)',
    'Demo keys (header X-API-Key):',
    `  ${DEMO_KEYS.admin.padEnd(20)} every scope, demo account`,
    `  ${DEMO_KEYS.readonly.padEnd(20)} read scopes only, demo account`,
    `  ${DEMO_KEYS.other.padEnd(20)} every scope, a second account`,
    `  ${DEMO_KEYS.suspended.padEnd(20)} suspended account (403 Conta inativa.)`,
    `  ${DEMO_KEYS.expired.padEnd(20)} expired key (401 API Key expirada.)`,
    `Admin: GET ${server.url.replace('/api/v1', '')}/__admin lists the fault-injection and reset routes`,
    `Try: curl -H 'X-API-Key: ${DEMO_KEYS.admin}' ${server.url}/account`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (stateFile) {
      sandbox.save(stateFile);
      process.stdout.write(`State saved to ${stateFile}\n`);
    }
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  process.stderr.write(`CRM sandbox failed to start: ${error.message}\n`);
  process.exit(1);
});
