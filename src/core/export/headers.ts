/**
 * What an export (and CRM_LEADS) writes as a column's header: the field's name in the
 * spreadsheet's language (PRODUCT.md, Sheet conventions). English keeps the API names
 * (`name`, `owner_name`); Portuguese writes `Nome`, `Responsável`, and a custom field by its
 * label. A sync, the target check and `columns` find a column by either language, blind to
 * case, accents, spaces and `_` (headerKey), so a sheet exported in one language is still
 * synced in place after the other.
 *
 * The Portuguese names are chosen so an import reads the sheet back as it is: each one an
 * import maps (`Nome`, `Telefone`, `Funil`, `Etapa`, `Responsável`…) is one of its synonyms for
 * the same field, and no export-only column takes a name an import maps to another field
 * (`Qtd. de notas`, not `Notas`, which an import reads as the notes).
 */
import type { CustomFieldDefinition } from '../../api/schemas';
import type { Locale } from '../i18n';
import { headerKey } from '../import/text-key';

const CUSTOM_FIELD_PREFIX = 'custom_fields.';

/** Portuguese headers of the catalogue's columns; the utm_* columns keep their names. */
export const PORTUGUESE_HEADERS: Readonly<Record<string, string>> = {
  id: 'ID',
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  company: 'Empresa',
  value: 'Valor',
  source: 'Origem',
  status: 'Situação',
  tags: 'Etiquetas',
  notes: 'Observações',
  birthday: 'Aniversário',
  pipeline_id: 'ID do funil',
  pipeline: 'Funil',
  stage_id: 'ID da etapa',
  stage: 'Etapa',
  assigned_to: 'ID do responsável',
  owner_name: 'Responsável',
  owner_email: 'E-mail do responsável',
  created_at: 'Criado em',
  updated_at: 'Atualizado em',
  score: 'Pontuação',
  score_updated_at: 'Pontuação atualizada em',
  products: 'Produtos',
  products_total: 'Total dos produtos',
  products_summary: 'Resumo dos produtos',
  contacts: 'Contatos',
  primary_contact: 'Contato principal',
  notes_count: 'Qtd. de notas',
  last_note: 'Última nota',
  sales_total: 'Total de vendas',
  last_sale_at: 'Última venda em',
  lost_sales: 'Vendas perdidas',
  tasks_open: 'Tarefas abertas',
  next_task: 'Próxima tarefa',
  active_sequence: 'Sequência ativa',
  sequences: 'Sequências',
};

const COLUMN_BY_PORTUGUESE = new Map(
  Object.entries(PORTUGUESE_HEADERS).map(([column, header]) => [headerKey(header), column]),
);

const PORTUGUESE_BY_COLUMN = new Map(Object.entries(PORTUGUESE_HEADERS));

function portugueseOf(column: string): string | undefined {
  return PORTUGUESE_BY_COLUMN.get(column);
}

/** The catalogue column a Portuguese header names (`Criado em` → `created_at`), or undefined. */
export function columnOfPortugueseHeader(text: string): string | undefined {
  return COLUMN_BY_PORTUGUESE.get(headerKey(text));
}

/**
 * A sheet's header as a picker names it to a person of `language`: a raw catalogue column (an
 * English export's `created_at`, a sheet pasted from the API) reads `Criado em (created_at)` in
 * Portuguese, the cell's own text kept so the person finds the column; any other header (a
 * Portuguese export's `Criado em`, the person's own) as it is.
 */
export function headerWords(header: string, language: Locale): string {
  if (language !== 'pt') return header;
  const portuguese = portugueseOf(header.trim());
  if (portuguese === undefined || headerKey(portuguese) === headerKey(header)) return header;
  return `${portuguese} (${header.trim()})`;
}

/** The header an export writes for `column` in `language`. */
export function columnHeader(
  column: string,
  language: Locale,
  customFields: readonly CustomFieldDefinition[] = [],
): string {
  if (language !== 'pt') return column;
  const own = portugueseOf(column);
  if (own !== undefined) return own;
  if (column.startsWith(CUSTOM_FIELD_PREFIX)) {
    const name = column.slice(CUSTOM_FIELD_PREFIX.length);
    const label = customFields.find((field) => field.name === name)?.label?.trim();
    if (label) return label;
  }
  return column;
}

/**
 * Whether a header cell names `column`: its API name, its Portuguese header, or `written` (the
 * header the export wrote for it, e.g. a custom field's label).
 */
export function headerNamesColumn(cell: unknown, column: string, written?: string): boolean {
  const key = headerKey(String(cell ?? '').trim());
  if (key === '') return false;
  if (key === headerKey(column)) return true;
  const portuguese = portugueseOf(column);
  if (portuguese !== undefined && key === headerKey(portuguese)) return true;
  return written !== undefined && key === headerKey(written);
}

/**
 * The number format of a money column in a spreadsheet of `localeTag` (Sheets' own pattern
 * syntax; the separators follow the spreadsheet's locale): its currency where the locale says
 * which, else two decimals.
 */
export function moneyFormat(localeTag: string): string {
  const tag = localeTag.trim().replace('-', '_');
  if (/^pt(_BR)?$/i.test(tag)) return '[$R$ ]#,##0.00';
  if (/^en(_US)?$/i.test(tag)) return '[$$]#,##0.00';
  return '#,##0.00';
}

/** Columns that hold an amount of money: the lead's value, sums of sales and products. */
const MONEY_COLUMNS = new Set(['value', 'products_total', 'sales_total']);

/** Whether `column` holds money (a catalogue amount or a custom field of type `currency`). */
export function isMoneyColumn(
  column: string,
  customFields: readonly CustomFieldDefinition[] = [],
): boolean {
  if (MONEY_COLUMNS.has(column)) return true;
  if (!column.startsWith(CUSTOM_FIELD_PREFIX)) return false;
  const name = column.slice(CUSTOM_FIELD_PREFIX.length);
  return customFields.find((field) => field.name === name)?.field_type === 'currency';
}
