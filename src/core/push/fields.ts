/**
 * What a push does with each export column a person changed: which request carries it (an
 * upsert's field, a stage move, tag requests, the owner), how its cell becomes the CRM's value
 * (the import's own normalisation: phones E.164, `R$ 9.500,50`, dates, custom field types), and
 * how a value is shown in a detail (the person's language and formats).
 */
import type { CustomFieldDefinition } from '../../api/schemas';
import { CUSTOM_FIELD_PREFIX } from '../export/columns';
import { isMoneyColumn } from '../export/headers';
import type { Locale, Translate } from '../i18n';
import { sayDay } from '../i18n/day';
import { formatMoney } from '../i18n/money';
import { LEAD_COLUMN_FIELDS, type LeadColumnField } from '../import/lead-fields';
import type { Normalized } from '../import/normalize';
import { customValue, leadValue, type ValueContext } from '../import/row';
import { decodeCanon } from './memory';

export type FieldRole =
  | { kind: 'lead'; field: LeadColumnField }
  | { kind: 'custom'; field: CustomFieldDefinition }
  | { kind: 'stage' }
  | { kind: 'pipeline' }
  | { kind: 'tags' }
  | { kind: 'owner' }
  /** A column the CRM computes or a push cannot write (id, created_at, score…). */
  | { kind: 'readOnly' };

const UPSERT_FIELDS = new Set<string>(
  LEAD_COLUMN_FIELDS.filter((f) => !['pipeline', 'stage', 'owner', 'tags'].includes(f)),
);

export function roleOf(column: string, customFields: readonly CustomFieldDefinition[]): FieldRole {
  if (UPSERT_FIELDS.has(column)) return { kind: 'lead', field: column as LeadColumnField };
  if (column === 'stage') return { kind: 'stage' };
  if (column === 'pipeline') return { kind: 'pipeline' };
  if (column === 'tags') return { kind: 'tags' };
  if (column === 'owner_name' || column === 'owner_email' || column === 'assigned_to')
    return { kind: 'owner' };
  if (column.startsWith(CUSTOM_FIELD_PREFIX)) {
    const name = column.slice(CUSTOM_FIELD_PREFIX.length);
    const field = customFields.find((f) => f.name === name);
    if (field) return { kind: 'custom', field };
  }
  return { kind: 'readOnly' };
}

/** Whether a change of `column` goes by the upsert (fields, custom fields, owner). */
export function goesByUpsert(column: string, customFields: readonly CustomFieldDefinition[]) {
  const kind = roleOf(column, customFields).kind;
  return kind === 'lead' || kind === 'custom' || kind === 'owner';
}

/** A canonical cell (memory.ts) as the CRM takes it for a lead or custom field. */
export function normalizedValue(
  role: FieldRole,
  canon: string,
  context: ValueContext,
): Normalized<unknown> | undefined {
  const value = decodeCanon(canon);
  if (role.kind === 'lead') return leadValue(value, role.field, context);
  if (role.kind === 'custom') return customValue(value, role.field, context);
  return undefined;
}

/** A canonical cell as a person reads it in a detail: `R$ 9.500,50`, `28/11/2026`, `(empty)`. */
export function shownValue(
  canon: string | undefined,
  column: string,
  ctx: {
    t: Translate;
    locale: Locale;
    customFields: readonly CustomFieldDefinition[];
    formatDate: (date: Date) => string;
  },
): string {
  if (canon === undefined || canon === '') return ctx.t('push.words.empty');
  const value = decodeCanon(canon);
  if (value instanceof Date) return sayDay(ctx.t, ctx.formatDate(value));
  if (typeof value === 'number') {
    if (isMoneyColumn(column, ctx.customFields)) return formatMoney(value, ctx.locale);
    return new Intl.NumberFormat(ctx.locale === 'pt' ? 'pt-BR' : 'en-US').format(value);
  }
  if (typeof value === 'boolean') return ctx.t(value ? 'push.words.yes' : 'push.words.no');
  return `“${value}”`;
}
