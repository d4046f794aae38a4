import { describe, expect, it } from 'vitest';
import { LEAD_COLUMN_FIELDS } from '../../src/core/import/lead-fields';
import {
  type ColumnChoice,
  choose,
  columnsToIgnore,
  IGNORE,
  initialChoice,
  mappingOf,
  type PreviewColumn,
  sameTargetProblem,
  selectValue,
  targetGroups,
  toggle,
} from '../../src/ui/import/model';
import { EN_WORDS, PT_WORDS } from './ui-words';

/** The import sidebar's pure half: the mapping selects, and the `mapping` they make. */

const CUSTOM = [
  { target: 'custom_fields.cpf', label: 'CPF' },
  { target: 'custom_fields.segmento', label: 'Segmento' },
];

const COLUMNS: PreviewColumn[] = [
  { column: 'A', header: 'Nome', target: 'name' },
  { column: 'B', header: 'Documento', target: '' },
  { column: 'C', header: 'Segmento', target: 'custom_fields.segmento' },
  { column: 'D', header: 'Cliente', target: '' },
];

const choicesOf = (entries: Record<string, ColumnChoice>) => entries;

describe('targetGroups', () => {
  it('names every lead field in the person’s words, UTM last, and custom fields by label', () => {
    const groups = targetGroups(LEAD_COLUMN_FIELDS, CUSTOM, PT_WORDS.t);
    expect(groups.lead.map((o) => o.label).slice(0, 12)).toEqual([
      'Nome',
      'E-mail',
      'Telefone',
      'Empresa',
      'Valor',
      'Origem',
      'Etiquetas',
      'Observações',
      'Aniversário',
      'Funil',
      'Etapa',
      'Responsável',
    ]);
    expect(groups.lead.map((o) => o.value).slice(12)).toEqual([
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
    ]);
    expect(groups.lead).toHaveLength(LEAD_COLUMN_FIELDS.length);
    expect(groups.custom).toEqual([
      { value: 'custom_fields.cpf', label: 'CPF' },
      { value: 'custom_fields.segmento', label: 'Segmento' },
    ]);
    expect(targetGroups(['name'], [], EN_WORDS.t).lead).toEqual([{ value: 'name', label: 'Name' }]);
  });

  it('tells apart two custom fields with one label by their name', () => {
    const groups = targetGroups(
      [],
      [
        { target: 'custom_fields.doc', label: 'Documento' },
        { target: 'custom_fields.doc_2', label: 'Documento' },
      ],
      EN_WORDS.t,
    );
    expect(groups.custom.map((o) => o.label)).toEqual(['Documento (doc)', 'Documento (doc_2)']);
  });
});

describe('a column’s choice', () => {
  it('a recognised column starts ticked on its field; an unrecognised one on ignore', () => {
    expect(initialChoice(COLUMNS[0] as PreviewColumn)).toEqual({ target: 'name', included: true });
    const unknown = initialChoice(COLUMNS[1] as PreviewColumn);
    expect(unknown).toEqual({ target: IGNORE, included: false });
    expect(selectValue(unknown)).toBe(IGNORE);
  });

  it('the tick and the select never disagree', () => {
    const start: ColumnChoice = { target: 'name', included: true };
    const off = toggle(start, false);
    expect(selectValue(off)).toBe(IGNORE);
    // Ticked again, it goes back to the field it had.
    expect(toggle(off, true)).toEqual(start);
    // Ignore in the select unticks and keeps the field for a later tick.
    expect(choose(start, IGNORE)).toEqual({ target: 'name', included: false });
    // Picking a field ticks the column.
    expect(choose(off, 'custom_fields.cpf')).toEqual({
      target: 'custom_fields.cpf',
      included: true,
    });
    // A column that never had a field cannot be ticked: the field is picked first.
    expect(toggle({ target: IGNORE, included: false }, true).included).toBe(false);
  });
});

describe('mappingOf', () => {
  it('is empty while every column stays on what its header matches', () => {
    expect(mappingOf(COLUMNS, {})).toEqual({});
  });

  it('holds only the changes: a re-mapped column, an unticked one, a newly mapped one', () => {
    const mapping = mappingOf(
      COLUMNS,
      choicesOf({
        Nome: { target: 'name', included: false },
        Documento: { target: 'custom_fields.cpf', included: true },
        Segmento: { target: 'notes', included: true },
        Cliente: { target: 'name', included: true },
      }),
    );
    expect(mapping).toEqual({
      Nome: '',
      Documento: 'custom_fields.cpf',
      Segmento: 'notes',
      Cliente: 'name',
    });
  });
});

describe('sameTargetProblem', () => {
  const groups = targetGroups(LEAD_COLUMN_FIELDS, CUSTOM, EN_WORDS.t);

  it('says which columns go to one field, by its label', () => {
    const problem = sameTargetProblem(
      COLUMNS,
      choicesOf({ Cliente: { target: 'name', included: true } }),
      groups,
      EN_WORDS.t,
    );
    expect(problem).toBe(
      'More than one column goes to Name (A · Nome, D · Cliente): keep it on one and pick another field, or ignore, for the others.',
    );
  });

  it('is undefined once one of them is left out', () => {
    expect(
      sameTargetProblem(
        COLUMNS,
        choicesOf({
          Nome: { target: 'name', included: false },
          Cliente: { target: 'name', included: true },
        }),
        groups,
        EN_WORDS.t,
      ),
    ).toBeUndefined();
    expect(sameTargetProblem(COLUMNS, {}, groups, EN_WORDS.t)).toBeUndefined();
  });

  it('two columns that match one field by themselves are a problem from the start', () => {
    const twoPhones: PreviewColumn[] = [
      { column: 'A', header: 'Telefone', target: 'phone' },
      { column: 'B', header: 'Celular', target: 'phone' },
    ];
    const ptGroups = targetGroups(LEAD_COLUMN_FIELDS, CUSTOM, PT_WORDS.t);
    expect(sameTargetProblem(twoPhones, {}, ptGroups, PT_WORDS.t)).toBe(
      'Mais de uma coluna vai para Telefone (A · Telefone, B · Celular): deixe em uma só e escolha outro campo, ou ignorar, para as outras.',
    );
  });
});

describe('columnsToIgnore (a sheet an export wrote)', () => {
  const exported: PreviewColumn[] = [
    { column: 'A', header: 'name', target: 'name' },
    { column: 'B', header: 'owner_name', target: 'owner' },
    { column: 'C', header: 'owner_email', target: 'owner' },
  ];

  it('offers to ignore every column but the first of a field, and nothing once one is ignored', () => {
    expect(columnsToIgnore(exported, {}).map((c) => c.header)).toEqual(['owner_email']);
    const fixed = { owner_email: choose(initialChoice(exported[2] as PreviewColumn), IGNORE) };
    expect(columnsToIgnore(exported, fixed)).toEqual([]);
    expect(mappingOf(exported, fixed)).toEqual({ owner_email: '' });
  });
});
