/**
 * Issue 16.11: the sync's "updated since" mark belongs to the account and base URL it was read
 * from. After switching to another account's key, the next sync of the same sheet reads every
 * lead of that account, not only those changed since the other account's last sync.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { accountLeads, BASE_URL, buildBundle, createHarness, DEMO_KEYS } from './export-harness';

beforeAll(async () => {
  await buildBundle();
});

describe('crmExportLeads sync after a key of another account', () => {
  it('reads every lead of the new account (a full pass), not only the changed ones', async () => {
    const h = await createHarness();
    const options = { sheet: 'Leads', mode: 'sync', columns: 'id,name' };
    h.runtime.runOrThrow('crmExportLeads', options);
    h.runtime.runUntilIdle();
    h.clock.advance(3_600_000);

    h.runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.other, baseUrl: BASE_URL });
    h.runtime.runOrThrow('crmExportLeads', options);
    h.runtime.runUntilIdle();

    const ids = new Set(
      h.runtime
        .sheet('Leads')
        .getValues()
        .slice(1)
        .map((row) => row[0]),
    );
    const other = accountLeads(h.sandbox, 2).map((lead) => lead.id);
    expect(other.length).toBe(40);
    expect(other.filter((id) => !ids.has(id))).toEqual([]);
  });
});
