/**
 * How a sidebar names each row's lead (Send and Lead actions share it): a column of lead ids,
 * or a lookup by e-mail / phone, and the value of that choice in a `<select>`.
 */

/** The prefix of a `<select>` value that names a column of the sheet. */
export const COLUMN_PREFIX = 'column:';

export const MATCH_CHOICES = ['email_or_phone', 'email', 'phone'] as const;
export type MatchChoice = (typeof MATCH_CHOICES)[number];

/** A sheet's headers and its lead id column, as the sidebars' column calls answer. */
export interface LeadColumns {
  headers: readonly string[];
  leadIdColumn: string | null;
}

export type LeadChoice =
  | { kind: 'column'; header: string }
  | { kind: 'match'; matchBy: MatchChoice };

export function leadOptionValue(choice: LeadChoice): string {
  return choice.kind === 'column' ? `${COLUMN_PREFIX}${choice.header}` : `match:${choice.matchBy}`;
}

export function leadFromOption(value: string): LeadChoice | undefined {
  if (value.startsWith(COLUMN_PREFIX)) {
    return { kind: 'column', header: value.slice(COLUMN_PREFIX.length) };
  }
  const matchBy = MATCH_CHOICES.find((m) => value === `match:${m}`);
  return matchBy ? { kind: 'match', matchBy } : undefined;
}

/** The sheet's lead id column (an import's `CRM Lead ID`) when it has one, else a lookup. */
export function defaultLead(columns: LeadColumns): LeadChoice {
  return columns.leadIdColumn
    ? { kind: 'column', header: columns.leadIdColumn }
    : { kind: 'match', matchBy: 'email_or_phone' };
}
