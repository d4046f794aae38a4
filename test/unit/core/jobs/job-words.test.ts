import { describe, expect, it } from 'vitest';
import { AuthError, ForbiddenError } from '../../../../src/api/errors';
import type { ChatappTemplate } from '../../../../src/api/schemas';
import { translator } from '../../../../src/core/i18n';
import { retranslate } from '../../../../src/core/i18n/retranslate';
import { JobYield } from '../../../../src/core/jobs/errors';
import { pauseForAccessError, startFailure } from '../../../../src/core/jobs/requests';
import { headersChangedMessage } from '../../../../src/core/jobs/row-job';
import { locateRow } from '../../../../src/core/jobs/row-locator';
import { personMessage } from '../../../../src/core/person-message';
import { placeSources, type SendColumnsError } from '../../../../src/core/send/columns';
import { parseSendRequest } from '../../../../src/core/send/options';
import { findTemplate } from '../../../../src/core/send/setup';

/** Issue 18.2: what the job machinery itself says reaches a Portuguese user in Portuguese. */
const pt = translator('pt');
const crm = (message: string) => ({ status: 403, body: { message } });

describe('job messages of the job machinery', () => {
  it('a job paused for its key or permissions says the fix in the job’s language', () => {
    const key = pauseForAccessError(
      new AuthError('API Key inválida.', crm('API Key inválida.')),
      pt,
    );
    expect(key?.message).toBe(
      'O CRM recusou a chave de API ("API Key inválida."): crie uma nova chave no CRM em Configurações → Chaves de API, salve-a em CRM → Configurações e retome esta tarefa.',
    );
    const scope = new ForbiddenError('Sem permissão.', {
      ...crm('Sem permissão.'),
      requiredPermission: 'leads:write',
    });
    expect(pauseForAccessError(scope, pt)?.message).toMatch(
      /^A chave de API não tem a permissão "leads:write" \("Sem permissão\."\)/,
    );
    const inactive = new ForbiddenError('Conta inativa.', crm('Conta inativa.'));
    expect(pauseForAccessError(inactive, pt)?.message).toMatch(/^A conta do CRM está suspensa/);
    // Stored in one language, read in another: each reader gets their own.
    const english = pauseForAccessError(inactive)?.message ?? '';
    expect(retranslate(english, 'pt')).toBe(pauseForAccessError(inactive, pt)?.message);
  });

  it('a sheet whose headers no longer fit says so in the job’s language', () => {
    expect(headersChangedMessage('Envios', 'send', 'falta a coluna "Nome"', pt)).toBe(
      'A linha de títulos de “Envios” não serve mais para este envio: falta a coluna "Nome". Corrija os títulos e retome a tarefa.',
    );
    expect(headersChangedMessage('Leads', 'import', 'x')).toMatch(
      /no longer fits this import: x\./,
    );
  });

  it('a start put off by the rate limit is said in words, not as a bug (failed before)', () => {
    const failure = startFailure(new JobYield('no slot', 0), 'start the import');
    expect(personMessage(failure, pt)).toBe(
      'O limite de requisições do CRM está esgotado agora: tente de novo em um minuto.',
    );
    expect((failure as Error).message).toMatch(/^Could not start the import/);
  });

  it('a row that cannot be found again says why in the job’s language', () => {
    expect(locateRow(['a', 'b'], 'c', undefined, pt)).toMatchObject({
      reason: 'missing',
      message:
        'A linha “c” não está mais na planilha (excluída ou com a chave editada); ela foi pulada.',
    });
    expect(locateRow(['a', 'a'], 'a', 0, pt)).toMatchObject({ reason: 'ambiguous' });
  });
});

describe('a send that cannot start says why in the person’s words', () => {
  it('a template no longer approved (failed before: "Algo deu errado…" with the English)', () => {
    const template = { id: 3, name: 'boas_vindas', status: 'PAUSED' } as ChatappTemplate;
    let caught: unknown;
    try {
      findTemplate([template], 3);
    } catch (error) {
      caught = error;
    }
    expect(personMessage(caught, pt)).toBe(
      'O template “boas_vindas” está PAUSED no CRM, e só templates APPROVED podem ser enviados: peça a aprovação ou escolha outro.',
    );
    expect((caught as Error).message).toMatch(/^Template 3 "boas_vindas" is PAUSED/);
  });

  it('send options a script got wrong say the fix in the person’s words', () => {
    const said = (input: unknown) => {
      try {
        parseSendRequest(input);
      } catch (error) {
        return personMessage(error, pt);
      }
      return 'no error';
    };
    const base = { sheet: 'Envios', templateId: 2 };
    expect(said({ ...base, leadIdColumn: 'CRM Lead ID', matchBy: 'email' })).toBe(
      'Escolha a coluna com o id do lead de cada linha, ou encontre os leads por e-mail ou telefone.',
    );
    expect(said({ ...base, templateId: 'x' })).toBe('Escolha um template aprovado.');
    expect(said({ ...base, variables: { '1': '' } })).toMatch(/^Escolha uma coluna ou digite/);
  });

  it('a send whose columns left the sheet says which in the job’s language', () => {
    const options = {
      variables: { '1': { column: 'Cliente' } },
      lead: { by: 'match' as const, matchBy: 'email' as const },
    };
    let problems: string[] = [];
    try {
      placeSources(['Nome'], options, 'Envios', pt);
    } catch (error) {
      problems = (error as SendColumnsError).problems;
    }
    expect(problems).toEqual([
      'a variável "1" ({{1}}) usa a coluna "Cliente", que não está na linha de títulos de "Envios"',
      'os leads são encontrados por e-mail, mas "Envios" não tem coluna de e-mail (E-mail, Email); acrescente uma, ou escolha a coluna de id do lead',
      'os títulos são A "Nome"',
    ]);
  });
});
