import { describe, expect, it } from 'vitest';
import { createCrmClient } from '../../../../src/api';
import type { HttpRequest, Transport } from '../../../../src/api/transport';
import { fetchReferenceData } from '../../../../src/core/import/job/requests';
import { createPacer } from '../../../../src/core/pacing';
import { API_KEY, BASE_URL, jsonResponse, parseRequestUrl } from '../../api/fake-transport';
import { MemoryCache, SharedLock, SimClock } from '../jobs/fakes';

/** A CRM that answers the three reference reads in `latencyMs` a round trip. */
function world(latencyMs: number) {
  const clock = new SimClock();
  const roundTrips: string[][] = [];
  const answer = (request: HttpRequest) => {
    const { path } = parseRequestUrl(request.url);
    if (path.endsWith('/custom-fields')) return jsonResponse(200, { success: true, data: [] });
    if (path.endsWith('/pipelines')) return jsonResponse(200, { success: true, pipelines: [] });
    return jsonResponse(200, { success: true, data: [{ id: 1, name: 'Ana' }] });
  };
  const transport: Transport = {
    send(request) {
      roundTrips.push([parseRequestUrl(request.url).path]);
      clock.sleep(latencyMs);
      return answer(request);
    },
    sendAll(requests) {
      roundTrips.push(requests.map((r) => parseRequestUrl(r.url).path));
      clock.sleep(latencyMs);
      return requests.map(answer);
    },
  };
  const client = createCrmClient({ baseUrl: BASE_URL, apiKey: API_KEY, transport });
  const pacer = createPacer(
    { cache: new MemoryCache(clock), mutex: new SharedLock(clock).handle(), clock },
    { apiKey: API_KEY },
  );
  return { clock, client, pacer, roundTrips };
}

describe('fetchReferenceData (issue 30: a trigger execution pays it each minute)', () => {
  it('sends the three reads together: one round trip of runtime, not three', () => {
    const { clock, client, pacer, roundTrips } = world(3_000);
    const start = clock.now();
    const data = fetchReferenceData(client, { pacer, clock });
    expect(data.users).toHaveLength(1);
    expect(roundTrips).toHaveLength(1);
    expect(roundTrips[0]).toHaveLength(3);
    expect(clock.now() - start).toBeLessThan(2 * 3_000);
  });
});
