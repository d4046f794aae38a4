/**
 * A formula as the spreadsheet's locale makes a person type it (issue 18.6): where numbers are
 * written 1,5 (pt-BR, de-DE…) Sheets separates arguments with `;`, and a Portuguese spreadsheet
 * writes TRUE / FALSE as VERDADEIRO / FALSO. Text in double quotes is never touched.
 */
export interface FormulaSyntax {
  separator: ',' | ';';
  trueWord: string;
  falseWord: string;
}

export function formulaSyntaxOf(formatLocale: string): FormulaSyntax {
  let decimalComma = false;
  try {
    decimalComma = new Intl.NumberFormat(formatLocale).format(1.5).includes(',');
  } catch {
    decimalComma = false;
  }
  const portuguese = /^pt\b/i.test(formatLocale);
  return {
    separator: decimalComma ? ';' : ',',
    trueWord: portuguese ? 'VERDADEIRO' : 'TRUE',
    falseWord: portuguese ? 'FALSO' : 'FALSE',
  };
}

/** `=CRM_LEADS("a,b", "id,name", 10)` → `=CRM_LEADS("a,b"; "id,name"; 10)` for pt-BR. */
export function localFormula(formula: string, syntax: FormulaSyntax): string {
  // Quoted parts (with "" inside) kept as they are; the rest rewritten.
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/,/g, syntax.separator)
            .replace(/\bTRUE\b/g, syntax.trueWord)
            .replace(/\bFALSE\b/g, syntax.falseWord),
    )
    .join('');
}
