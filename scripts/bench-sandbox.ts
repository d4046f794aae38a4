/**
 * Requests per second the CRM sandbox serves on loopback, measured with autocannon.
 * Usage: npx tsx scripts/bench-sandbox.ts [secondsPerTarget=8] [connections=10]
 * The rate limit is lifted so every answer is a real 200, not a cheap 429.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createSandbox, DEMO_KEYS } from '../sandbox/index';
import { startSandboxServer } from '../sandbox/server';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

// autocannon ships CommonJS without type declarations: load it through require with the slice of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function readArg(index: number, fallback: number, name: string): number {
  const raw = process.argv[index];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number >= 1 (got "${raw}").`);
  return value;
}

export interface SandboxBenchRow {
  request: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
}

/** Loads each target for `seconds` with `connections` concurrent connections. */
export async function benchSandbox(seconds = 8, connections = 10): Promise<SandboxBenchRow[]> {
  if (seconds * 2 > 26)
    throw new Error('Keep secondsPerTarget <= 13 so the bench ends within 30 s.');
  const server = await startSandboxServer({
    port: 0,
    sandbox: createSandbox({ rateLimitPerMinute: 1e9 }),
  });
  const rows: SandboxBenchRow[] = [];
  try {
    for (const path of ['/leads?per_page=50', '/account']) {
      const result = await autocannon({
        url: `${server.url}${path}`,
        connections,
        duration: seconds,
        headers: { 'x-api-key': DEMO_KEYS.admin },
      });
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(
          `GET ${path}: ${result.errors} connection errors and ${result.non2xx} non-2xx answers`,
        );
      }
      rows.push({
        request: `GET /api/v1${path}`,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        requests: result.requests.total,
      });
    }
  } finally {
    await server.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = readArg(2, 8, 'secondsPerTarget');
  const connections = readArg(3, 10, 'connections');
  benchSandbox(seconds, connections).then(
    (rows) => {
      process.stdout.write(
        `CRM sandbox on loopback, ${connections} connections, ${seconds} s per target, Node ${process.version}\n`,
      );
      console.table(rows);
    },
    (error: Error) => {
      process.stderr.write(`bench-sandbox failed: ${error.message}\n`);
      process.exit(1);
    },
  );
}
