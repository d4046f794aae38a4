import { describe, expect, it } from 'vitest';
import type { ChatappTemplate } from '../../../../src/api/schemas';
import { variableExamples } from '../../../../src/core/send/examples';

/** The provider's example values, read when a template carries them (undocumented by the CRM). */

const withComponents = (components: unknown[]) =>
  ({ components }) as unknown as Pick<ChatappTemplate, 'components'>;

describe('variableExamples', () => {
  it('reads WhatsApp’s example.header_text and example.body_text by variable key', () => {
    const template = withComponents([
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}', example: { header_text: ['12345'] } },
      {
        type: 'BODY',
        text: 'Olá {{1}}, o pagamento de {{2}} vence em {{3}}.',
        example: { body_text: [['Maria', ' R$ 100 ', '']] },
      },
    ]);
    expect(variableExamples(template)).toEqual({ header_1: '12345', '1': 'Maria', '2': 'R$ 100' });
  });

  it('is empty without examples or with examples in another shape', () => {
    expect(variableExamples(withComponents([{ type: 'BODY', text: 'Olá {{1}}' }]))).toEqual({});
    expect(
      variableExamples(
        withComponents([
          { type: 'BODY', text: 'Olá {{1}}', example: { body_text: ['Maria'] } },
          { type: 'HEADER', format: 'TEXT', text: 'P {{1}}', example: 'x' },
          { type: 'BODY', text: 'Olá {{1}}', example: { body_text: [[42, null]] } },
        ]),
      ),
    ).toEqual({});
  });
});
