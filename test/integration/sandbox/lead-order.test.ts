/**
 * The sandbox's switch for the order of GET /leads (the contract does not document it): newest
 * first by default, by id ascending, or a fixed arbitrary order; every order is the same for
 * every request, so pages of an unchanged list never overlap or skip.
 */
import { describe, expect, it } from 'vitest';
import { call, makeSandbox } from './helpers';

function allIds(sandbox: ReturnType<typeof makeSandbox>['sandbox'], perPage: number): number[] {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = call(sandbox, 'GET', `/leads?per_page=${perPage}&page=${page}`);
    expect(answer.status).toBe(200);
    ids.push(...answer.json.data.map((lead: { id: number }) => lead.id));
    if (!answer.json.meta.has_more) return ids;
  }
}

describe('sandbox GET /leads order', () => {
  it('is newest first by default', () => {
    const { sandbox } = makeSandbox({ rateLimitPerMinute: 100_000 });
    const leads = call(sandbox, 'GET', '/leads?per_page=200').json.data as Array<{
      created_at: string;
    }>;
    const times = leads.map((lead) => lead.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('"id" lists by id ascending, "arbitrary" in neither order, each the same every time', () => {
    const { sandbox } = makeSandbox({ rateLimitPerMinute: 100_000, leadListOrder: 'id' });
    const byId = allIds(sandbox, 37);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    sandbox.configure({ leadListOrder: 'arbitrary' });
    const arbitrary = allIds(sandbox, 37);
    expect(new Set(arbitrary)).toEqual(new Set(byId));
    expect(arbitrary).not.toEqual(byId);
    expect(arbitrary).not.toEqual([...byId].reverse());
    expect(allIds(sandbox, 50)).toEqual(arbitrary);
  });

  it('is switched over the admin API, which refuses an unknown order', () => {
    const { sandbox } = makeSandbox();
    const refused = call(sandbox, 'POST', '/__admin/config', { body: { lead_list_order: 'x' } });
    expect(refused.status).toBe(422);
    const set = call(sandbox, 'POST', '/__admin/config', { body: { lead_list_order: 'id' } });
    expect(set.status).toBe(200);
    const ids = call(sandbox, 'GET', '/leads?per_page=20').json.data.map(
      (lead: { id: number }) => lead.id,
    );
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
  });
});
