/**
 * `npm start`: the playground. Env: PORT (the CRM sandbox, default 8787), PORT_UI (the page to open,
 * default 5050), HOST (default 127.0.0.1), PLAYGROUND_BUILD=never (use dist/ as it is: tests
 * that start this script have built it).
 */
import { DEMO_KEYS } from '../sandbox/index';
import { startPlayground } from './playground/server';

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`${name} must be a port number from 0 to 65535 (got "${raw}").`);
  }
  return port;
}

async function main(): Promise<void> {
  const started = Date.now();
  const playground = await startPlayground({
    port: portFromEnv('PORT', 8787),
    uiPort: portFromEnv('PORT_UI', 5050),
    host: process.env.HOST || '127.0.0.1',
    build: process.env.PLAYGROUND_BUILD === 'never' ? 'never' : 'if-stale',
  });
  const lines = [
    `CRM Sheets playground ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    `  Playground:  ${playground.url}`,
    `  CRM sandbox: ${playground.sandboxUrl}  (key ${DEMO_KEYS.admin}, already saved in Settings)`,
    '  Time is simulated (shared by the add-on and the sandbox): long imports finish in seconds.',
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = () => {
    playground.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: NodeJS.ErrnoException) => {
  const why =
    error.code === 'EADDRINUSE'
      ? `a port is already in use (${error.message}); stop the other process (npm run sandbox?) or set PORT / PORT_UI`
      : error.message;
  process.stderr.write(`The playground failed to start: ${why}\n`);
  process.exit(1);
});
