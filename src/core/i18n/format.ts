/**
 * Filling a message's `{name}` placeholders. Its own module, importing nothing, so that a
 * sidebar's bundle can use it without pulling in the catalogues (a sidebar gets its strings
 * from the server when it opens).
 */

/** Values put into a message's `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** `Object.hasOwn` is ES2022; Apps Script code targets ES2020. */
const isOwnKey = (object: object, key: string): boolean =>
  Object.prototype.propertyIsEnumerable.call(object, key);

/**
 * A plural: `{count:linha|linhas}` is the first word when `count` is 1, the second otherwise
 * (0 included: "0 linhas", "0 rows"), so no message says "1 linhas" or "1 row(s)".
 */
export const PLURAL = /\{(\w+):([^{}|]*)\|([^{}]*)\}/g;

/**
 * Fills `{name}` placeholders and `{name:one|other}` plurals; a placeholder without a value stays
 * visible, so a gap is noticed in tests.
 */
export function format(template: string, params: MessageParams = {}): string {
  return template
    .replace(PLURAL, (whole, name: string, one: string, other: string) =>
      isOwnKey(params, name) ? (Number(params[name]) === 1 ? one : other) : whole,
    )
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      isOwnKey(params, name) ? String(params[name]) : whole,
    );
}
