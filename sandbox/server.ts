import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { API_BASE_PATH, createSandbox, type Sandbox } from './index';

export interface SandboxServer {
  /** Base URL of the API, e.g. http://127.0.0.1:8787/api/v1 */
  url: string;
  port: number;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** Largest body the server reads: bulk calls are one lead each, so 1 MB is plenty. */
const MAX_BODY_BYTES = 1_000_000;

/**
 * Serves the sandbox over node:http. The handler is synchronous; the server only reads the body,
 * honours `delayMs` with a timer and `drop` by destroying the socket.
 */
export function startSandboxServer(
  opts: { port?: number; host?: string; sandbox?: Sandbox } = {},
): Promise<SandboxServer> {
  const sandbox = opts.sandbox ?? createSandbox();
  const host = opts.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => answer(req, res, body))
      .catch((error: Error) => {
        res.writeHead(413, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ success: false, message: error.message }));
      });
  });
  server.keepAliveTimeout = 5_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function answer(req: IncomingMessage, res: ServerResponse, body: string | undefined): void {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const response = sandbox.handle({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const send = () => {
      if (response.drop) {
        req.socket.destroy();
        return;
      }
      const payload = Buffer.from(response.body, 'utf8');
      res.writeHead(response.status, {
        ...response.headers,
        'content-length': String(payload.length),
      });
      res.end(payload);
    };
    if (response.delayMs && response.delayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, response.delayMs);
      timers.add(timer);
    } else {
      send();
    }
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      const hostInUrl = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${hostInUrl}:${port}${API_BASE_PATH}`,
        port,
        sandbox,
        close: () =>
          new Promise<void>((done) => {
            for (const timer of timers) clearTimeout(timer);
            timers.clear();
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      });
    });
  });
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`Corpo maior que ${MAX_BODY_BYTES} bytes.`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(chunks.length === 0 ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
}
