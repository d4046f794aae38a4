import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../src/api/transport';
import { createGasRuntime, type InProcessFetch, routeToSandbox } from './index';

const code = `
  function get(url, params) { var r = UrlFetchApp.fetch(url, params);
    return { code: r.getResponseCode(), text: r.getContentText(), headers: r.getHeaders() }; }
  function tryGet(url, params) { try { return get(url, params); } catch (e) { return 'threw: ' + e.message; } }
  function all(urls) { return UrlFetchApp.fetchAll(urls).map(function (r) { return r.getResponseCode(); }); }
  function describeRequest(url, params) { return UrlFetchApp.getRequest(url, params); }`;

/** Records requests and answers with what the test scripted for each path. */
function recorder(
  answers: Record<string, { status: number; body?: string; delayMs?: number; drop?: boolean }> = {},
) {
  const seen: HttpRequest[] = [];
  const fetch: InProcessFetch = (request) => {
    seen.push(request);
    const answer = answers[new globalThis.URL(request.url).pathname] ?? { status: 200 };
    return {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
      body: answer.body ?? '{}',
      delayMs: answer.delayMs ?? 0,
      drop: answer.drop ?? false,
    };
  };
  return { seen, fetch };
}

describe('UrlFetchApp option semantics (in-process routing)', () => {
  it('defaults to GET with no body and Apps Script’s user agent', () => {
    const { seen, fetch } = recorder();
    createGasRuntime({ code, fetch }).runOrThrow('get', 'https://crm.example/v1/account');
    expect(seen[0]).toMatchObject({ method: 'GET', url: 'https://crm.example/v1/account' });
    expect(seen[0]?.body).toBeUndefined();
    expect(seen[0]?.headers['user-agent']).toContain('Google-Apps-Script');
  });

  it('form-encodes a payload object with the default content type', () => {
    const { seen, fetch } = recorder();
    createGasRuntime({ code, fetch }).runOrThrow('get', 'https://crm.example/form', {
      method: 'post',
      payload: { name: 'Ana Maria', tags: 'vip&hot', ç: 'ã=1' },
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toBe('name=Ana+Maria&tags=vip%26hot&%C3%A7=%C3%A3%3D1');
    expect(seen[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('sends a string payload with contentType and lowercased headers', () => {
    const { seen, fetch } = recorder();
    createGasRuntime({ code, fetch }).runOrThrow('get', 'https://crm.example/json', {
      method: 'PUT',
      contentType: 'application/json',
      payload: '{"a":1}',
      headers: { Authorization: 'Bearer crm_x', 'Idempotency-Key': 'k1' },
    });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      body: '{"a":1}',
      headers: {
        authorization: 'Bearer crm_x',
        'idempotency-key': 'k1',
        'content-type': 'application/json',
      },
    });
  });

  it('throws for status >= 400 unless muteHttpExceptions, with Apps Script’s message', () => {
    const { fetch } = recorder({
      '/missing': { status: 404, body: '{"message":"Lead não encontrado."}' },
    });
    const runtime = createGasRuntime({ code, fetch });
    expect(runtime.runOrThrow('tryGet', 'https://crm.example/missing')).toBe(
      'threw: Request failed for https://crm.example/missing returned code 404. Truncated server response: {"message":"Lead não encontrado."} (use muteHttpExceptions option to examine full response)',
    );
    expect(
      runtime.runOrThrow('get', 'https://crm.example/missing', { muteHttpExceptions: true }),
    ).toMatchObject({
      code: 404,
      text: '{"message":"Lead não encontrado."}',
      headers: { 'content-type': 'application/json' },
    });
    expect(runtime.requests.map((r) => r.status)).toEqual([404, 404]);
  });

  it('throws when no response arrives, muted or not', () => {
    const { fetch } = recorder({ '/down': { status: 0, drop: true } });
    const runtime = createGasRuntime({ code, fetch });
    expect(
      runtime.runOrThrow('tryGet', 'https://crm.example/down', { muteHttpExceptions: true }),
    ).toBe('threw: Address unavailable: https://crm.example/down');
    expect(runtime.requests[0]).toMatchObject({ status: null, error: 'connection dropped' });
  });

  it('rejects a URL that is not absolute and a method Apps Script does not know', () => {
    const runtime = createGasRuntime({ code, fetch: recorder().fetch });
    expect(runtime.run('get', '/v1/leads').error?.message).toBe('Invalid argument: /v1/leads');
    expect(runtime.run('get', 'https://x.example', { method: 'head' }).error?.message).toContain(
      'Invalid argument: method',
    );
  });

  it('charges fetch cost plus delay to the clock, and a fetchAll batch its slowest request', () => {
    const { fetch } = recorder({
      '/slow': { status: 200, delayMs: 1_000 },
      '/fast': { status: 201 },
    });
    // The fixed model: every request reaches the server when it is sent and costs 300 ms.
    const runtime = createGasRuntime({ code, fetch, costs: { model: 'fixed', fetchMs: 300 } });
    expect(runtime.run('get', 'https://crm.example/slow').durationMs).toBe(1_300);
    const batch = runtime.run('all', [
      'https://crm.example/slow',
      { url: 'https://crm.example/fast', method: 'post', payload: 'x' },
    ]);
    expect(batch.value).toEqual([200, 201]);
    expect(batch.durationMs).toBe(1_300);
    const t0 = runtime.requests[0]?.time ?? Number.NaN;
    expect(runtime.requests.map((r) => [r.method, r.url, r.time - t0])).toEqual([
      ['GET', 'https://crm.example/slow', 0],
      ['GET', 'https://crm.example/slow', 1_300],
      ['POST', 'https://crm.example/fast', 1_300],
    ]);
  });

  it('describes a request with getRequest', () => {
    const runtime = createGasRuntime({ code, fetch: recorder().fetch });
    expect(
      runtime.runOrThrow('describeRequest', 'https://x.example/a', {
        method: 'post',
        payload: { a: 1 },
      }),
    ).toMatchObject({
      url: 'https://x.example/a',
      method: 'post',
      payload: 'a=1',
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('refuses UrlFetchApp in a simple trigger', () => {
    const runtime = createGasRuntime({ code, fetch: recorder().fetch });
    expect(
      runtime.execute({ fn: 'get', args: ['https://x.example'], authMode: 'LIMITED' }).error
        ?.message,
    ).toContain('You do not have permission to call UrlFetchApp.fetch');
  });
});

describe('routeToSandbox', () => {
  it('passes method, path with query, headers and body; drops other origins', () => {
    const handled: unknown[] = [];
    const sandbox = {
      handle(request: {
        method: string;
        path: string;
        headers: Record<string, string>;
        body?: string;
      }) {
        handled.push(request);
        return { status: 200, headers: {}, body: 'ok' };
      },
    };
    const runtime = createGasRuntime({
      code,
      fetch: routeToSandbox(sandbox, 'http://localhost:8787/'),
    });
    runtime.runOrThrow('get', 'http://localhost:8787/v1/leads?page=2', {
      method: 'post',
      payload: 'x',
      contentType: 'text/plain',
    });
    expect(handled[0]).toMatchObject({
      method: 'POST',
      path: '/v1/leads?page=2',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(runtime.runOrThrow('tryGet', 'https://elsewhere.example/v1')).toBe(
      'threw: Address unavailable: https://elsewhere.example/v1',
    );
    expect(handled.length).toBe(1);
  });
});

describe('UrlFetchApp over real HTTP (server in a child process)', () => {
  let server: ChildProcess;
  let base = '';

  beforeAll(async () => {
    const source = `
      const http = require('node:http');
      const s = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const status = req.url.startsWith('/status/') ? Number(req.url.slice(8)) : 200;
          res.writeHead(status, { 'content-type': 'application/json', 'x-echo': 'yes' });
          res.end(JSON.stringify({ method: req.method, url: req.url, body, type: req.headers['content-type'] || null }));
        });
      });
      s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;
    server = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<string>((resolve, reject) => {
      server.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      server.once('exit', (code) => reject(new Error(`test server exited with ${code}`)));
    });
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(() => {
    server?.kill();
  });

  it('sends and receives synchronously, with the same option semantics', () => {
    const runtime = createGasRuntime({ code });
    try {
      const result = runtime.runOrThrow('get', `${base}/echo?x=1`, {
        method: 'post',
        payload: { a: 'b c' },
      }) as {
        code: number;
        text: string;
        headers: Record<string, string>;
      };
      expect(result.code).toBe(200);
      expect(JSON.parse(result.text)).toEqual({
        method: 'POST',
        url: '/echo?x=1',
        body: 'a=b+c',
        type: 'application/x-www-form-urlencoded',
      });
      expect(result.headers['x-echo']).toBe('yes');
      expect(runtime.runOrThrow('tryGet', `${base}/status/502`)).toContain('returned code 502');
      expect(
        (
          runtime.runOrThrow('get', `${base}/status/429`, { muteHttpExceptions: true }) as {
            code: number;
          }
        ).code,
      ).toBe(429);
    } finally {
      runtime.close();
    }
  });

  it('throws Address unavailable when nothing listens', () => {
    const runtime = createGasRuntime({ code });
    try {
      expect(runtime.runOrThrow('tryGet', 'http://127.0.0.1:1/x')).toBe(
        'threw: Address unavailable: http://127.0.0.1:1/x',
      );
    } finally {
      runtime.close();
    }
  });
});
