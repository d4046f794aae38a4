import { describe, expect, it } from 'vitest';
import { createCrmClient, NetworkError, NotFoundError, RateLimitError } from '../../../../src/api';
import type { HttpRequest, HttpResponse, Transport } from '../../../../src/api/transport';
import { jobControlOf } from '../../../../src/core/jobs/errors';
import { BACKOFF_ATTEMPTS, pacedAll } from '../../../../src/core/jobs/requests';
import { createPacer } from '../../../../src/core/pacing';
import {
  API_KEY,
  BASE_URL,
  demoLead,
  jsonResponse,
  parseRequestUrl,
} from '../../api/fake-transport';
import { MemoryCache, SharedLock, SimClock, seededRandom } from './fakes';

/** A CRM stand-in: each request's answer comes from `answer(id, attempt)`; records batches. */
function world(answer: (id: number, attempt: number) => HttpResponse | 'drop') {
  const clock = new SimClock();
  const attempts = new Map<number, number>();
  const batches: number[][] = [];
  const transport: Transport = {
    send: () => {
      throw new Error('pacedAll must batch');
    },
    sendAll(requests: readonly HttpRequest[]) {
      const ids = requests.map((r) => Number(parseRequestUrl(r.url).path.split('/')[2]));
      batches.push(ids);
      clock.sleep(800);
      const answers = ids.map((id) => {
        const attempt = (attempts.get(id) ?? 0) + 1;
        attempts.set(id, attempt);
        return answer(id, attempt);
      });
      // UrlFetchApp.fetchAll throws as a whole when any request got no response.
      if (answers.includes('drop')) throw new Error('connection reset');
      return answers as HttpResponse[];
    },
  };
  const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
  const pacer = createPacer(
    { cache: new MemoryCache(clock), mutex: new SharedLock(clock).handle(), clock },
    { apiKey: API_KEY },
  );
  return { clock, client, pacer, batches, attempts };
}

const found = (id: number) => jsonResponse(200, { success: true, lead: demoLead(id) });
const limited = jsonResponse(
  429,
  { success: false, error: 'Limite de requisições excedido.', retry_after: 3 },
  { 'retry-after': '3' },
);
const badGateway = jsonResponse(502, { success: false, error: 'Bad gateway' });
const gets = (ids: number[]) =>
  ids.map((id) => (c: Parameters<Parameters<typeof pacedAll>[1][number]>[0]) => c.leads.get(id));

describe('pacedAll', () => {
  it('sends as many calls at once as the window has free slots', () => {
    const { client, pacer, clock, batches } = world((id) => found(id));
    pacer.acquireUpTo(55);
    const settled = pacedAll(client, gets([1, 2, 3, 4, 5, 6, 7, 8]), { pacer, clock });
    expect(batches[0]).toEqual([1, 2, 3, 4, 5]);
    expect(batches.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(settled.every((s) => s.ok)).toBe(true);
  });

  it('retries only the 429d request of a batch, after its Retry-After', () => {
    const { client, pacer, clock, batches } = world((id, attempt) =>
      id === 2 && attempt === 1 ? limited : found(id),
    );
    const settled = pacedAll(client, gets([1, 2, 3]), { pacer, clock });
    expect(batches).toEqual([[1, 2, 3], [2]]);
    expect(settled.map((s) => s.ok)).toEqual([true, true, true]);
  });

  it('gives up a request after repeated 429s with the rate-limit error', () => {
    const { client, pacer, clock } = world((id) => (id === 2 ? limited : found(id)));
    const [, second] = pacedAll(client, gets([1, 2]), { pacer, clock });
    expect(second?.ok === false && second.error).toBeInstanceOf(RateLimitError);
  });

  it('retries 5xx and network failures with back-off, then reports the last error', () => {
    const { client, pacer, clock, attempts } = world((id, attempt) => {
      if (id === 1) return attempt < 3 ? badGateway : found(id);
      if (id === 2) return 'drop';
      return found(id);
    });
    const settled = pacedAll(client, gets([1, 2, 3]), { pacer, clock, random: seededRandom(1) });
    expect(settled[0]).toMatchObject({ ok: true });
    expect(settled[1]?.ok === false && settled[1].error).toBeInstanceOf(NetworkError);
    expect(attempts.get(2)).toBe(BACKOFF_ATTEMPTS);
    // Its first batch was lost with the unreachable one; alone, it went through at once.
    expect(attempts.get(3)).toBe(2);
  });

  it('does not retry what a repeat cannot fix (404)', () => {
    const { client, pacer, clock, attempts } = world((id) =>
      id === 9 ? jsonResponse(404, { success: false, error: 'Lead não encontrado.' }) : found(id),
    );
    const [outcome] = pacedAll(client, gets([9]), { pacer, clock });
    expect(outcome?.ok === false && outcome.error).toBeInstanceOf(NotFoundError);
    expect(attempts.get(9)).toBe(1);
  });

  it('leaves the calls it has no slot for to the next step, as a yield with its instant', () => {
    const { client, pacer, clock, batches } = world((id) => found(id));
    pacer.acquireUpTo(58);
    const settled = pacedAll(client, gets([1, 2, 3, 4]), {
      pacer,
      clock,
      latestStartAt: clock.now() + 5_000,
    });
    expect(batches).toEqual([[1, 2]]);
    expect(settled.slice(0, 2).every((s) => s.ok)).toBe(true);
    for (const outcome of settled.slice(2)) {
      const error = outcome.ok ? undefined : outcome.error;
      expect(jobControlOf(error)).toBe('yield');
      expect((error as { notBefore?: number }).notBefore).toBeGreaterThan(clock.now());
    }
  });

  it('sends nothing more once a stop is asked for while it waited for slots', () => {
    const { client, pacer, clock, batches } = world((id) => found(id));
    pacer.acquireUpTo(58);
    let stop = false;
    let looks = 0;
    const settled = pacedAll(client, gets([1, 2, 3, 4, 5]), {
      pacer,
      clock,
      stopRequested: () => {
        looks += 1;
        return stop;
      },
    });
    // The first round had two free slots and left at once; no look was needed.
    expect(batches[0]).toEqual([1, 2]);
    expect(settled.every((s) => s.ok)).toBe(true);

    stop = true;
    pacer.acquireUpTo(60);
    const after = pacedAll(client, gets([6, 7]), { pacer, clock, stopRequested: () => stop });
    expect(batches).toHaveLength(2);
    expect(after.map((s) => (s.ok ? 'sent' : jobControlOf(s.error)))).toEqual(['yield', 'yield']);
    expect(looks).toBeGreaterThan(0);
  });
});
