/**
 * Brazilian numbers checked the way Anatel numbers them, because the bundle's trimmed
 * libphonenumber metadata (scripts/build/bundle.ts) makes `isValid()` check little more than the
 * length: `98765-4321` typed without its area code passed as `+55 98 7654-321`, someone else's
 * number. A national number is a two-digit area code (DDD) that exists, then a landline of
 * 8 digits starting with 2–5 or a mobile of 9 digits starting with 9.
 * https://www.gov.br/anatel/pt-br/regulado/numeracao/plano-de-numeracao-brasileiro
 */

/** Every DDD in use (Anatel's numbering plan; 67 codes). */
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
  44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
  79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

export const BRAZIL_CALLING_CODE = '55';
const AREA_CODE_DIGITS = 2;
const LANDLINE_DIGITS = 8;
const MOBILE_DIGITS = 9;
/** The long-distance prefix: `0`, an optional two-digit carrier code, then the DDD. */
const TRUNK_PREFIX = '0';
const CARRIER_CODE_DIGITS = 2;

/** Why a Brazilian number was refused: the key of its message in the `phone` area. */
export type BrazilProblem =
  | { problem: 'noAreaCode' }
  | { problem: 'unknownAreaCode'; areaCode: string }
  | { problem: 'mobileNine' }
  | { problem: 'oldMobile' }
  | { problem: 'subscriber' }
  | { problem: 'length' };

export type BrazilResult = { ok: true; e164: string } | ({ ok: false } & BrazilProblem);

/**
 * The digits dialled inside Brazil (after +55 when there was one) → E.164. Takes `DDD + number`,
 * the long-distance forms `0 DDD number` and `0 carrier DDD number` (`0XX11 …` reaches here as
 * `011 …`, the caller drops the placeholder), and refuses a number without its DDD.
 */
export function brazilE164(digits: string): BrazilResult {
  let national = digits;
  if (national.startsWith(TRUNK_PREFIX)) {
    national = national.slice(TRUNK_PREFIX.length);
    const withCarrier = CARRIER_CODE_DIGITS + AREA_CODE_DIGITS;
    if (national.length >= withCarrier + LANDLINE_DIGITS) {
      national = national.slice(CARRIER_CODE_DIGITS);
    }
  }
  const length = national.length;
  if (length === LANDLINE_DIGITS || length === MOBILE_DIGITS) {
    return { ok: false, problem: 'noAreaCode' };
  }
  if (
    length !== AREA_CODE_DIGITS + LANDLINE_DIGITS &&
    length !== AREA_CODE_DIGITS + MOBILE_DIGITS
  ) {
    return { ok: false, problem: 'length' };
  }
  const areaCode = national.slice(0, AREA_CODE_DIGITS);
  if (!AREA_CODES.has(Number(areaCode))) {
    return { ok: false, problem: 'unknownAreaCode', areaCode };
  }
  const subscriber = national.slice(AREA_CODE_DIGITS);
  const first = subscriber.charAt(0);
  if (subscriber.length === MOBILE_DIGITS) {
    if (first !== '9') return { ok: false, problem: 'mobileNine' };
  } else if (first >= '6') {
    // 8 digits from 6 to 9 were mobiles before every mobile got its leading 9 (2012–2016).
    return { ok: false, problem: 'oldMobile' };
  } else if (first < '2') {
    return { ok: false, problem: 'subscriber' };
  }
  return { ok: true, e164: `+${BRAZIL_CALLING_CODE}${national}` };
}

/** Whether digits typed without `+` carry Brazil's country code: 55 + DDD + 8 or 9 digits. */
export function hasBrazilCountryCode(digits: string): boolean {
  const national = digits.length - BRAZIL_CALLING_CODE.length;
  return (
    digits.startsWith(BRAZIL_CALLING_CODE) &&
    (national === AREA_CODE_DIGITS + LANDLINE_DIGITS ||
      national === AREA_CODE_DIGITS + MOBILE_DIGITS)
  );
}
