import { describe, expect, it } from 'vitest';
import type { ChatappTemplate } from '../../../../src/api/schemas';
import {
  expectedVariableKeys,
  headerFormatOf,
  isMediaFormat,
  renderBody,
} from '../../../../src/core/send/template';

type Parts = Pick<ChatappTemplate, 'components' | 'variables'>;
const body = (text: string) => ({ type: 'BODY' as const, text });

describe('template variables', () => {
  it.each<[string, Parts, string[], string | null]>([
    [
      'body only',
      { components: [body('Olá {{1}}, seja bem-vindo(a) à {{2}}!')], variables: [] },
      ['1', '2'],
      null,
    ],
    [
      'text header with a variable',
      {
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
          body('Olá {{1}}, {{2}} vence em {{3}}.'),
        ],
        variables: [],
      },
      ['header_1', '1', '2', '3'],
      'TEXT',
    ],
    [
      'fixed text header (no format)',
      {
        components: [{ type: 'HEADER', text: 'Atendimento encerrado' }, body('Obrigado!')],
        variables: [],
      },
      [],
      'TEXT',
    ],
    [
      'document header',
      { components: [{ type: 'HEADER', format: 'DOCUMENT' }, body('Olá {{1}}')], variables: [] },
      ['1'],
      'DOCUMENT',
    ],
    [
      'repeated and spaced placeholders',
      { components: [body('{{ 2 }} e {{1}} e {{2}}')], variables: [] },
      ['1', '2'],
      null,
    ],
    [
      'no components: the variables list',
      { components: [], variables: ['1', 'header_1'] },
      ['1', 'header_1'],
      null,
    ],
  ])('%s', (_name, template, keys, format) => {
    expect(expectedVariableKeys(template)).toEqual(keys);
    expect(headerFormatOf(template)).toBe(format);
  });

  it.each([
    ['DOCUMENT', true],
    ['IMAGE', true],
    ['VIDEO', true],
    ['TEXT', false],
    [null, false],
  ])('isMediaFormat(%s) is %s', (format, media) => {
    expect(isMediaFormat(format)).toBe(media);
  });

  it('renders the body with values, leaving unknown placeholders', () => {
    expect(renderBody({ components: [body('Olá {{1}}, {{2}}!')] }, { '1': 'Ana' })).toBe(
      'Olá Ana, {{2}}!',
    );
  });
});
