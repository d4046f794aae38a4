import { describe, expect, it } from 'vitest';
import { createSandbox, DEMO_KEYS } from '../../sandbox';
import {
  type CostOptions,
  createGasRuntime,
  createSimulatedClock,
  routeToSandbox,
} from '../../tools/gas-runtime';

const BASE_URL = 'http://localhost:8787/api/v1';

function setup(locale?: string, costs?: CostOptions) {
  const clock = createSimulatedClock();
  const sandbox = createSandbox({ now: () => clock.now() });
  const runtime = createGasRuntime({
    clock,
    fetch: routeToSandbox(sandbox, 'http://localhost:8787'),
    ...(locale ? { workbook: { sheets: { Sheet1: [] }, locale } } : {}),
    ...(costs ? { costs } : {}),
  });
  return { sandbox, runtime };
}

describe('crmConfigure in the Apps Script runtime', () => {
  it('checks the key with GET /account, stores it for the user, and only ever shows it masked', () => {
    const { runtime } = setup();
    const result = runtime.runOrThrow('crmConfigure', {
      apiKey: DEMO_KEYS.admin,
      baseUrl: BASE_URL,
    }) as {
      account: { name: string };
    };
    expect(result.account.name).toBeTruthy();
    expect(runtime.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/v1/account',
    ]);
    const shown = runtime.runOrThrow('uiGetSettings') as Record<string, unknown>;
    expect(shown).toEqual({
      configured: true,
      apiKeyMasked: 'crm_…dmin',
      baseUrl: BASE_URL,
      defaultCountry: 'BR',
      optOutTag: 'optout',
      formulasAllowed: false,
    });
    expect(JSON.stringify(shown)).not.toContain(DEMO_KEYS.admin);
  });

  it.each([
    [DEMO_KEYS.suspended, /Conta inativa\./],
    ['crm_not_a_real_key', /API Key inválida\./],
  ])('refuses %s with the API message and stores nothing', (apiKey, message) => {
    const { runtime } = setup();
    const result = runtime.run('crmConfigure', { apiKey, baseUrl: BASE_URL });
    expect(result.ok).toBe(false);
    expect(String(result.error?.message)).toMatch(message);
    expect(String(result.error?.message)).not.toContain(apiKey.slice(4));
    expect(runtime.runOrThrow('uiGetSettings')).toMatchObject({ configured: false });
  });

  it('refuses plain http to anything but localhost before any request', () => {
    const { runtime } = setup();
    const result = runtime.run('crmConfigure', {
      apiKey: DEMO_KEYS.admin,
      baseUrl: 'http://crm.example.com/api/v1',
    });
    expect(String(result.error?.message)).toMatch(/https:\/\//);
    expect(runtime.requests).toHaveLength(0);
  });

  it('surfaces a Deprecation / Sunset announcement once', () => {
    const { sandbox, runtime } = setup();
    sandbox.configure({ deprecation: 'true', sunset: 'Wed, 30 Jun 2027 00:00:00 GMT' });
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
    const toasts = runtime.ui.toasts();
    expect(toasts).toHaveLength(1);
    expect(JSON.stringify(toasts[0])).toContain('30 Jun 2027');
  });
});

describe('crmConfigure and the rate limit', () => {
  it('spends a slot of the shared pacer: past 60 a minute it says when to retry, and never meets a 429', () => {
    // 70 calls must fall inside one minute, so the fixed cost model (300 ms a request): at the
    // typical profile's 800 ms they take longer than a minute and the window frees slots.
    const { sandbox, runtime } = setup(undefined, { model: 'fixed' });
    const results = Array.from({ length: 70 }, () =>
      runtime.run('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL }),
    );
    const refused = results.filter((result) => !result.ok);
    expect(results.filter((result) => result.ok)).toHaveLength(60);
    expect(refused).toHaveLength(10);
    for (const result of refused) expect(result.error?.message).toMatch(/try again in \d+ s/);
    const statuses = sandbox.requests().map((request) => request.status);
    expect(statuses).toHaveLength(60);
    expect(statuses).not.toContain(429);
  });
});

describe('the saved key is bound to its base URL', () => {
  it('a new base URL without the key sends nothing anywhere and keeps the settings', () => {
    const { runtime } = setup();
    runtime.runOrThrow('crmConfigure', { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL });
    const before = runtime.requests.length;
    const input = { baseUrl: 'https://attacker.example/api/v1' };
    expect(runtime.run('crmConfigure', input).error?.message).toContain(
      'The base URL changed: paste the API key again.',
    );
    // The sidebar's call (uiCall) says it in the person's words.
    expect(runtime.run('uiCall', 'crmConfigure', [input]).error?.message).toBe(
      'The CRM address changed: paste the API key again. A saved key is only sent to the address it was saved for.',
    );
    expect(runtime.requests.slice(before)).toEqual([]);
    expect(runtime.runOrThrow('uiGetSettings')).toMatchObject({ baseUrl: BASE_URL });
    // The same base URL without the key keeps it (the sidebar's "leave empty to keep it").
    runtime.runOrThrow('crmConfigure', { baseUrl: BASE_URL, defaultCountry: 'US' });
    expect(runtime.requests.at(-1)?.requestHeaders['x-api-key']).toBe(DEMO_KEYS.admin);
  });

  it('a key pasted into the base URL or country field is never echoed, in the result or the log', () => {
    const { runtime } = setup();
    for (const input of [
      { apiKey: DEMO_KEYS.admin, baseUrl: DEMO_KEYS.other },
      { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL, defaultCountry: DEMO_KEYS.other },
    ]) {
      for (const result of [
        runtime.run('crmConfigure', input),
        runtime.run('uiCall', 'crmConfigure', [input]),
      ]) {
        expect(result.ok).toBe(false);
        expect(JSON.stringify([result.error, result.logs]).toLowerCase()).not.toContain(
          DEMO_KEYS.other.toLowerCase(),
        );
      }
    }
    expect(runtime.requests).toEqual([]);
  });

  it("the sidebar hears a refused country in the user's language; the API in English", () => {
    const { runtime } = setup('pt_BR');
    const input = { apiKey: DEMO_KEYS.admin, baseUrl: BASE_URL, defaultCountry: 'zz' };
    expect(runtime.run('uiCall', 'crmConfigure', [input]).error?.message).toBe(
      'O país padrão deve ser um código de duas letras, como BR ou US.',
    );
    expect(runtime.run('crmConfigure', input).error?.message).toBe(
      'The default country must be a two-letter country code such as BR or US (got "ZZ").',
    );
    expect(runtime.requests).toEqual([]);
  });
});
