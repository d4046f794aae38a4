import { describe, expect, it } from 'vitest';
import { errorCauseOf } from '../../../../src/core/errors';
import { maskApiKey, parseSettingsInput } from '../../../../src/core/settings/settings';

const defaults = { baseUrl: 'https://crm.example.com/api/v1' };

describe('parseSettingsInput', () => {
  it('fills defaults and upper-cases the country', () => {
    expect(
      parseSettingsInput({ apiKey: ' crm_abc123XYZ ', defaultCountry: 'us' }, defaults),
    ).toEqual({
      apiKey: 'crm_abc123XYZ',
      baseUrl: 'https://crm.example.com/api/v1',
      defaultCountry: 'US',
      optOutTag: 'optout',
    });
  });

  it('keeps the opt-out tag as typed, the saved one when left out, the default when blank', () => {
    const previous = {
      apiKey: 'crm_stored9999',
      baseUrl: defaults.baseUrl,
      defaultCountry: 'BR',
      optOutTag: 'nao-contatar',
    };
    const parse = (input: object) => parseSettingsInput(input, { ...defaults, previous }).optOutTag;
    expect(parse({ optOutTag: '  Não Contatar ' })).toBe('Não Contatar');
    expect(parse({})).toBe('nao-contatar');
    expect(parse({ optOutTag: '  ' })).toBe('optout');
    expect(() => parse({ optOutTag: 'x'.repeat(101) })).toThrow(/at most 100 characters/);
    expect(() => parse({ optOutTag: 7 })).toThrow(/opt-out tag/);
  });

  it('keeps the stored key when only other settings change', () => {
    const previous = { apiKey: 'crm_stored9999', baseUrl: defaults.baseUrl, defaultCountry: 'BR' };
    expect(parseSettingsInput({ defaultCountry: 'PT' }, { ...defaults, previous }).apiKey).toBe(
      'crm_stored9999',
    );
  });

  it.each([
    [null, /needs an object/],
    [{}, /API key is missing/],
    [{ apiKey: 'abc' }, /must start with "crm_"/],
    [{ apiKey: 'crm_ok', defaultCountry: 'Brasil' }, /two-letter country code/],
    [{ apiKey: 'crm_ok', baseUrl: 'http://crm.example.com/api/v1' }, /https/],
  ])('rejects %j with a message that says what to fix', (input, message) => {
    expect(() => parseSettingsInput(input, defaults)).toThrow(message);
  });

  it('never echoes the whole key in an error', () => {
    expect(() => parseSettingsInput({ apiKey: 'abc' }, defaults)).not.toThrow('abc');
    expect(() => parseSettingsInput({ apiKey: 'crm_secret value1234' }, defaults)).toThrow(
      /crm_…1234/,
    );
    try {
      parseSettingsInput({ apiKey: 'crm_secret value1234' }, defaults);
    } catch (error) {
      expect(String(error)).not.toContain('secret');
    }
  });
});

