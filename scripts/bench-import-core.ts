/**
 * CPU micro-benchmark of the import core: header mapping plus validation and payload
 * building (planImport) over 10,000 deterministic, realistic rows. No I/O.
 *   npx tsx scripts/bench-import-core.ts
 * Target: well under 1 ms per row, so planning never eats a 6-minute execution.
 */
import { pathToFileURL } from 'node:url';
import type { CustomFieldDefinition, Pipeline, User } from '../src/api/schemas';
import {
  countPlan,
  type ImportContext,
  intlDateFormatter,
  mapHeaders,
  planImport,
} from '../src/core/import';
// mulberry32: every run plans the very same sheet.
import { seededRandom } from '../test/unit/core/jobs/fakes';

const FIRST = [
  'Maria',
  'João',
  'Ana',
  'José',
  'Conceição',
  'Lúcia',
  'Pedro',
  'Fábio',
  'Walter',
  'Mary',
];
const LAST = ['Silva', 'Souza', 'Araújo', 'Pereira', 'Gonçalves', 'Smith', 'Johnson', 'Dias'];
const COMPANIES = ['Padaria Pão Quente', 'ACME Inc.', 'Clínica Sorriso', '', 'Auto Peças Irmãos'];
const SOURCES = ['Instagram', 'Google', 'Indicação', 'Site', ''];
const TAGS = ['vip; quente', 'frio', 'vip, VIP; lead', '', 'black friday'];
const STAGES = ['Novo', 'Qualificado', 'proposta', '', 13];
const OWNERS = ['Ana Souza', 'bruno@empresa.com.br', 9, ''];
const PLANS = ['Básico', 'pro', 'ENTERPRISE', ''];
const CHECKS = ['sim', 'não', true, false, 'x', ''];

