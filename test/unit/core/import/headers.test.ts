import { describe, expect, it } from 'vitest';
import {
  automaticTargets,
  type HeaderMap,
  HeaderMappingError,
  type MapHeadersOptions,
  mapHeaders,
  targetName,
} from '../../../../src/core/import/headers';
import {
  IMPORT_DETAIL_HEADER,
  IMPORT_IMPORTED_AT_HEADER,
  IMPORT_LEAD_ID_HEADER,
  IMPORT_STATUS_HEADER,
} from '../../../../src/core/import/status-columns';
import { customFields } from './fixtures';

const options: MapHeadersOptions = { customFields };

function targets(map: HeaderMap): Record<string, string> {
  return Object.fromEntries(map.columns.map((c) => [c.header, targetName(c.target)]));
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof HeaderMappingError) return error.problems;
    throw error;
  }
  throw new Error('expected a HeaderMappingError');
}

describe('mapHeaders: automatic matching', () => {
  it.each([
    ['Nome', 'name'],
    ['NAME', 'name'],
    ['Nome completo', 'name'],
    ['E-mail', 'email'],
    ['e_mail', 'email'],
    ['Email', 'email'],
    ['Telefone', 'phone'],
    ['Celular', 'phone'],
    ['WhatsApp', 'phone'],
    ['Fone', 'phone'],
    ['Mobile', 'phone'],
    ['Phone', 'phone'],
    ['Empresa', 'company'],
    ['Company', 'company'],
    ['Valor', 'value'],
    ['Valor (R$)', 'value'],
    ['Deal value', 'value'],
    ['Origem', 'source'],
    ['Source', 'source'],
    ['Etiquetas', 'tags'],
    ['Tags', 'tags'],
    ['Funil', 'pipeline'],
    ['pipeline_id', 'pipeline'],
    ['Etapa', 'stage'],
    ['Stage', 'stage'],
    ['Observações', 'notes'],
    ['observacoes', 'notes'],
    ['Notas', 'notes'],
    ['Notes', 'notes'],
    ['Aniversário', 'birthday'],
    ['Data de nascimento', 'birthday'],
    ['Birthday', 'birthday'],
    ['Responsável', 'owner'],
    ['Owner', 'owner'],
    ['Assigned to', 'owner'],
    ['assigned_to', 'owner'],
    ['owner_name', 'owner'],
    ['utm_source', 'utm_source'],
    ['UTM Medium', 'utm_medium'],
    ['utm-campaign', 'utm_campaign'],
    ['UTM_TERM', 'utm_term'],
    ['utm content', 'utm_content'],
    ['CPF', 'custom_fields.cpf'],
    ['cpf', 'custom_fields.cpf'],
    ['Plano', 'custom_fields.plano'],
    ['Data do contrato', 'custom_fields.data_contrato'],
    ['data_contrato', 'custom_fields.data_contrato'],
    ['custom_fields.renda', 'custom_fields.renda'],
    ['Renda mensal (R$)', 'custom_fields.renda'],
    // Standard synonym beats the custom field labelled "Origem"...
    ['ORIGEM', 'source'],
    // ...which stays reachable through its name.
    ['custom_fields.origem_cf', 'custom_fields.origem_cf'],
    ['origem_cf', 'custom_fields.origem_cf'],
  ])('%j → %s', (header, target) => {
    expect(targets(mapHeaders([header], options))).toEqual({ [header]: target });
  });

  it('reports unknown headers, skips blank ones, and never maps inactive custom fields', () => {
    const map = mapHeaders(['Nome', '', 'Coluna estranha', 'Campo antigo', null, 'id'], options);
    expect(targets(map)).toEqual({ Nome: 'name' });
    expect(map.unknown).toEqual([
      { index: 2, header: 'Coluna estranha' },
      { index: 3, header: 'Campo antigo' },
      { index: 5, header: 'id' },
    ]);
    expect(map.ignored).toEqual([]);
  });

  it('finds status columns by text anywhere, and keeps them out of the mapping', () => {
    const map = mapHeaders(
      [
        IMPORT_LEAD_ID_HEADER,
        'Nome',
        'crm import status',
        'E-mail',
        IMPORT_DETAIL_HEADER,
        IMPORT_IMPORTED_AT_HEADER,
      ],
      options,
    );
    expect(map.statusColumns).toEqual({
      [IMPORT_LEAD_ID_HEADER]: 0,
      [IMPORT_STATUS_HEADER]: 2,
      [IMPORT_DETAIL_HEADER]: 4,
      [IMPORT_IMPORTED_AT_HEADER]: 5,
    });
    expect(targets(map)).toEqual({ Nome: 'name', 'E-mail': 'email' });
    expect(map.unknown).toEqual([]);
  });

  it('never reports the other jobs’ status columns (CRM Send …, CRM Sync Status) as not recognised', () => {
    const map = mapHeaders(
      [
        'Nome',
        'CRM Send Status',
        'crm message id',
        'CRM Send Detail',
        'CRM Sent At',
        'CRM Sync Status',
        'Extra',
      ],
      options,
    );
    expect(targets(map)).toEqual({ Nome: 'name' });
    expect(map.unknown).toEqual([{ index: 6, header: 'Extra' }]);
    expect(map.ignored).toEqual([]);
  });

  it('trims header text and keeps column indexes', () => {
    const map = mapHeaders(['  Nome ', 42, 'Telefone'], options);
    expect(map.headers).toEqual(['Nome', '42', 'Telefone']);
    expect(map.columns.map((c) => c.index)).toEqual([0, 2]);
  });
});

