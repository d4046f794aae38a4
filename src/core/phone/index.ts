/**
 * Phones as the CRM stores them: E.164, and only when the number is a real one for its
 * country. Brazilian numbers follow Anatel's plan (brazil.ts); other countries are checked by
 * libphonenumber. Used by the import (cells to upsert) and the send (rows to leads).
 */
import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { codedError } from '../errors';
import { type MessageKey, type Translate, translator } from '../i18n';
import { describeCell } from '../import/text-key';
import {
  BRAZIL_CALLING_CODE,
  type BrazilProblem,
  brazilE164,
  hasBrazilCountryCode,
} from './brazil';

/** A phone in E.164, or why the value is not one (a phrase without the column's name). */
export type PhoneResult = { ok: true; value: string } | { ok: false; error: string };

const ENGLISH = translator('en');
const BRAZIL: CountryCode = 'BR';
/** `00` before a country code is the international prefix of most countries, Brazil included. */
const INTERNATIONAL_PREFIX = '00';
/** `ramal 12`, `r. 12`, `ext. 12`, `x12`, `#12` at the end: an extension, which E.164 cannot hold. */
const EXTENSION = /\s*(?:(?:\b(?:ramal|ext|r)\.?)|x|#)\s*\d{1,6}\s*$/i;
/** `0XX11 …`, `(0xx11) …`: the long-distance form with `XX` standing for any carrier. */
const CARRIER_PLACEHOLDER = /^([\s(]*0)\s*xx/i;

const BRAZIL_MESSAGES: Readonly<Record<BrazilProblem['problem'], MessageKey>> = {
  noAreaCode: 'phone.br.noAreaCode',
  unknownAreaCode: 'phone.br.unknownAreaCode',
  mobileNine: 'phone.br.mobileNine',
  oldMobile: 'phone.br.oldMobile',
  subscriber: 'phone.br.subscriber',
  length: 'phone.invalid',
};

/**
 * Throws when the country is not an ISO 3166 alpha-2 code that phone parsing knows. Coded as
 * settings' own refusal (`countryCode`), so a job stopped by it says so in the job's language.
 */
export function assertPhoneCountry(country: string): asserts country is CountryCode {
  if (!isSupportedCountry(country)) {
    throw codedError(
      `defaultCountry "${country}" is not a supported two-letter country code; use e.g. "BR" or "US"`,
      'countryCode',
    );
  }
}

/**
 * Phone to E.164. National numbers take the default country; numbers typed as numbers (Sheets
 * drops their formatting) are read as digits; `00` international prefixes count as `+`; an
 * extension is dropped. A Brazilian number needs its DDD: `98765-4321` alone is refused rather
 * than read as DDD 98 and a 7-digit number.
 */
export function normalizePhone(
  value: unknown,
  defaultCountry: string,
  t: Translate = ENGLISH,
): PhoneResult {
  const shown = describeCell(value);
  const fail = (key: MessageKey, params: Record<string, string | number> = {}): PhoneResult => ({
    ok: false,
    error: t(key, { value: shown, ...params }),
  });
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value <= 0) return fail('phone.notPhone');
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return fail('phone.notPhone');
  }
  if (/[,;/]/.test(text)) return fail('phone.several');
  text = text.replace(EXTENSION, '').replace(CARRIER_PLACEHOLDER, '$1');
  if (/[a-z]/i.test(text)) return fail('phone.notPhone');

  const digits = text.replace(/\D/g, '');
  // `(00) 98765-4321`: DDD 00, which does not exist; read as `00` + a country code it became
  // someone abroad (`+987654321`). In Brazil an international call is `00` + a carrier code +
  // the country code, so `00` + the 8 or 9 digits of a local number is a DDD, never abroad.
  if (!text.startsWith('+') && isAreaCodeZero(text, digits, defaultCountry)) {
    return fail('phone.br.unknownAreaCode', { country: BRAZIL, areaCode: '00' });
  }
  const international = text.startsWith('+')
    ? digits
    : digits.startsWith(INTERNATIONAL_PREFIX)
      ? digits.slice(INTERNATIONAL_PREFIX.length)
      : null;
  const brazil = (national: string): PhoneResult => {
    const result = brazilE164(national);
    if (result.ok) return { ok: true, value: result.e164 };
    const { ok: _ok, problem, ...params } = result;
    return fail(BRAZIL_MESSAGES[problem], { country: BRAZIL, ...params });
  };

  if (international !== null) {
    if (international.startsWith(BRAZIL_CALLING_CODE)) {
      return brazil(international.slice(BRAZIL_CALLING_CODE.length));
    }
    const parsed = parsePhoneNumberFromString(`+${international}`);
    return valid(parsed);
  }
  if (defaultCountry === BRAZIL) {
    return brazil(hasBrazilCountryCode(digits) ? digits.slice(BRAZIL_CALLING_CODE.length) : digits);
  }
  const country = isSupportedCountry(defaultCountry) ? defaultCountry : undefined;
  const parsed = parsePhoneNumberFromString(text, country);
  if (parsed?.countryCallingCode === BRAZIL_CALLING_CODE) {
    return brazil(String(parsed.nationalNumber));
  }
  return valid(parsed);

  // E.164 holds at most 15 digits: the CRM refuses a longer number (422 on `phone`), though the
  // numbering plan of some countries (`+49…`) allows more.
  function valid(parsed: ReturnType<typeof parsePhoneNumberFromString>): PhoneResult {
    if (!parsed?.isValid() || digitsOf(parsed.number).length > 15) return invalid();
    return { ok: true, value: parsed.number };
  }

  function invalid(): PhoneResult {
    return fail('phone.invalid', { country: defaultCountry });
  }
}

/** Whether the number is written with DDD 00: `(00) …`, or a Brazilian `00` + 8 or 9 digits. */
function isAreaCodeZero(text: string, digits: string, defaultCountry: string): boolean {
  if (/^\(\s*00\s*\)/.test(text)) return true;
  const local = digits.length - INTERNATIONAL_PREFIX.length;
  return (
    defaultCountry === BRAZIL &&
    digits.startsWith(INTERNATIONAL_PREFIX) &&
    (local === 8 || local === 9)
  );
}

/** The digits of a text, nothing else. */
export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * What to search the CRM's `q` with for a phone: its national digits, so a lead stored with or
 * without +55 is found (the CRM matches phones by their digits).
 */
export function phoneSearchDigits(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? String(parsed.nationalNumber) : digitsOf(phone);
}
