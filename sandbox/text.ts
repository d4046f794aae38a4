/** Printable ASCII: nothing in it to decompose or strip. */
const PLAIN_ASCII = /^[ -~]*$/;

/** Text matching the way a Brazilian user expects: no case, no accents. */
export function fold(text: string): string {
  // A search folds every lead's name and e-mail: `normalize` was most of a request's time in a
  // big account (the 60,000-lead tests).
  if (PLAIN_ASCII.test(text)) return text.toLowerCase().trim();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Two phones are the same contact when their digits match, also when only one carries
 * Brazil's country code 55 (a sheet often holds '11 98765-4321' for '+55 11 98765-4321').
 */
export function samePhone(a: string, b: string): boolean {
  const x = digitsOf(a);
  const y = digitsOf(b);
  if (x === '' || y === '') return false;
  return x === y || `55${x}` === y || x === `55${y}`;
}

export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
