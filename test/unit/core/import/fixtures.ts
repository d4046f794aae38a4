import type { CustomFieldDefinition, Pipeline, User } from '../../../../src/api/schemas';
import { intlDateFormatter } from '../../../../src/core/import/date-format';
import type { ImportContext } from '../../../../src/core/import/row';

function field(
  id: number,
  name: string,
  label: string,
  field_type: string,
  options: string[] = [],
  is_active = true,
): CustomFieldDefinition {
  return {
    id,
    name,
    label,
    field_type,
    options,
    is_required: false,
    is_active,
    show_on_card: false,
    sort_order: id,
  };
}

export const customFields: CustomFieldDefinition[] = [
  field(1, 'cpf', 'CPF', 'text'),
  field(2, 'plano', 'Plano', 'select', ['Básico', 'Pro', 'Enterprise']),
  field(3, 'interesses', 'Interesses', 'multiselect', ['Imóveis', 'Veículos', 'Seguros']),
  field(4, 'data_contrato', 'Data do contrato', 'date'),
  field(5, 'aceita_contato', 'Aceita contato', 'checkbox'),
  field(6, 'renda', 'Renda mensal', 'currency'),
  field(7, 'filhos', 'Número de filhos', 'number'),
  // Label collides with the standard synonym "Origem": the standard field must win.
  field(8, 'origem_cf', 'Origem', 'text'),
  field(9, 'antigo', 'Campo antigo', 'text', [], false),
];

export const pipelines: Pipeline[] = [
  {
    id: 1,
    name: 'Vendas',
    stages: [
      { id: 11, name: 'Novo', color: '#999999', is_won: false, is_lost: false },
      { id: 12, name: 'Qualificado', color: '#3366ff', is_won: false, is_lost: false },
      { id: 13, name: 'Proposta', color: '#ffaa00', is_won: false, is_lost: false },
      { id: 14, name: 'Ganho', color: '#00aa00', is_won: true, is_lost: false },
      { id: 15, name: 'Perdido', color: '#aa0000', is_won: false, is_lost: true },
    ],
  },
  {
    id: 2,
    name: 'Pós-venda',
    stages: [
      { id: 21, name: 'Onboarding', color: '#999999', is_won: false, is_lost: false },
      { id: 22, name: 'Proposta', color: '#ffaa00', is_won: false, is_lost: false },
      { id: 23, name: 'Ativo', color: '#00aa00', is_won: true, is_lost: false },
    ],
  },
];

export const users: User[] = [
  { id: 7, name: 'Ana Souza', email: 'ana@empresa.com.br', role: 'admin' },
  { id: 8, name: 'Bruno Lima', email: 'bruno@empresa.com.br', role: 'manager' },
  { id: 9, name: 'Carla Dias', email: 'carla@empresa.com.br', role: 'viewer' },
  { id: 10, name: 'Carla Dias', email: 'carla.d2@empresa.com.br', role: 'viewer' },
];

export const saoPauloDates = intlDateFormatter('America/Sao_Paulo');

/** A Date as Sheets hands it over: midnight of that day in São Paulo (UTC−3, no DST since 2019). */
export function sheetDate(isoDay: string): Date {
  return new Date(`${isoDay}T03:00:00Z`);
}

export function context(overrides: Partial<ImportContext> = {}): ImportContext {
  return {
    customFields,
    pipelines,
    users,
    defaultCountry: 'BR',
    defaults: { pipeline: 'Vendas', stage: 'Novo' },
    matchBy: 'email_or_phone',
    formatDate: saoPauloDates,
    ...overrides,
  };
}

/** Turns records keyed by header into sheet rows in header order (missing keys are blank). */
export function toRows(
  headers: readonly string[],
  records: readonly Record<string, unknown>[],
): unknown[][] {
  return records.map((record) => headers.map((header) => record[header] ?? ''));
}
