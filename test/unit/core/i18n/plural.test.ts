import { describe, expect, it } from 'vitest';
import { format, translator } from '../../../../src/core/i18n';
import { EN } from '../../../../src/core/i18n/catalog/en';
import { PT } from '../../../../src/core/i18n/catalog/pt';
import { retranslate } from '../../../../src/core/i18n/retranslate';

/** Issue 18.9: plurals ("1 linha seriam enviadas", "1 row(s)") said as a person says them. */
describe('plurals', () => {
  it('{n:one|other} picks the singular for 1 only', () => {
    const template = '{n} {n:linha|linhas}';
    expect(format(template, { n: 1 })).toBe('1 linha');
    expect(format(template, { n: 0 })).toBe('0 linhas');
    expect(format(template, { n: 2 })).toBe('2 linhas');
    expect(format(template, {})).toBe('{n} {n:linha|linhas}');
  });

  it('the progress of a one-row job says "1 / 1 linha" (it said "1 / 1 linhas")', () => {
    expect(translator('pt')('ui.progress.doneOfTotal', { done: 1, total: 1 })).toBe('1 / 1 linha');
    expect(translator('en')('ui.progress.doneOfTotal', { done: 0, total: 1 })).toBe('0 / 1 row');
    expect(translator('en')('ui.progress.doneOfTotal', { done: 2, total: 3 })).toBe('2 / 3 rows');
  });

  it('no message writes a plural as "(s)"', () => {
    const hacks = [...Object.entries(EN), ...Object.entries(PT)]
      // `http(s)` names a URL scheme, not a plural.
      .filter(([, text]) => /\w\(s\)/.test(text.replace(/https?\(s\)/g, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(hacks).toEqual([]);
  });

  it('a plural message read in the other language keeps its count', () => {
    const en = translator('en')('jobs.storeMadeRoom', { count: 1 });
    expect(en).toBe('To make room, 1 old finished job was removed from the list.');
    expect(retranslate(en, 'pt')).toBe(
      'Para liberar espaço, 1 tarefa antiga já concluída saiu da lista.',
    );
  });
});
