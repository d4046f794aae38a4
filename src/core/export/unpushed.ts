/**
 * Cells of an export sheet a person changed and has not pushed (issue #28): a replace export
 * would overwrite them with no word, so it refuses while any exist. Counted as the sync keeps
 * them (job.ts personsChange): a cell whose canonical text differs from what the export (or the
 * last push) remembers for its lead (core/push/memory.ts).
 */
import { canonCell, type MemoryTable } from '../push/memory';
import { syncLayout } from './sync';

export function unpushedCells(
  table: { header: readonly unknown[]; rows: readonly (readonly unknown[])[] },
  memory: MemoryTable,
): number {
  const { width, columnIndex } = syncLayout(table.header, memory.columns, memory.headers);
  const idAt = columnIndex.get('id');
  if (idAt === undefined || idAt >= width) return 0;
  let count = 0;
  for (const row of table.rows) {
    const id = row[idAt];
    const remembered = memory.rows.get(Number(typeof id === 'string' ? id.trim() : id));
    if (!remembered) continue;
    for (const [column, before] of Object.entries(remembered)) {
      const at = columnIndex.get(column);
      // A column the person deleted is no edit of a cell: the sync writes it back.
      if (at === undefined || at >= width) continue;
      if (canonCell(row[at]) !== before) count++;
    }
  }
  return count;
}