describe('mapHeaders: explicit mapping', () => {
  it('overrides the automatic match, ignores on "" or null, and resolves targets by synonym', () => {
    const map = mapHeaders(['Cliente', 'Contato', 'Origem', 'Obs', 'Empresa'], {
      customFields,
      mapping: {
        Cliente: 'name',
        Contato: 'Telefone',
        Origem: 'custom_fields.origem_cf',
        Obs: null,
        Empresa: '',
      },
    });
    expect(targets(map)).toEqual({
      Cliente: 'name',
      Contato: 'phone',
      Origem: 'custom_fields.origem_cf',
    });
    expect(map.ignored.map((c) => c.header)).toEqual(['Obs', 'Empresa']);
  });

  it('matches mapping keys to headers without regard to case or accents', () => {
    const map = mapHeaders(['Observações internas'], {
      customFields,
      mapping: { 'observacoes internas': 'notes' },
    });
    expect(targets(map)).toEqual({ 'Observações internas': 'notes' });
  });

  it('maps to a custom field by label', () => {
    const map = mapHeaders(['Renda'], { customFields, mapping: { Renda: 'Renda mensal' } });
    expect(targets(map)).toEqual({ Renda: 'custom_fields.renda' });
  });

  it('moves an automatic match aside when an explicit mapping takes its target', () => {
    const map = mapHeaders(['Telefone', 'Celular'], {
      customFields,
      mapping: { Celular: 'phone' },
    });
    expect(targets(map)).toEqual({ Celular: 'phone' });
    expect(map.ignored).toEqual([{ index: 0, header: 'Telefone' }]);
  });

  it.each([
    [
      { Nome: 'nome_fantasia' },
      /mapping for "Nome" names an unknown target "nome_fantasia"; use one of name, email, .*custom_fields\.<name> \(cpf, plano/,
    ],
    [
      { Nome: 'custom_fields.xyz' },
      /custom field "xyz", which does not exist; custom fields: cpf, plano/,
    ],
    [{ Nome: 'custom_fields.antigo' }, /custom field "antigo", which is inactive/],
    [
      { Sobrenome: 'name' },
      /mapping names the header "Sobrenome", which is not in the header row; headers: Nome, E-mail/,
    ],
    [{ [IMPORT_STATUS_HEADER]: 'notes' }, /"CRM Import Status" is a status column/],
  ])('refuses %j with a message that says what to fix', (mapping, message) => {
    const problems = problemsOf(() =>
      mapHeaders(['Nome', 'E-mail', IMPORT_STATUS_HEADER], { customFields, mapping }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });
});

describe('mapHeaders: conflicts', () => {
  it('names both headers when two columns map to one target', () => {
    expect(
      problemsOf(() => mapHeaders(['Nome', 'Telefone', 'E-mail', 'Celular'], options)),
    ).toEqual([
      `columns "Telefone" (column B) and "Celular" (column D) both map to phone; keep one, or map the others to '' in mapping to ignore them`,
    ]);
  });

  it('names every header when an explicit mapping duplicates another one', () => {
    const problems = problemsOf(() =>
      mapHeaders(['A', 'B', 'C'], {
        customFields,
        mapping: { A: 'email', B: 'E-mail', C: 'email' },
      }),
    );
    expect(problems[0]).toMatch(
      /"A" \(column A\), "B" \(column B\) and "C" \(column C\) all map to email/,
    );
  });

  it('refuses two copies of a status column', () => {
    expect(
      problemsOf(() => mapHeaders(['Nome', IMPORT_STATUS_HEADER, IMPORT_STATUS_HEADER], options)),
    ).toEqual(['two columns are headed "CRM Import Status" (B and C); delete one']);
  });

  it('collects every problem in one error, joined for the message', () => {
    let caught: unknown;
    try {
      mapHeaders(['Nome', 'Name', 'E-mail', 'Email'], { customFields, mapping: { X: 'name' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HeaderMappingError);
    const error = caught as HeaderMappingError;
    expect(error.problems).toHaveLength(3);
    expect(error.message).toBe(error.problems.join('; '));
  });
});

describe('automaticTargets: what the import sidebar offers for mapping', () => {
  const named = (row: unknown[]) =>
    automaticTargets(row, customFields).map((c) => [
      c.index,
      c.header,
      c.target ? targetName(c.target) : '',
    ]);

  it('lists every column in sheet order with the field its header matches, or none', () => {
    expect(named(['Nome', 'CPF', 'Coluna estranha', 'Valor (R$)', 'Campo antigo'])).toEqual([
      [0, 'Nome', 'name'],
      [1, 'CPF', 'custom_fields.cpf'],
      [2, 'Coluna estranha', ''],
      [3, 'Valor (R$)', 'value'],
      // Inactive custom fields are never matched.
      [4, 'Campo antigo', ''],
    ]);
  });

  it('leaves out blank headers and every status column the add-on writes', () => {
    expect(
      named([
        'Nome',
        '',
        null,
        IMPORT_STATUS_HEADER,
        IMPORT_LEAD_ID_HEADER,
        'CRM Send Status',
        'CRM Message ID',
        'CRM Send Detail',
        'crm sent at',
        'CRM Sync Status',
        'Telefone',
      ]),
    ).toEqual([
      [0, 'Nome', 'name'],
      [10, 'Telefone', 'phone'],
    ]);
  });

  it('lists two columns that match one field instead of throwing, for the person to choose', () => {
    expect(() => mapHeaders(['Telefone', 'Celular'], options)).toThrow(HeaderMappingError);
    expect(named(['Telefone', 'Celular'])).toEqual([
      [0, 'Telefone', 'phone'],
      [1, 'Celular', 'phone'],
    ]);
  });
});
