import { describe, expect, it } from 'vitest';
import { exportStatuses } from '../../src/core/export/job/job';
import { STATUS_GROUPS, STATUS_TONES, statusMeaning } from '../../src/ui/shared/status-tones';
import { EN_WORDS, PT_WORDS } from './ui-words';

/**
 * Issue 29.7: a nightly export sync said "28 UNCHANGED igual à última importação: não enviada",
 * the import's words; Help did not explain WRITTEN nor "Marcar como GONE". An export's counts
 * carry the export's words, and Help explains every status an export writes.
 */
describe('what an export’s statuses mean', () => {
  it('an export’s UNCHANGED speaks of the last sync, not of an import', () => {
    const pt = statusMeaning(PT_WORDS.t, 'UNCHANGED', 'export');
    expect(pt).toBe('o lead não mudou desde a última sincronização: a linha fica como está');
    expect(pt).not.toMatch(/importa|enviada/);
    expect(statusMeaning(EN_WORDS.t, 'UNCHANGED', 'export')).not.toMatch(/import|sent/);
    // An import's UNCHANGED keeps its own words.
    expect(statusMeaning(PT_WORDS.t, 'UNCHANGED', 'import')).toBe(
      'igual à última importação: não enviada',
    );
  });

  it('every status an export counts has export words and a colour, in both languages', () => {
    const counted = new Set([
      ...exportStatuses('replace'),
      ...exportStatuses('sync', 'mark'),
      ...exportStatuses('sync', 'delete'),
    ]);
    for (const words of [EN_WORDS, PT_WORDS]) {
      for (const status of counted) {
        const own = `ui.status.export.${status}`;
        expect(words.t(own as never), `${words.lang} ${status}`).not.toBe(own);
        expect(STATUS_TONES[status], status).toBeDefined();
      }
    }
    // Help lists them all in its export group.
    expect([...counted].every((status) => STATUS_GROUPS.export.includes(status))).toBe(true);
  });

  it('Help says what WRITTEN and “Marcar como GONE” do', () => {
    expect(statusMeaning(PT_WORDS.t, 'WRITTEN', 'export')).toMatch(/Substituir/);
    expect(statusMeaning(PT_WORDS.t, 'GONE', 'export')).toContain(
      PT_WORDS.t('ui.export.staleMark'),
    );
    expect(statusMeaning(EN_WORDS.t, 'GONE', 'export')).toContain(
      EN_WORDS.t('ui.export.staleMark'),
    );
  });
});

describe('the API’s words stay out of sentences', () => {
  it('no message says exited_manual: a person reads “saída manual” / “a manual exit”', async () => {
    const { EN } = await import('../../src/core/i18n/catalog/en');
    const { PT } = await import('../../src/core/i18n/catalog/pt');
    for (const catalog of [EN, PT]) {
      const api = Object.entries(catalog).filter(([, text]) => text.includes('exited_manual'));
      expect(api.map(([key]) => key)).toEqual([]);
    }
    expect(PT['ui.actions.hint.unenroll']).toBe(
      'O lead sai da sequência (saída manual): isso não se desfaz.',
    );
  });
});
