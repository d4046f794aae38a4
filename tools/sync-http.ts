import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { HttpRequest, HttpResponse, Transport } from '../src/api/transport';

/**
 * A synchronous HTTP transport for Node: a worker thread performs the request while the
 * calling thread blocks on Atomics.wait, the same shape as UrlFetchApp. The server must
 * not run on the calling thread (it would be blocked too): run it in another process or worker.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
parentPort.on('message', ({ request, signal, port, timeoutMs }) => {
  const done = (message) => {
    port.postMessage(message);
    port.close();
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  };
  try {
    const url = new URL(request.url);
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, { method: request.method, headers: request.headers, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const headers = {};
        for (const [k, v] of Object.entries(res.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
        done({ ok: true, response: { status: res.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') } });
      });
      res.on('error', (e) => done({ ok: false, error: String(e && e.message || e) }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout after ' + timeoutMs + ' ms')));
    req.on('error', (e) => done({ ok: false, error: String(e && e.message || e) }));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  } catch (e) {
    done({ ok: false, error: String(e && e.message || e) });
  }
});
`;

export class NetworkError extends Error {
  override name = 'NetworkError';
}

export interface SyncHttpTransport extends Transport {
  close(): void;
}

export function createSyncHttpTransport(options: { timeoutMs?: number } = {}): SyncHttpTransport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  let worker: Worker | undefined;
  const getWorker = () => {
    if (!worker) {
      worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.unref();
    }
    return worker;
  };
  /** Hands the request to the worker at once; `finish` blocks until its answer is in. */
  function start(request: HttpRequest) {
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    getWorker().postMessage({ request, signal, port: port2, timeoutMs }, [port2]);
    return { request, signal, port: port1 };
  }

  function finish(pending: ReturnType<typeof start>): HttpResponse {
    const { request, signal, port } = pending;
    const waited = Atomics.wait(signal, 0, 0, timeoutMs + 5_000);
    const received = receiveMessageOnPort(port);
    port.close();
    if (waited === 'timed-out' || !received)
      throw new NetworkError(`No response from ${request.url}`);
    const message = received.message as
      | { ok: true; response: HttpResponse }
      | { ok: false; error: string };
    if (!message.ok) throw new NetworkError(`${request.method} ${request.url}: ${message.error}`);
    return message.response;
  }

  return {
    send: (request) => finish(start(request)),
    /** All requests are in flight together, as with UrlFetchApp.fetchAll; any failure throws. */
    sendAll(requests) {
      const pending = requests.map(start);
      const outcomes = pending.map((p) => {
        try {
          return { response: finish(p) };
        } catch (error) {
          return { error };
        }
      });
      const failed = outcomes.find((o) => 'error' in o);
      if (failed && 'error' in failed) throw failed.error;
      return outcomes.map((o) => (o as { response: HttpResponse }).response);
    },
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}
