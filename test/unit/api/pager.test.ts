import { describe, expect, it } from 'vitest';
import { createCrmClient } from '../../../src/api/client';
import { UnexpectedResponseError } from '../../../src/api/errors';
import { collectAll, nextPage, type Page, pageAll } from '../../../src/api/pager';
import type { HttpRequest } from '../../../src/api/transport';
import {
  API_KEY,
  BASE_URL,
  demoLead,
  fakeTransport,
  jsonResponse,
  parseRequestUrl,
} from './fake-transport';

type MetaStyle = 'full' | 'has_more only' | 'last_page only' | 'none';

/** Serves GET /leads from an in-memory array, paginated like the contract says. */
function leadsServer(total: number, style: MetaStyle = 'full') {
  const leads = Array.from({ length: total }, (_, index) => demoLead(index + 1));
  return fakeTransport((request: HttpRequest) => {
    const { path, query } = parseRequestUrl(request.url);
    if (request.method !== 'GET' || path !== '/leads') return jsonResponse(404, { message: 'x' });
    const params = new Map(query);
    const page = Number(params.get('page') ?? 1);
    const perPage = Math.min(Number(params.get('per_page') ?? 50), 200);
    const data = leads.slice((page - 1) * perPage, page * perPage);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const meta = {
      full: {
        total,
        per_page: perPage,
        current_page: page,
        last_page: lastPage,
        has_more: page < lastPage,
      },
      'has_more only': { has_more: page < lastPage },
      'last_page only': { last_page: lastPage },
      none: undefined,
    }[style];
    return jsonResponse(200, meta ? { success: true, data, meta } : { success: true, data });
  });
}

function clientFor(transport: ReturnType<typeof fakeTransport>) {
  return createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
}

const page = (size: number, meta?: Page<number>['meta']): Page<number> => ({
  data: Array.from({ length: size }, (_, i) => i),
  meta,
});

describe('nextPage', () => {
  it.each([
    {
      title: 'has_more true',
      at: 1,
      result: page(2, { has_more: true, current_page: 1 }),
      next: 2,
    },
    {
      title: 'has_more false wins over last_page',
      at: 1,
      result: page(2, { has_more: false, last_page: 9 }),
      next: null,
    },
    { title: 'last_page not reached', at: 2, result: page(2, { last_page: 3 }), next: 3 },
    { title: 'last_page reached', at: 3, result: page(2, { last_page: 3 }), next: null },
    {
      title: 'total and per_page, more',
      at: 1,
      result: page(50, { total: 51, per_page: 50 }),
      next: 2,
    },
    {
      title: 'total and per_page, done',
      at: 2,
      result: page(1, { total: 51, per_page: 50 }),
      next: null,
    },
    { title: 'no meta, full page', at: 1, result: page(200), perPage: 200, next: 2 },
    { title: 'no meta, short page', at: 4, result: page(3), perPage: 200, next: null },
    { title: 'no meta, no page size known', at: 1, result: page(3), next: null },
    {
      title: 'empty page, even if has_more says otherwise',
      at: 5,
      result: page(0, { has_more: true }),
      next: null,
    },
    {
      title: 'current_page from meta',
      at: 1,
      result: page(2, { current_page: 4, last_page: 6 }),
      next: 5,
    },
  ])('$title → $next', ({ at, result, perPage, next }) => {
    expect(nextPage(at, result, perPage)).toBe(next);
  });
});

describe('paging GET /leads over a fake server', () => {
  it.each<[number, MetaStyle, number, number]>([
    [0, 'full', 200, 1],
    [1, 'full', 200, 1],
    [200, 'full', 200, 1],
    [201, 'full', 200, 2],
    [450, 'full', 200, 3],
    [450, 'has_more only', 200, 3],
    [450, 'last_page only', 200, 3],
    [450, 'none', 200, 3],
    [400, 'none', 200, 3],
    [120, 'full', 50, 3],
  ])('%i leads, meta %s, per_page %i → %i requests', (total, style, perPage, requests) => {
    const transport = leadsServer(total, style);
    const leads = clientFor(transport).leads.listAll({ per_page: perPage, pipeline_id: 1 });
    expect(leads.map((lead) => lead.id)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(transport.requests).toHaveLength(requests);
    for (const [index, request] of transport.requests.entries()) {
      const query = new Map(parseRequestUrl(request.url).query);
      expect(query.get('page')).toBe(String(index + 1));
      expect(query.get('per_page')).toBe(String(perPage));
      expect(query.get('pipeline_id')).toBe('1');
    }
  });

  it('asks for 200 per page by default', () => {
    const transport = leadsServer(10);
    clientFor(transport).leads.listAll();
    expect(parseRequestUrl(transport.requests[0]?.url ?? '').query).toContainEqual([
      'per_page',
      '200',
    ]);
  });

  it('stops at the limit without fetching further pages', () => {
    const transport = leadsServer(1000);
    const leads = clientFor(transport).leads.listAll({ per_page: 100 }, { limit: 250 });
    expect(leads).toHaveLength(250);
    expect(leads.at(-1)?.id).toBe(250);
    expect(transport.requests).toHaveLength(3);
  });

  it('fetches one page per step, so a job can checkpoint and resume', () => {
    const transport = leadsServer(450);
    const client = clientFor(transport);
    const seen: number[] = [];

    // First slice: two pages, then the execution ends; the checkpoint is the next page.
    const pages = client.leads.pages({ per_page: 200 });
    let checkpoint: number | null = 1;
    for (const result of pages) {
      seen.push(...result.data.map((lead) => lead.id));
      checkpoint = nextPage(result.page, result, 200);
      if (result.page === 2) break;
    }
    expect(transport.requests).toHaveLength(2);
    expect(checkpoint).toBe(3);

    // Next slice resumes from the checkpoint.
    for (const result of client.leads.pages({ per_page: 200, page: checkpoint ?? 1 })) {
      seen.push(...result.data.map((lead) => lead.id));
    }
    expect(seen).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
    expect(transport.requests).toHaveLength(3);
  });

  it('refuses to loop on a server that ignores page', () => {
    const transport = fakeTransport(() =>
      jsonResponse(200, {
        success: true,
        data: [demoLead(1)],
        meta: { current_page: 1, last_page: 5, has_more: true },
      }),
    );
    expect(() => clientFor(transport).leads.listAll({ per_page: 1 })).toThrow(
      UnexpectedResponseError,
    );
    expect(transport.requests).toHaveLength(2);
  });

  it('collectAll and pageAll work with any page function', () => {
    const source = [10, 20, 30, 40, 50];
    const fetchPage = (p: number): Page<number> => ({
      data: source.slice((p - 1) * 2, p * 2),
      meta: { current_page: p, last_page: 3 },
    });
    expect(collectAll(fetchPage)).toEqual(source);
    expect([...pageAll(fetchPage, { startPage: 2 })].map((p) => p.page)).toEqual([2, 3]);
    expect(collectAll(fetchPage, { limit: 0 })).toEqual([]);
  });
});
