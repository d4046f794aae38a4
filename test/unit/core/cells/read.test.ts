/**
 * One cell reader for every job (PRODUCT.md "Every job reads cells alike"): the import, the
 * template send and the lead actions refuse the same cells, each naming the cell, through
 * core/cells/read.ts; the import and the send say it as they did before the reader was shared.
 */
import { describe, expect, it } from 'vitest';
import { decideRow } from '../../../../src/core/actions/decide';
import { cellFault, fillPlaceholders, placeholderNames } from '../../../../src/core/cells/read';
import { translator } from '../../../../src/core/i18n';
import { mapHeaders } from '../../../../src/core/import/headers';
import { buildLeadPayload } from '../../../../src/core/import/row';
import { variableProblem } from '../../../../src/core/send/rules';
import { context, customFields } from '../import/fixtures';

const t = translator('en');

const SHOWN = [
  ['#N/A', 'error'],
  ['#REF!', 'error'],
  [' #NAME? ', 'error'],
  ['#DIV/0!', 'error'],
  ['Loading...', 'loading'],
  ['Loading…', 'loading'],
  ['Carregando...', 'loading'],
] as const;

describe('the shared cell reader', () => {
  it.each(SHOWN)(
    '%j is no value (%s) for the import, the send and the lead actions',
    (shown, fault) => {
      const text = shown.trim();
      expect(cellFault(shown)).toBe(fault);

      const headers = ['Nome', 'E-mail'];
      const imported = buildLeadPayload(
        [shown, 'ana@exemplo.com.br'],
        mapHeaders(headers, { customFields }),
        context(),
      );
      expect(imported.ok).toBe(false);
      const key = fault === 'loading' ? 'import.loadingCell' : 'import.errorCell';
      if (!imported.ok) expect(imported.reason).toContain(t(key, { cell: 'A', value: text }));

      expect(variableProblem(shown, t)).toBe(
        `shows ${text}, not a value (fix its formula or type the value)`,
      );

      const decided = decideRow(
        {
          action: 'addTags',
          params: { tags: { column: 'Tag' } },
          ref: { pipelines: [], lostReasons: [], sequences: [] },
          t,
        },
        { k: '#1', i: 1, b: { p: 1, s: 1, tags: [] }, c: { tags: shown } },
      );
      expect(decided.kind).toBe('fail');
      if (decided.kind === 'fail') {
        expect(decided.status).toBe('SKIPPED');
        expect(decided.words).toContain('“Tag”');
        expect(decided.words).toContain(text);
      }
    },
  );

  it('a value is a value, whatever it says', () => {
    for (const value of ['Ana', '#1 da fila', 'N/A', 'Loading', 42, null, undefined, ''])
      expect(cellFault(value)).toBeUndefined();
  });

  it('reads {{Header}} placeholders once each and fills them', () => {
    expect(placeholderNames('Olá {{ Nome }}, {{Cupom}} e {{Nome}}')).toEqual(['Nome', 'Cupom']);
    expect(fillPlaceholders('Olá {{ Nome }}!', (name) => `<${name}>`)).toBe('Olá <Nome>!');
  });
});
