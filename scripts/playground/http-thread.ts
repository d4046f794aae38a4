import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from 'node:worker_threads';

/**
 * The page's HTTP server, on a thread of its own. The thread that owns the Apps Script runtime is
 * blocked while an execution runs (the runtime is synchronous, as Apps Script is), so the server
 * cannot live there: here it keeps accepting and parsing requests and hands each one over a
 * MessagePort. The runtime's thread answers between executions, and also in the middle of one,
 * where it reads the port synchronously (see `takeWaiting`).
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { host, port, requests } = workerData;
const waiting = new Map();
const sockets = new Set();
let nextId = 1;
requests.on('message', (reply) => {
  const res = waiting.get(reply.id);
  if (!res) return;
  waiting.delete(reply.id);
  res.writeHead(reply.status, { 'content-type': reply.type, 'cache-control': 'no-store' });
  res.end(reply.body);
});
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const id = nextId++;
    waiting.set(id, res);
    res.on('close', () => waiting.delete(id));
    requests.postMessage({ id, method: req.method || 'GET', url: req.url || '/', body: Buffer.concat(chunks).toString('utf8') });
  });
});
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
server.once('error', (error) => parentPort.postMessage({ type: 'failed', code: error.code, message: error.message }));
server.listen(port, host, () => parentPort.postMessage({ type: 'listening', port: server.address().port }));
parentPort.on('message', (message) => {
  if (message.type !== 'close') return;
  server.close(() => parentPort.postMessage({ type: 'closed' }));
  for (const socket of sockets) socket.destroy();
});
`;

export interface HttpRequestMessage {
  id: number;
  method: string;
  /** Path and query, as the request line has it. */
  url: string;
  body: string;
}

export interface HttpReply {
  status: number;
  type: string;
  body: string;
}

export interface HttpThread {
  port: number;
  /** Called (on this thread's event loop) for each request that arrives while this thread is free. */
  onRequest(listener: (request: HttpRequestMessage) => void): void;
  /** The requests that arrived and wait, taken synchronously: for use inside an execution. */
  takeWaiting(): HttpRequestMessage[];
  reply(id: number, reply: HttpReply): void;
  close(): Promise<void>;
}

/** Starts the server thread; rejects (with the listen error's `code`) when the port is taken. */
export async function startHttpThread(options: {
  host: string;
  port: number;
}): Promise<HttpThread> {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { host: options.host, port: options.port, requests: port2 },
    transferList: [port2],
  });
  const requests: MessagePort = port1;
  const listening = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once(
      'message',
      (message: { type: string; port?: number; code?: string; message?: string }) => {
        if (message.type === 'listening') return resolve(message.port ?? 0);
        const error = new Error(message.message ?? 'The page server did not start.') as Error & {
          code?: string;
        };
        if (message.code !== undefined) error.code = message.code;
        reject(error);
      },
    );
  }).catch(async (error: unknown) => {
    requests.close();
    await worker.terminate();
    throw error;
  });
  return {
    port: listening,
    onRequest(listener) {
      requests.on('message', listener);
    },
    takeWaiting() {
      const taken: HttpRequestMessage[] = [];
      for (let next = receiveMessageOnPort(requests); next; next = receiveMessageOnPort(requests)) {
        taken.push(next.message as HttpRequestMessage);
      }
      return taken;
    },
    reply(id, reply) {
      requests.postMessage({ id, ...reply });
    },
    async close() {
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (message: { type: string }) => {
          if (message.type === 'closed') resolve();
        });
      });
      worker.postMessage({ type: 'close' });
      await closed;
      requests.close();
      await worker.terminate();
    },
  };
}
