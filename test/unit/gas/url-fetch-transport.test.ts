import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clockReadingOf } from '../../../src/api/crm-clock';
import type { HttpRequest, HttpResponse } from '../../../src/api/transport';
import { bundleAdapter } from './bundle-adapter';

let code = '';

/** The adapter bundled alone; the test stands in for UrlFetchApp and records what it is asked. */
beforeAll(async () => {
  code = await bundleAdapter(
    `
        import { createUrlFetchTransport } from './src/gas/url-fetch-transport';
        globalThis.send = (request) => createUrlFetchTransport().send(request);
        globalThis.sendAll = (requests) => createUrlFetchTransport().sendAll(requests);`,
  );
});

interface FetchCall {
  url: string;
  options: Record<string, unknown>;
}

/** Sends `request` through the adapter over a UrlFetchApp that answers `answer`. */
function sendThrough(
  request: HttpRequest,
  answer: { status: number; headers?: Record<string, string>; body?: string },
): { calls: FetchCall[]; response: HttpResponse } {
  const calls: FetchCall[] = [];
  const UrlFetchApp = {
    fetch(url: string, options: Record<string, unknown>) {
      calls.push({ url, options });
      return {
        getResponseCode: () => answer.status,
        getAllHeaders: () => answer.headers ?? {},
        getContentText: () => answer.body ?? '',
      };
    },
  };
  const context: Record<string, unknown> = { UrlFetchApp };
  runInNewContext(code, context);
  const response = (context.send as (r: HttpRequest) => HttpResponse)(request);
  return { calls, response };
}

const SEND: HttpRequest = {
  method: 'POST',
  url: 'https://crm.example.com/api/v1/leads/7/send-chatapp-template',
  headers: { 'x-api-key': 'crm_test_key_1234', 'content-type': 'application/json' },
  body: '{"template_id":1}',
};

describe('createUrlFetchTransport', () => {
  it('never follows a redirect, which would resend the X-API-Key header to wherever it points', () => {
    const { calls, response } = sendThrough(SEND, {
      status: 301,
      headers: { Location: 'http://crm.example.com/api/v1/leads/7/send-chatapp-template' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options.followRedirects).toBe(false);
    // The client sees the redirect itself and reports it (src/api/response-errors.ts).
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(
      'http://crm.example.com/api/v1/leads/7/send-chatapp-template',
    );
  });

  it('passes every status through and sends the body as JSON', () => {
    const { calls, response } = sendThrough(SEND, {
      status: 422,
      headers: { 'Content-Type': 'application/json' },
      body: '{"message":"x"}',
    });
    expect(calls[0]?.options).toMatchObject({
      method: 'post',
      muteHttpExceptions: true,
      payload: SEND.body,
      contentType: 'application/json',
    });
    expect(response).toEqual({
      status: 422,
      headers: { 'content-type': 'application/json' },
      body: '{"message":"x"}',
    });
  });

  it("gives the Date header, under Apps Script's case, as the client reads it (the CRM's clock)", () => {
    const date = 'Fri, 27 Nov 2026 12:00:00 GMT';
    const { response } = sendThrough(SEND, { status: 200, headers: { Date: date } });
    expect(response.headers.date).toBe(date);
    expect(clockReadingOf(response.headers, Date.parse(date), Date.parse(date))).toEqual({
      low: 0,
      high: 999,
    });
  });

  it('sends a batch with one fetchAll, each request with the same safe options', () => {
    const batches: Record<string, unknown>[][] = [];
    const UrlFetchApp = {
      fetchAll(requests: Record<string, unknown>[]) {
        batches.push(requests);
        return requests.map((r, i) => ({
          getResponseCode: () => 200 + i,
          getAllHeaders: () => ({ 'X-Seq': String(i) }),
          getContentText: () => String(r.url),
        }));
      },
    };
    const context: Record<string, unknown> = { UrlFetchApp };
    runInNewContext(code, context);
    const GET: HttpRequest = {
      method: 'GET',
      url: 'https://crm.example.com/api/v1/leads/1',
      headers: {},
    };
    const responses = (context.sendAll as (r: HttpRequest[]) => HttpResponse[])([SEND, GET]);
    expect(batches).toHaveLength(1);
    expect(
      batches[0]?.map((r) => [r.url, r.method, r.followRedirects, r.muteHttpExceptions]),
    ).toEqual([
      [SEND.url, 'post', false, true],
      [GET.url, 'get', false, true],
    ]);
    expect(batches[0]?.[0]?.payload).toBe(SEND.body);
    expect(responses.map((r) => [r.status, r.headers['x-seq'], r.body])).toEqual([
      [200, '0', SEND.url],
      [201, '1', GET.url],
    ]);
  });
});
