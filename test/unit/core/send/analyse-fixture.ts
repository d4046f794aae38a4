import { placeSources, statusColumnsOf } from '../../../../src/core/send/columns';
import { analyseSendSheet } from '../../../../src/core/send/rows';

/** A sheet whose rows name their lead in a CRM Lead ID column. */
export const LEAD_ID_HEADER = [
  'Nome',
  'CRM Lead ID',
  'CRM Send Status',
  'CRM Message ID',
  'CRM Send Detail',
  'CRM Sent At',
];

/** How the fixture's rows find their lead: the lead id column, or a match by e-mail or phone. */
export const BY_LEAD_ID = { by: 'column', column: 'CRM Lead ID' } as const;
export const BY_EMAIL_OR_PHONE = { by: 'match', matchBy: 'email_or_phone' } as const;

/** The send's analysis of `rows` under `header`, read at `now`, `{{1}}` from the Nome column. */
export function analyseRows(
  rows: unknown[][],
  options: {
    header: string[];
    lead: typeof BY_LEAD_ID | typeof BY_EMAIL_OR_PHONE;
    now: number;
    since: number;
    templateName?: string;
    window?: { offset: number; complete: boolean };
  },
) {
  const { header, lead, now, since, templateName, window } = options;
  const columns = statusColumnsOf(header);
  if (!columns) throw new Error('no status columns');
  return analyseSendSheet({
    values: { header, rows, ...window },
    columns,
    sources: placeSources(header, { variables: { '1': { column: 'Nome' } }, lead }, 'Leads'),
    since,
    ...(templateName === undefined ? {} : { templateName }),
    defaultCountry: 'BR',
    headerRow: 1,
    readAt: now,
  });
}
