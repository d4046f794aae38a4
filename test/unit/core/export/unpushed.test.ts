import { describe, expect, it } from 'vitest';
import { unpushedCells } from '../../../../src/core/export/unpushed';
import type { MemoryTable } from '../../../../src/core/push/memory';

const memory: MemoryTable = {
  columns: ['id', 'name', 'value'],
  headers: ['ID', 'Nome', 'Valor'],
  rows: new Map([
    [1, { name: 'Ana', value: '@n10' }],
    [2, { name: 'Bia', value: '@n20' }],
  ]),
};

describe('unpushedCells', () => {
  it('counts the cells that differ from what the export remembers, by lead id not position', () => {
    const header = ['Nome', 'ID', 'Valor', 'Nota'];
    const rows = [
      ['Bia', '2', 21, 'x'],
      ["'Ana", 1, 10, ''],
      ['Outro', 3, 5, ''],
    ];
    expect(unpushedCells({ header, rows }, memory)).toBe(1);
    rows[1] = ['Ana Editada', 1, '', ''];
    expect(unpushedCells({ header, rows }, memory)).toBe(3);
  });

  it('counts nothing without an id column or for a deleted column', () => {
    expect(unpushedCells({ header: ['Nome'], rows: [['Zé']] }, memory)).toBe(0);
    expect(
      unpushedCells(
        {
          header: ['ID', 'Nome'],
          rows: [
            [1, 'Ana'],
            [2, 'Bia'],
          ],
        },
        memory,
      ),
    ).toBe(0);
  });
});
