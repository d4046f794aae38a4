import { h } from '../shared/dom';
import { words } from '../shared/i18n';
import { COUNTRY_CODES } from './countries';

/**
 * "Default country" as a list of countries by name in the person's language, Brazil first
 * (issue 18.5: a key pasted into the old 2-letter box was saved as CR, Costa Rica, and 30 of 31
 * rows turned INVALID). The value saved is still the ISO code crmConfigure takes.
 */
type DisplayNames = { of(code: string): string | undefined };
type DisplayNamesConstructor = new (locales: string[], options: { type: 'region' }) => DisplayNames;

function regionNames(): DisplayNames | undefined {
  const ctor = (Intl as unknown as { DisplayNames?: DisplayNamesConstructor }).DisplayNames;
  if (!ctor) return undefined;
  try {
    return new ctor([words.lang === 'pt' ? 'pt-BR' : 'en'], { type: 'region' });
  } catch {
    return undefined;
  }
}

/** Brazil first (the CRM is Brazilian), then every other country by its name. */
export const FIRST_COUNTRY = 'BR';

export function fillCountries(select: HTMLSelectElement, saved: string): void {
  const names = regionNames();
  const nameOf = (code: string) => {
    const name = names?.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  };
  const codes =
    COUNTRY_CODES.includes(saved) || saved === '' ? COUNTRY_CODES : [...COUNTRY_CODES, saved];
  const others = codes
    .filter((code) => code !== FIRST_COUNTRY)
    .map((code) => ({ code, label: nameOf(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, words.lang === 'pt' ? 'pt-BR' : 'en'));
  select.replaceChildren(
    h('option', { value: FIRST_COUNTRY }, nameOf(FIRST_COUNTRY)),
    ...others.map(({ code, label }) => h('option', { value: code }, label)),
  );
  select.value = saved || FIRST_COUNTRY;
}