export const BENCH_HEADERS = [
  'Nome',
  'E-mail',
  'Telefone',
  'Empresa',
  'Valor (R$)',
  'Origem',
  'Etiquetas',
  'Funil',
  'Etapa',
  'Responsável',
  'Aniversário',
  'CPF',
  'Plano',
  'Interesses',
  'Aceita contato',
  'Observações',
  'CRM Import Status',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function phoneCell(random: () => number, n: number): unknown {
  const local = String(900000000 + ((n * 7919) % 99999999)).slice(0, 9);
  const formats = [
    `(11) ${local.slice(0, 5)}-${local.slice(5)}`,
    `11${local}`,
    `+55 11 ${local.slice(0, 5)}-${local.slice(5)}`,
    Number(`5511${local}`),
    '',
  ];
  return random() < 0.01 ? '12345' : pick(random, formats);
}

function valueCell(random: () => number): unknown {
  const cents = Math.floor(random() * 5_000_000);
  const whole = Math.floor(cents / 100);
  const ptBr = `${whole.toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;
  const enUs = `${whole.toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
  return pick(random, [`R$ ${ptBr}`, ptBr, `$${enUs}`, cents / 100, '']);
}

function birthdayCell(random: () => number): unknown {
  const year = 1950 + Math.floor(random() * 55);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  return pick(random, [
    new Date(Date.UTC(year, month - 1, day, 3)),
    `${dd}/${mm}/${year}`,
    `${year}-${mm}-${dd}`,
    random() < 0.05 ? '31/02/1990' : '',
  ]);
}

/** Deterministic sheet rows: mostly valid, with blank, invalid and duplicate rows mixed in. */
export function generateRows(count: number, seed = 20261121): unknown[][] {
  const random = seededRandom(seed);
  const rows: unknown[][] = [];
  for (let n = 0; n < count; n++) {
    if (random() < 0.01) {
      rows.push(BENCH_HEADERS.map(() => ''));
      continue;
    }
    // ~2% reuse an earlier lead's email: DUPLICATE rows.
    const id = random() < 0.02 && n > 0 ? Math.floor(random() * n) : n;
    const first = FIRST[id % FIRST.length] as string;
    const last = LAST[(id * 7) % LAST.length] as string;
    rows.push([
      random() < 0.01 ? '' : `${first} ${last}`,
      random() < 0.1 ? '' : `${first}.${last}.${id}@Exemplo.com.br`,
      phoneCell(random, id),
      pick(random, COMPANIES),
      valueCell(random),
      pick(random, SOURCES),
      pick(random, TAGS),
      pick(random, ['Vendas', 'vendas', 1, '']),
      pick(random, STAGES),
      pick(random, OWNERS),
      birthdayCell(random),
      random() < 0.5 ? `${String(n).padStart(3, '0')}.456.789-09` : '',
      pick(random, PLANS),
      pick(random, ['Imóveis; seguros', 'veiculos', '']),
      pick(random, CHECKS),
      random() < 0.2 ? 'Ligar depois das 18h\nPrefere WhatsApp' : '',
      '',
    ]);
  }
  return rows;
}

const customFields: CustomFieldDefinition[] = [
  { id: 1, name: 'cpf', label: 'CPF', field_type: 'text', options: [], is_active: true },
  {
    id: 2,
    name: 'plano',
    label: 'Plano',
    field_type: 'select',
    options: ['Básico', 'Pro', 'Enterprise'],
    is_active: true,
  },
  {
    id: 3,
    name: 'interesses',
    label: 'Interesses',
    field_type: 'multiselect',
    options: ['Imóveis', 'Veículos', 'Seguros'],
    is_active: true,
  },
  {
    id: 5,
    name: 'aceita_contato',
    label: 'Aceita contato',
    field_type: 'checkbox',
    options: [],
    is_active: true,
  },
];
const pipelines: Pipeline[] = [
  {
    id: 1,
    name: 'Vendas',
    stages: ['Novo', 'Qualificado', 'Proposta', 'Ganho', 'Perdido'].map((name, i) => ({
      id: 11 + i,
      name,
      is_won: name === 'Ganho',
      is_lost: name === 'Perdido',
    })),
  },
];
const users: User[] = [
  { id: 7, name: 'Ana Souza', email: 'ana@empresa.com.br', role: 'admin' },
  { id: 8, name: 'Bruno Lima', email: 'bruno@empresa.com.br', role: 'manager' },
  { id: 9, name: 'Carla Dias', email: 'carla@empresa.com.br', role: 'viewer' },
];

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface BenchResult {
  rows: number;
  /** Median CPU milliseconds per row over the runs (mapping + validation + payloads). */
  msPerRow: number;
  counts: ReturnType<typeof countPlan>;
}

export function benchImportCore(options: { rows?: number; runs?: number } = {}): BenchResult {
  const rowCount = options.rows ?? 10_000;
  const runs = options.runs ?? 5;
  const rows = generateRows(rowCount);
  const formatDate = intlDateFormatter('America/Sao_Paulo');
  let counts = countPlan([]);
  const once = () => {
    // A fresh context per run: its per-job look-up tables are part of the cost measured.
    const context: ImportContext = {
      customFields,
      pipelines,
      users,
      defaultCountry: 'BR',
      defaults: { pipeline: 'Vendas', stage: 'Novo' },
      matchBy: 'email_or_phone',
      formatDate,
    };
    const headerMap = mapHeaders(BENCH_HEADERS, { customFields });
    counts = countPlan(planImport(rows, headerMap, context));
  };
  once(); // warm-up: JIT and libphonenumber metadata
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = cpuMs();
    once();
    samples.push((cpuMs() - start) / rowCount);
  }
  return { rows: rowCount, msPerRow: median(samples), counts };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchImportCore();
  const micros = (result.msPerRow * 1000).toFixed(1);
  console.log(
    `import core: ${result.rows} rows, median ${micros} µs/row CPU (target < 1000 µs/row)`,
  );
  console.log(`statuses: ${JSON.stringify(result.counts)}`);
}
