import { describe, expect, it } from 'vitest';
import { createCrmClient } from '../../../src/api/client';
import {
  InvalidInputError,
  NetworkError,
  NotFoundError,
  RateLimitError,
} from '../../../src/api/errors';
import type { HttpRequest, HttpResponse, Transport } from '../../../src/api/transport';
import { API_KEY, BASE_URL, demoLead, jsonResponse, parseRequestUrl } from './fake-transport';

/** A transport with sendAll that records each batch and answers each request with `respond`. */
function batchingTransport(respond: (request: HttpRequest) => HttpResponse) {
  const batches: HttpRequest[][] = [];
  const singles: HttpRequest[] = [];
  const transport: Transport = {
    send(request) {
      singles.push(request);
      return respond(request);
    },
    sendAll(requests) {
      batches.push([...requests]);
      return requests.map(respond);
    },
  };
  return { transport, batches, singles };
}

const leadAnswer = (request: HttpRequest): HttpResponse => {
  const id = Number(parseRequestUrl(request.url).path.split('/')[2]);
  if (id === 404) return jsonResponse(404, { success: false, error: 'Lead não encontrado.' });
  if (id === 429) {
    return jsonResponse(
      429,
      { success: false, error: 'Limite de requisições excedido.', retry_after: 7 },
      { 'retry-after': '7' },
    );
  }
  return jsonResponse(200, { success: true, lead: demoLead(id) });
};

describe('client.all', () => {
  it('sends every call in one batch and settles each in order', () => {
    const { transport, batches, singles } = batchingTransport(leadAnswer);
    const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
    const settled = client.all([1, 2, 3].map((id) => (c) => c.leads.get(id)));
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((r) => parseRequestUrl(r.url).path)).toEqual([
      '/leads/1',
      '/leads/2',
      '/leads/3',
    ]);
    expect(singles).toHaveLength(0);
    expect(settled.map((s) => (s.ok ? s.value.id : s.error))).toEqual([1, 2, 3]);
  });

  it('gives each refused call its own typed error and the others their values', () => {
    const { transport } = batchingTransport(leadAnswer);
    const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
    const [first, missing, limited] = client.all([5, 404, 429].map((id) => (c) => c.leads.get(id)));
    expect(first).toMatchObject({ ok: true, value: { id: 5 } });
    expect(missing?.ok === false && missing.error).toBeInstanceOf(NotFoundError);
    const error = limited?.ok === false ? limited.error : undefined;
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(7);
  });

  it('settles a call that fails before its request without sending it', () => {
    const { transport, batches } = batchingTransport(leadAnswer);
    const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
    const settled = client.all([(c) => c.leads.get(-1), (c) => c.leads.get(8)]);
    expect(settled[0]?.ok === false && settled[0].error).toBeInstanceOf(InvalidInputError);
    expect(settled[1]).toMatchObject({ ok: true, value: { id: 8 } });
    expect(batches[0]).toHaveLength(1);
  });

  it('marks every call of a batch that got no answers as possibly sent', () => {
    const transport: Transport = {
      send: () => {
        throw new Error('unused');
      },
      sendAll: () => {
        throw new Error(`Address unavailable: ${BASE_URL} (key ${API_KEY})`);
      },
    };
    const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
    const settled = client.all([1, 2].map((id) => (c) => c.leads.get(id)));
    for (const outcome of settled) {
      const error = outcome.ok ? undefined : (outcome.error as NetworkError);
      expect(error).toBeInstanceOf(NetworkError);
      expect(error?.batchLost).toBe(true);
      expect(error?.message).not.toContain(API_KEY);
    }
  });

  it('falls back to one request at a time on a transport without sendAll', () => {
    const singles: HttpRequest[] = [];
    const transport: Transport = {
      send(request) {
        singles.push(request);
        if (request.url.endsWith('/leads/2')) throw new Error('connection reset');
        return leadAnswer(request);
      },
    };
    const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
    const settled = client.all([1, 2, 3].map((id) => (c) => c.leads.get(id)));
    expect(singles).toHaveLength(3);
    expect(settled[0]).toMatchObject({ ok: true });
    const lost = settled[1]?.ok === false ? (settled[1].error as NetworkError) : undefined;
    expect(lost).toBeInstanceOf(NetworkError);
    expect(lost?.batchLost).toBe(false);
    expect(settled[2]).toMatchObject({ ok: true });
  });

  it('refuses a call that makes two requests rather than send its second one unbatched', () => {
    const { transport, singles } = batchingTransport(leadAnswer);
    const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
    const [outcome] = client.all([(c) => [c.leads.get(1), c.leads.get(2)]]);
    expect(outcome?.ok).toBe(false);
    expect(String(outcome?.ok === false && (outcome.error as Error).message)).toMatch(
      /more than one request/,
    );
    expect(singles).toHaveLength(0);
  });

  it('returns nothing and sends nothing for no calls', () => {
    const { transport, batches } = batchingTransport(leadAnswer);
    const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
    expect(client.all([])).toEqual([]);
    expect(batches).toHaveLength(0);
  });
});
