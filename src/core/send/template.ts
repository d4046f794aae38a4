import type { ChatappTemplate, HeaderFormat } from '../../api/schemas';
import type { Translate } from '../i18n';

/** Header formats that need `header_media_url` on every send (rules 2, 7). */
export const MEDIA_HEADER_FORMATS: readonly HeaderFormat[] = ['DOCUMENT', 'IMAGE', 'VIDEO'];

/** The key a text header's variable goes under (rule 5). */
export const HEADER_VARIABLE_KEY = 'header_1';

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

export function isMediaFormat(format: string | null | undefined): boolean {
  return MEDIA_HEADER_FORMATS.some((f) => f === format);
}

/** The HEADER component's format: absent means fixed text. */
export function headerFormatOf(template: Pick<ChatappTemplate, 'components'>): string | null {
  const header = template.components.find((c) => c.type === 'HEADER');
  if (!header) return null;
  return header.format ?? 'TEXT';
}

function bodyText(template: Pick<ChatappTemplate, 'components'>): string {
  return template.components.find((c) => c.type === 'BODY')?.text ?? '';
}

/**
 * The variable keys every send of this template needs, in the order a person reads them:
 * `header_1` for a text header with a variable, then the body's `{{N}}` numbers. When the
 * template lists no components, its `variables` list is taken as is.
 */
export function expectedVariableKeys(
  template: Pick<ChatappTemplate, 'components' | 'variables'>,
): string[] {
  if (template.components.length === 0) return [...template.variables];
  const keys: string[] = [];
  const header = template.components.find((c) => c.type === 'HEADER');
  if (
    header &&
    (header.format ?? 'TEXT') === 'TEXT' &&
    /\{\{\s*\d+\s*\}\}/.test(header.text ?? '')
  ) {
    keys.push(HEADER_VARIABLE_KEY);
  }
  const body = new Set<number>();
  for (const match of bodyText(template).matchAll(PLACEHOLDER)) body.add(Number(match[1]));
  for (const n of [...body].sort((a, b) => a - b)) keys.push(String(n));
  return keys;
}

/** How a key is shown to a person: `{{2}}`, or `header_1`. */
export function variableLabel(key: string, t?: Translate): string {
  if (key !== HEADER_VARIABLE_KEY) return `{{${key}}}`;
  return t ? t('send.variable.header') : 'header_1 (the text header’s {{1}})';
}

/** The body with values put in, for previews. Missing values stay as `{{N}}`. */
export function renderBody(
  template: Pick<ChatappTemplate, 'components'>,
  values: Readonly<Record<string, string>>,
): string {
  return bodyText(template).replace(
    PLACEHOLDER,
    (whole, n: string) => values[String(Number(n))] ?? whole,
  );
}
