/**
 * A deterministic Brazilian lead sheet for import tests and the benchmark: valid rows (email
 * and phone, phone only, date cells, `R$` values, tags), rows our checks refuse, rows the CRM
 * refuses (a 300-character name: the sandbox allows 255), duplicates of earlier rows, and
 * blank rows. Each row carries what an import must make of it.
 */
import { seededRandom } from '../unit/core/jobs/fakes';

export const IMPORT_SHEET_HEADERS = [
  'Nome',
  'E-mail',
  'Telefone',
  'Empresa',
  'Valor (R$)',
  'Etiquetas',
  'Funil',
  'Etapa',
  'Aniversário',
  'CPF',
  'Segmento',
  'Observações',
] as const;

/**
 * - VALID: sent; CREATED on a first import into an empty CRM.
 * - INVALID: refused by our checks, costs no request.
 * - CRM_INVALID: passes our checks, the CRM answers 422: INVALID after one request.
 * - DUPLICATE: same email as an earlier VALID row.
 * - EMPTY: blank row, no status.
 */
export type RowExpectation = 'VALID' | 'INVALID' | 'CRM_INVALID' | 'DUPLICATE' | 'EMPTY';

export interface ImportSheet {
  header: string[];
  rows: unknown[][];
  expected: RowExpectation[];
  /** The lead key of each row (`email:…` or `phone:…`), '' for blank and keyless rows. */
  keys: string[];
}

const FIRST = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Francisca',
  'Antônio',
  'Luíza',
  'Conceição',
  'Márcio',
  'Letícia',
];
const LAST = [
  'Silva',
  'Souza',
  'Oliveira',
  'Gonçalves',
  'Araújo',
  'Conceição',
  'Simões',
  'Brandão',
];
const COMPANIES = [
  'Padaria Pão Quente',
  'Auto Peças São Jorge',
  'Clínica Bem-Estar',
  'Mercado Avenida',
  '',
];
const SEGMENTS = ['Varejo', 'Indústria', 'Serviços', 'Agronegócio', 'Tecnologia'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function brl(cents: number): string {
  const reais = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},${pad(cents % 100, 2)}`;
}

/** A distinct, valid mobile number per n: `(11) 98nnn-nnnn`. */
export function mobileFor(n: number): { cell: string; e164: string } {
  const area = 11 + (n % 7) * 10;
  const body = `98${pad(Math.floor(n / 10_000) % 1000, 3)}${pad(n % 10_000, 4)}`;
  return { cell: `(${area}) ${body.slice(0, 5)}-${body.slice(5)}`, e164: `+55${area}${body}` };
}

export function emailFor(n: number): string {
  return `cliente${n}@exemplo.com.br`;
}

export function generateImportSheet(count: number, seed = 20261123): ImportSheet {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const header = [...IMPORT_SHEET_HEADERS];
  const rows: unknown[][] = [];
  const expected: RowExpectation[] = [];
  const keys: string[] = [];
  const validEmails: string[] = [];

  const row = (cells: Partial<Record<(typeof IMPORT_SHEET_HEADERS)[number], unknown>>) =>
    header.map((h) => cells[h as (typeof IMPORT_SHEET_HEADERS)[number]] ?? '');

  for (let i = 0; i < count; i++) {
    const n = i + 1;
    const name = `${pick(FIRST)} ${pick(LAST)} ${n}`;
    const phone = mobileFor(n);
    const base = {
      Nome: name,
      'E-mail': emailFor(n),
      Telefone: phone.cell,
      Empresa: pick(COMPANIES),
      'Valor (R$)': brl(Math.floor(random() * 5_000_000)),
      Etiquetas: random() < 0.5 ? 'vip, quente' : 'indicação; evento',
      Funil: 'Vendas',
      Etapa: random() < 0.7 ? 'Novo' : 'Negociação',
      CPF: `${pad(n % 1000, 3)}.${pad((n * 7) % 1000, 3)}.${pad((n * 13) % 1000, 3)}-${pad(n % 100, 2)}`,
      Segmento: pick(SEGMENTS),
      Observações: random() < 0.3 ? 'Ligar depois das 14h; prefere WhatsApp.' : '',
      ...(random() < 0.3
        ? { Aniversário: new Date(Date.UTC(1970 + (n % 35), n % 12, 1 + (n % 28), 3)) }
        : {}),
    };
    const roll = random();
    if (roll < 0.05) {
      rows.push(row({}));
      expected.push('EMPTY');
      keys.push('');
    } else if (roll < 0.11) {
      const flaw = Math.floor(random() * 5);
      const cells =
        flaw === 0
          ? { ...base, 'E-mail': `cliente${n}@` }
          : flaw === 1
            ? { ...base, 'E-mail': '', Telefone: '123' }
            : flaw === 2
              ? { ...base, Nome: '' }
              : flaw === 3
                ? { ...base, Etapa: 'Etapa inexistente' }
                : { ...base, Segmento: 'Desconhecido' };
      rows.push(row(cells));
      expected.push('INVALID');
      keys.push('');
    } else if (roll < 0.16 && validEmails.length > 0) {
      const email = pick(validEmails);
      rows.push(row({ ...base, 'E-mail': email.toUpperCase() }));
      expected.push('DUPLICATE');
      keys.push(`email:${email}`);
    } else if (roll < 0.17) {
      // A name longer than the CRM keeps (255): once refused by the CRM after a request, now
      // foreseen by the add-on's own checks (import-preview-refusals.test.ts).
      rows.push(row({ ...base, Nome: `${name} ${'da Silva '.repeat(34)}`.trim() }));
      expected.push('INVALID');
      keys.push('');
    } else if (roll < 0.25) {
      rows.push(row({ ...base, 'E-mail': '' }));
      expected.push('VALID');
      keys.push(`phone:${phone.e164}`);
    } else {
      rows.push(row(base));
      expected.push('VALID');
      keys.push(`email:${base['E-mail']}`);
      validEmails.push(base['E-mail']);
    }
  }
  return { header, rows, expected, keys };
}

/** The status a first import into an empty CRM must leave on each row ('' for blank rows). */
export function firstImportStatus(expectation: RowExpectation): string {
  switch (expectation) {
    case 'VALID':
      return 'CREATED';
    case 'CRM_INVALID':
      return 'INVALID';
    case 'EMPTY':
      return '';
    default:
      return expectation;
  }
}
