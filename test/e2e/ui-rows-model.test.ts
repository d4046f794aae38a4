/**
 * The sidebars' Rows picker (issue 29, item 1): "all rows / visible rows (N) / selected rows
 * (N)", with counts from the server (uiRowCounts, through the real bundle), each choice offered
 * only when it means something.
 */
import { describe, expect, it } from 'vitest';
import { rowsChoices } from '../../src/ui/shared/rows-model';
import { createImportWorld, SHEET } from './import-harness';
import { EN_WORDS, PT_WORDS } from './ui-words';

describe('rowsChoices', () => {
  it('offers visible rows only when some are hidden, and the selection only past one row', () => {
    expect(rowsChoices({ all: 12, visible: 12, selected: 1 }, EN_WORDS.t)).toEqual([
      { value: 'all', label: 'All rows (12)' },
    ]);
    expect(rowsChoices({ all: 12, visible: 9, selected: 3 }, EN_WORDS.t)).toEqual([
      { value: 'all', label: 'All rows (12)' },
      { value: 'visible', label: 'Visible rows (9)' },
      { value: 'selection', label: 'Selected rows (3)' },
    ]);
    expect(
      rowsChoices({ all: 12, visible: 9, selected: 3 }, PT_WORDS.t).map((c) => c.label),
    ).toEqual(['Todas as linhas (12)', 'Linhas visíveis (9)', 'Linhas selecionadas (3)']);
  });
});

describe('uiRowCounts', () => {
  it('counts rows with data, those neither filtered nor hidden, and the selected ones', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => [`P ${i}`, `p${i}@x.example`]);
    rows[4] = ['', ''];
    const w = await createImportWorld({
      sheet: { header: ['Nome', 'E-mail'], rows, expected: [], keys: [] },
    });
    const counts = () => w.runtime.runOrThrow('uiCall', 'uiRowCounts', [SHEET, 1]);
    expect(counts()).toEqual({ all: 9, visible: 9, selected: 0 });
    w.runtime.sheet(SHEET).filterRows([2, 3]);
    w.runtime.sheet(SHEET).hideRows(11, 1);
    // Rows 5 … 7 and 9, of which row 6 is empty.
    w.runtime.workbook.select(SHEET, ['A5:B7', 'B9']);
    expect(counts()).toEqual({ all: 9, visible: 6, selected: 3 });
    const other = w.runtime.workbook.addSheet('Outra');
    w.runtime.workbook.select(other.name, ['A1:A5']);
    expect(counts()).toEqual({ all: 9, visible: 6, selected: 0 });
  });
});
