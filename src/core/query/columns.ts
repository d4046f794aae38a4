import { columnOfPortugueseHeader } from '../export/headers';
import { leadFieldForKey } from '../import/lead-fields';
import { headerKey } from '../import/text-key';

/**
 * CRM_LEADS / CRM_LEAD columns as a Brazilian types them (issue 18.6): the same Portuguese
 * names an import header accepts (`nome`, `telefone`, `etapa`, `funil`, `responsável`…, blind
 * to case, accents and spaces), plus Portuguese names of the export-only columns. Each becomes
 * the column's contract name; the header row shows the column's name in the spreadsheet's
 * language (core/export/headers.ts), as export sheets do.
 */

/** Export columns an import header cannot fill, by their Portuguese names. */
const PORTUGUESE_ONLY: Readonly<Record<string, string>> = {
  criadoem: 'created_at',
  datadecriacao: 'created_at',
  criacao: 'created_at',
  atualizadoem: 'updated_at',
  datadeatualizacao: 'updated_at',
  situacao: 'status',
  pontuacao: 'score',
  iddofunil: 'pipeline_id',
  iddaetapa: 'stage_id',
  emaildoresponsavel: 'owner_email',
  produtos: 'products',
  contatos: 'contacts',
  contatoprincipal: 'primary_contact',
  ultimanota: 'last_note',
  totaldevendas: 'sales_total',
  tarefasabertas: 'tasks_open',
  proximatarefa: 'next_task',
  sequencias: 'sequences',
  sequenciaativa: 'active_sequence',
};

/** An import field whose export column has another name. */
const EXPORT_COLUMN_OF_FIELD: Readonly<Record<string, string>> = { owner: 'owner_name' };

/** The contract name for a column typed in Portuguese, or the name as typed. */
export function contractColumnName(name: string, known: readonly string[]): string {
  const lower = name.toLowerCase();
  if (known.some((column) => column.toLowerCase() === lower)) return name;
  // custom_fields.<name or label> keeps its own matching.
  if (lower.startsWith('custom_fields.')) return name;
  const key = headerKey(name);
  const only = Object.prototype.propertyIsEnumerable.call(PORTUGUESE_ONLY, key)
    ? PORTUGUESE_ONLY[key]
    : undefined;
  if (only !== undefined) return only;
  // The headers a Portuguese export writes (`Criado em`, `Qtd. de notas`) name their columns too.
  const written = columnOfPortugueseHeader(name);
  if (written !== undefined && known.includes(written)) return written;
  const field = leadFieldForKey(key);
  if (field === undefined) return name;
  const column = EXPORT_COLUMN_OF_FIELD[field] ?? field;
  return known.includes(column) ? column : name;
}

/**
 * `columns` as a formula passes it (a comma list, or a range of cells that may hold comma lists)
 * with Portuguese names (and the headers a Portuguese export writes) turned into contract names. Anything that is not names is returned as
 * it came, for the column parser to refuse in words.
 */
export function contractColumns(columns: unknown, known: readonly string[]): unknown {
  if (columns === null || columns === undefined) return columns;
  const cells: unknown[] = Array.isArray(columns) ? columns.flat(2) : [columns];
  if (
    !cells.every((cell) => cell == null || typeof cell === 'string' || typeof cell === 'number')
  ) {
    return columns;
  }
  return cells
    .filter((cell) => cell != null)
    .flatMap((cell) => String(cell).split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => contractColumnName(part, known));
}