describe('parseSettingsInput: the base URL', () => {
  it.each([
    ['https://crm.example.com/api/v1/', 'https://crm.example.com/api/v1'],
    ['http://localhost:8787/api/v1', 'http://localhost:8787/api/v1'],
    ['http://127.0.0.1:8787/api/v1', 'http://127.0.0.1:8787/api/v1'],
  ])('%s → %s', (baseUrl, expected) => {
    expect(parseSettingsInput({ apiKey: 'crm_ok', baseUrl }, defaults).baseUrl).toBe(expected);
  });

  it.each([
    ['http://localhost.evil.com/api/v1', /must use https:\/\//],
    ['https://crm.example.com/api', /must end in \/api\/v1/],
    ['ftp://x/api/v1', /must start with https:\/\//],
    ['https://user:pass@crm.example.com/api/v1', /no user name or password/],
  ])('rejects %s', (baseUrl, message) => {
    expect(() => parseSettingsInput({ apiKey: 'crm_ok', baseUrl }, defaults)).toThrow(message);
  });
});

describe('parseSettingsInput: a saved key is bound to its base URL', () => {
  const previous = {
    apiKey: 'crm_stored9999',
    baseUrl: 'https://crm.example.com/api/v1',
    defaultCountry: 'BR',
  };

  it('is kept while the base URL stays the same (written differently)', () => {
    const kept = parseSettingsInput(
      { baseUrl: 'https://CRM.example.com/api/v1/', defaultCountry: 'US' },
      { ...defaults, previous },
    );
    expect(kept).toEqual({ ...previous, defaultCountry: 'US', optOutTag: 'optout' });
  });

  it('is never reused for a new base URL: the key must be given again', () => {
    expect(() =>
      parseSettingsInput({ baseUrl: 'https://attacker.example/api/v1' }, { ...defaults, previous }),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('The base URL changed: paste the API key again.'),
        cause: { code: 'apiKeyForNewBaseUrl' },
      }),
    );
    expect(
      parseSettingsInput(
        { apiKey: 'crm_new1234', baseUrl: 'https://other.example/api/v1' },
        { ...defaults, previous },
      ),
    ).toMatchObject({ apiKey: 'crm_new1234', baseUrl: 'https://other.example/api/v1' });
  });
});

describe('parseSettingsInput: typed values that look like a key are never repeated', () => {
  const key = 'crm_test_9f8e7d6c5b4a3210';
  it.each([
    ['baseUrl', { apiKey: 'crm_ok', baseUrl: key }],
    ['baseUrl', { apiKey: 'crm_ok', baseUrl: `https://${key}@crm.example.com/api/v1` }],
    ['baseUrl', { apiKey: 'crm_ok', baseUrl: 'live_9f8e7d6c5b4a3210' }],
    ['defaultCountry', { apiKey: 'crm_ok', defaultCountry: key }],
    ['defaultCountry', { apiKey: 'crm_ok', defaultCountry: 'live_9f8e7d6c5b4a3210' }],
  ])('in %s', (_field, input) => {
    let thrown: unknown;
    try {
      parseSettingsInput(input, defaults);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(JSON.stringify([String(thrown), errorCauseOf(thrown)]).toLowerCase()).not.toContain(
      '9f8e7d6c5b4a3210',
    );
  });

  it('while a plain typo is shown, so the user sees what to fix', () => {
    expect(() =>
      parseSettingsInput({ apiKey: 'crm_ok', baseUrl: 'crm.example.com/api/v1' }, defaults),
    ).toThrow('(got "crm.example.com/api/v1")');
  });
});

describe('parseSettingsInput: the default country is a real country code', () => {
  it.each(['zz', 'XX', 'AA'])('refuses %s by name', (defaultCountry) => {
    expect(() => parseSettingsInput({ apiKey: 'crm_ok', defaultCountry }, defaults)).toThrow(
      `The default country must be a two-letter country code such as BR or US (got "${defaultCountry.toUpperCase()}").`,
    );
  });

  it.each(['br', 'US', 'pt', ' ar '])('accepts %s', (defaultCountry) => {
    expect(parseSettingsInput({ apiKey: 'crm_ok', defaultCountry }, defaults).defaultCountry).toBe(
      defaultCountry.trim().toUpperCase(),
    );
  });

  it('carries the code whose words the sidebar shows', () => {
    let thrown: unknown;
    try {
      parseSettingsInput({ apiKey: 'crm_ok', defaultCountry: 'zz' }, defaults);
    } catch (error) {
      thrown = error;
    }
    expect(errorCauseOf(thrown)).toEqual({ code: 'countryCode' });
  });
});

describe('maskApiKey', () => {
  it('shows only the prefix and the last four characters', () => {
    expect(maskApiKey('crm_demo_admin')).toBe('crm_…dmin');
    expect(maskApiKey('crm_x')).toBe('crm_…');
  });
});
