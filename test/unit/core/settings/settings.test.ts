import { describe, expect, it } from 'vitest';
import {
  maskApiKey,
  normalizeBaseUrl,
  parseSettingsInput,
} from '../../../../src/core/settings/settings';

const defaults = { baseUrl: 'https://crm.example.com/api/v1' };

describe('parseSettingsInput', () => {
  it('fills defaults and upper-cases the country', () => {
    expect(
      parseSettingsInput({ apiKey: ' crm_abc123XYZ ', defaultCountry: 'us' }, defaults),
    ).toEqual({
      apiKey: 'crm_abc123XYZ',
      baseUrl: 'https://crm.example.com/api/v1',
      defaultCountry: 'US',
    });
  });

  it('keeps the stored key when only other settings change', () => {
    const previous = { apiKey: 'crm_stored9999', baseUrl: defaults.baseUrl, defaultCountry: 'BR' };
    expect(parseSettingsInput({ defaultCountry: 'PT' }, { ...defaults, previous }).apiKey).toBe(
      'crm_stored9999',
    );
  });

  it.each([
    [null, /needs an object/],
    [{}, /apiKey is missing/],
    [{ apiKey: 'abc' }, /must start with "crm_"/],
    [{ apiKey: 'crm_ok', defaultCountry: 'Brasil' }, /two-letter country code/],
    [{ apiKey: 'crm_ok', baseUrl: 'http://crm.example.com/api/v1' }, /https/],
  ])('rejects %j with a message that says what to fix', (input, message) => {
    expect(() => parseSettingsInput(input, defaults)).toThrow(message);
  });

  it('never echoes the whole key in an error', () => {
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

describe('normalizeBaseUrl', () => {
  it.each([
    ['https://crm.example.com/api/v1/', 'https://crm.example.com/api/v1'],
    ['http://localhost:8787/api/v1', 'http://localhost:8787/api/v1'],
    ['http://127.0.0.1:8787/api/v1', 'http://127.0.0.1:8787/api/v1'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });

  it.each(['http://localhost.evil.com/api/v1', 'https://crm.example.com/api', 'ftp://x/api/v1'])(
    'rejects %s',
    (input) => {
      expect(() => normalizeBaseUrl(input)).toThrow();
    },
  );
});

describe('maskApiKey', () => {
  it('shows only the prefix and the last four characters', () => {
    expect(maskApiKey('crm_demo_admin')).toBe('crm_…dmin');
    expect(maskApiKey('crm_x')).toBe('crm_…');
  });
});
