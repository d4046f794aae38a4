import { describe, expect, it } from 'vitest';
import { formulaSyntaxOf, localFormula } from '../../../../src/ui/help/formula-syntax';

/** Issue 18.6: Help writes formulas as the spreadsheet's locale makes a person type them. */
describe('Help formulas in the spreadsheet locale', () => {
  it('pt-BR: ; between arguments and VERDADEIRO, text in quotes untouched', () => {
    const pt = formulaSyntaxOf('pt-BR');
    expect(localFormula('=CRM_LEADS("pipeline=Vendas&tags=vip,quente", "id,name", 100)', pt)).toBe(
      '=CRM_LEADS("pipeline=Vendas&tags=vip,quente"; "id,name"; 100)',
    );
    expect(localFormula('=CRM_CUSTOM_FIELDS(TRUE)', pt)).toBe('=CRM_CUSTOM_FIELDS(VERDADEIRO)');
    expect(localFormula('=CRM_X("say ""TRUE, FALSE""", FALSE)', pt)).toBe(
      '=CRM_X("say ""TRUE, FALSE"""; FALSO)',
    );
  });

  it('en-US keeps commas and TRUE; de-DE takes ; with its own TRUE', () => {
    const formula = '=CRM_TEMPLATES("APPROVED", 2, "pt_BR")';
    expect(localFormula(formula, formulaSyntaxOf('en-US'))).toBe(formula);
    expect(localFormula('=CRM_SEQUENCES(TRUE)', formulaSyntaxOf('de-DE'))).toBe(
      '=CRM_SEQUENCES(TRUE)',
    );
    expect(localFormula(formula, formulaSyntaxOf('de-DE'))).toBe(
      '=CRM_TEMPLATES("APPROVED"; 2; "pt_BR")',
    );
  });
});
