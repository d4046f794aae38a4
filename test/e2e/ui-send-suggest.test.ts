import { describe, expect, it } from 'vitest';
import { SEND_HEADERS } from '../../scripts/playground/demo-workbook';
import { type SuggestTemplate, suggestColumns } from '../../src/ui/send/suggest';

/** The send sidebar's suggestion of a column per template variable: pure, predictable rules. */

function template(
  body: string,
  headerText = '',
  examples?: Record<string, string>,
): SuggestTemplate {
  const keys = (text: string, header: boolean) =>
    [...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) =>
      header ? 'header_1' : String(Number(m[1])),
    );
  return {
    headerText,
    body,
    variables: [...new Set([...keys(headerText, true), ...keys(body, false)])],
    ...(examples ? { examples } : {}),
  };
}

describe('suggestColumns', () => {
  it('fills the demo payment reminder from the Envios sheet’s headers', () => {
    const reminder = template('Olá {{1}}, o pagamento de {{2}} vence em {{3}}.', 'Pedido {{1}}');
    expect(suggestColumns(reminder, SEND_HEADERS)).toEqual({
      header_1: 'Pedido',
      '1': 'Nome',
      '2': 'Valor',
      '3': 'Vencimento',
    });
  });

  it('a greeting names the person: Olá / Oi / Hello {{1}} → the name column', () => {
    for (const body of ['Olá {{1}}!', 'Oi {{1}}, tudo bem?', 'Hello {{1}}', 'Prezada {{1}},']) {
      expect(suggestColumns(template(body), ['Telefone', 'Nome completo']), body).toEqual({
        '1': 'Nome completo',
      });
    }
    expect(suggestColumns(template('Olá {{1}}'), ['Cliente'])).toEqual({ '1': 'Cliente' });
  });

  it('the word just before the variable wins over one after it, and nearer over farther', () => {
    // "pagamento de {{2}}" (before) beats "vence" (after).
    expect(
      suggestColumns(template('o pagamento de {{2}} vence amanhã'), ['Vencimento', 'Valor']),
    ).toEqual({
      '2': 'Valor',
    });
    // With nothing before, the words after speak: "{{1}} de desconto".
    expect(suggestColumns(template('Aproveite: {{1}} de desconto'), ['Nome', 'Desconto'])).toEqual({
      '1': 'Desconto',
    });
  });

  it('a header equal to the variable’s example text comes first', () => {
    const withExample = template('Seu código é {{1}}.', '', { '1': 'Código de rastreio' });
    expect(suggestColumns(withExample, ['Nome', 'Código de rastreio'])).toEqual({
      '1': 'Código de rastreio',
    });
    const header = template('Confira', 'Pedido {{1}}', { header_1: 'Protocolo' });
    expect(suggestColumns(header, ['Pedido', 'Protocolo'])).toEqual({ header_1: 'Protocolo' });
  });

  it('never suggests a status column of the add-on', () => {
    const statusOnly = [
      'CRM Lead ID',
      'CRM Import Status',
      'CRM Import Detail',
      'CRM Send Detail',
      'CRM Sync Status',
    ];
    expect(
      suggestColumns(template('Olá {{1}}, seu lead {{2}} status {{3}} detalhe {{4}}'), statusOnly),
    ).toEqual({});
  });

  it('gives a column to one variable only; the closer match keeps it', () => {
    // Both variables sit next to a name word; {{1}} is read first and at the same distance.
    expect(suggestColumns(template('Olá {{1}}, o cliente {{2}}'), ['Nome'])).toEqual({
      '1': 'Nome',
    });
    // "Pedido {{2}}" is nearer than "pedido … {{1}}".
    expect(suggestColumns(template('pedido de {{1}} e pedido {{2}}'), ['Pedido'])).toEqual({
      '2': 'Pedido',
    });
  });

  it('does not read across a sentence end or another variable, nor past three words', () => {
    expect(suggestColumns(template('Valor. {{1}}'), ['Valor'])).toEqual({});
    expect(suggestColumns(template('Pedido {{1}} {{2}}'), ['Pedido'])).toEqual({ '1': 'Pedido' });
    expect(suggestColumns(template('pedido um dois três {{1}}'), ['Pedido'])).toEqual({});
  });

  it('leaves a variable without a good match unset, and is blind to case, accents and plurals', () => {
    expect(suggestColumns(template('Seja bem-vindo(a) à {{1}}!'), ['Nome', 'Valor'])).toEqual({});
    expect(suggestColumns(template('seus PEDIDOS {{1}}'), ['pedido'])).toEqual({ '1': 'pedido' });
    expect(suggestColumns(template('Preço {{1}}'), ['preco final'])).toEqual({
      '1': 'preco final',
    });
  });
});
