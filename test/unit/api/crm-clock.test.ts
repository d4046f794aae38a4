import { describe, expect, it } from 'vitest';
import { createCrmClient } from '../../../src/api/client';
import { clockReadingOf } from '../../../src/api/crm-clock';
import { API_KEY, BASE_URL, fakeTransport, textResponse } from './fake-transport';

const ACCOUNT = JSON.stringify({ success: true, account: { id: 1, name: 'Padaria', plan: 'pro' } });

const CRM_NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const HTTP_DATE = 'Fri, 27 Nov 2026 12:00:00 GMT';

describe("the CRM's clock from a response's Date header", () => {
  it('bounds the offset by the round trip and the header second', () => {
    // Sent at our 12:02:30.000, answered at 12:02:31.000: the CRM is about 150 s behind.
    const sentAt = CRM_NOW + 150_000;
    const reading = clockReadingOf({ date: HTTP_DATE }, sentAt, sentAt + 1000);
    expect(reading).toEqual({ low: -151_000, high: -149_001 });
  });
  it('reads the header whatever the case of its name, and the first of a repeated one', () => {
    expect(clockReadingOf({ Date: HTTP_DATE }, CRM_NOW, CRM_NOW)).toEqual({ low: 0, high: 999 });
    const twice = `${HTTP_DATE}, Fri, 27 Nov 2026 12:00:05 GMT`;
    expect(clockReadingOf({ date: twice }, CRM_NOW, CRM_NOW)).toEqual({ low: 0, high: 999 });
  });
  it('knows nothing from a missing or unreadable header', () => {
    expect(clockReadingOf({}, CRM_NOW, CRM_NOW)).toBeUndefined();
    expect(clockReadingOf({ date: 'yesterday' }, CRM_NOW, CRM_NOW)).toBeUndefined();
  });
  it("the client keeps the latest reading, through the transport's header case", () => {
    let now = CRM_NOW - 60_000;
    let date: string | undefined;
    const transport = fakeTransport(() =>
      date === undefined ? textResponse(200, ACCOUNT) : textResponse(200, ACCOUNT, { Date: date }),
    );
    const client = createCrmClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      transport,
      now: () => now,
    });
    expect(client.crmClock()).toBeUndefined();
    date = HTTP_DATE;
    client.account.get();
    // Our clock 60 s behind the CRM's; a response without the header keeps what is known.
    expect(client.crmClock()).toEqual({ low: 60_000, high: 60_999 });
    date = undefined;
    now += 1000;
    client.account.get();
    expect(client.crmClock()).toEqual({ low: 60_000, high: 60_999 });
  });
});
