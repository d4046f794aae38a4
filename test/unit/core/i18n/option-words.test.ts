import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from '../../../../src/api/base-url';
import { checkApiKey } from '../../../../src/api/secrets';
import { parseLeadActionsOptions } from '../../../../src/core/actions/options';
import { rowKeying } from '../../../../src/core/actions/rows';
import { parseExportRequest } from '../../../../src/core/export/job/request';
import { translator } from '../../../../src/core/i18n';
import { mapHeaders } from '../../../../src/core/import/headers';
import { parseImportRequest } from '../../../../src/core/import/job/options';
import { personMessage } from '../../../../src/core/person-message';
import { parseReportOptions } from '../../../../src/core/reports/options';

/**
 * Issue 18.2: options that do not fit reach a Portuguese person (a sidebar, a schedule's last
 * result) in Portuguese, by the error's code; the thrown message stays English for scripts.
 */
const pt = translator('pt');

function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('option errors in the person’s words', () => {
  it.each([
    [
      'export mode',
      () => parseExportRequest({ sheet: 'Leads', mode: 'merge' }),
      /Escolha como exportar/,
    ],
    [
      'export staleRows',
      () => parseExportRequest({ sheet: 'Leads', mode: 'replace', staleRows: 'mark' }),
      /só existem na sincronização/,
    ],
    ['import dryRun', () => parseImportRequest({ sheet: 'Leads', dryRun: 'sim' }), /um teste/],
    ['import mode', () => parseImportRequest({ sheet: 'Leads', mode: 'merge' }), /só criar novos/],
    ['report pipeline', () => parseReportOptions({ pipeline: {} }), /Escolha o funil/],
    [
      'lead actions headerRow',
      () => parseLeadActionsOptions({ sheet: 'Leads', action: 'stage', headerRow: 0 }),
      /linha de títulos/,
    ],
    ['plain http address', () => normalizeBaseUrl('http://crm.example.com/api/v1'), /https:\/\//],
    ['address without /api/v1', () => normalizeBaseUrl('https://crm.example.com'), /terminar em/],
    ['not a key', () => checkApiKey('abc'), /não é uma chave de API/],
  ])('%s', (_name, call, words) => {
    const error = thrown(call);
    expect((error as Error).message).toMatch(/[a-z]+ /); // the English message is kept
    const shown = personMessage(error, pt);
    expect(shown).toMatch(words);
    expect(shown).not.toMatch(/Algo deu errado/);
  });

  it('a mapping naming a missing header: English message, Portuguese words', () => {
    const error = thrown(() =>
      mapHeaders(['Nome', 'E-mail'], { customFields: [], mapping: { Celular: 'phone' }, t: pt }),
    );
    expect((error as Error).message).toMatch(/mapping names the header "Celular"/);
    expect(personMessage(error, pt)).toMatch(
      /^As colunas não podem ser importadas assim: o mapeamento cita a coluna "Celular", que não está na linha de títulos; títulos: Nome, E-mail\./,
    );
  });

  it('a lead-action run without key columns says so in the job’s language', () => {
    const missing = rowKeying(['Obs'], { defaultCountry: 'BR' }, pt);
    expect(missing).toMatch(/^A planilha não tem coluna de id do lead/);
    expect(rowKeying(['Obs'], { leadIdColumn: 'Id', defaultCountry: 'BR' }, pt)).toBe(
      'Nenhuma coluna tem o título “Id”, a coluna dos ids dos leads.',
    );
  });
});

describe('a deprecation notice', () => {
  it('is said in the person’s language', async () => {
    const { noticeMessage } = await import('../../../../src/core/deprecation-notice');
    const info = {
      method: 'GET',
      endpoint: '/leads',
      headers: { deprecation: 'true', sunset: '2027-01-31', link: 'https://crm.example.com/d' },
    };
    expect(noticeMessage(info as never, pt)).toBe(
      'O CRM marcou GET /leads como obsoleto; deixa de funcionar em 2027-01-31. Atualize o CRM Sheets quando houver uma versão nova. Mais: https://crm.example.com/d',
    );
  });
});
