/** A1 notation: 'A1', 'B2:D9', 'A:C', '2:5', 'A2:C' (open end), "'My sheet'!A1:B2". */
export interface A1Reference {
  sheetName?: string;
  startRow?: number;
  startColumn?: number;
  endRow?: number;
  endColumn?: number;
}

export function columnToLetters(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export function lettersToColumn(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

const CELL = /^\$?([A-Za-z]{0,3})\$?(\d*)$/;

function parseCell(text: string): { row?: number; column?: number } | undefined {
  const m = CELL.exec(text);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const row = m[2] ? Number(m[2]) : undefined;
  if (row === 0) return undefined;
  return { row, column: m[1] ? lettersToColumn(m[1]) : undefined };
}

export function parseA1(notation: string): A1Reference | undefined {
  let rest = notation.trim();
  let sheetName: string | undefined;
  const bang = rest.lastIndexOf('!');
  if (bang >= 0) {
    sheetName = rest.slice(0, bang);
    if (sheetName.startsWith("'") && sheetName.endsWith("'")) {
      sheetName = sheetName.slice(1, -1).replace(/''/g, "'");
    }
    rest = rest.slice(bang + 1);
  }
  const [first = '', second, extra] = rest.split(':');
  if (extra !== undefined) return undefined;
  const start = parseCell(first);
  const end = second === undefined ? start : parseCell(second);
  if (!start || !end) return undefined;
  // 'A:C' needs letters on both sides, '2:5' digits on both sides.
  if ((start.row === undefined) !== (end.row === undefined) && second !== undefined) {
    if (start.row === undefined) return undefined;
  }
  if ((start.column === undefined) !== (end.column === undefined)) return undefined;
  return {
    sheetName,
    startRow: start.row,
    startColumn: start.column,
    endRow: end.row,
    endColumn: end.column,
  };
}

export function toA1(row: number, column: number, numRows: number, numColumns: number): string {
  const start = `${columnToLetters(column)}${row}`;
  if (numRows === 1 && numColumns === 1) return start;
  return `${start}:${columnToLetters(column + numColumns - 1)}${row + numRows - 1}`;
}
