import { sheetDate } from './fixtures';

/** A Brazilian sales-ops sheet as users really send it: accents, blanks, mixed formats. */
export const SHEET_HEADERS = [
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
  'UTM Source',
  'Coluna estranha',
  'CRM Import Status',
  'CRM Lead ID',
] as const;

type Header = (typeof SHEET_HEADERS)[number];
type Expectation =
  | { status: 'VALID'; payload: Record<string, unknown>; absent?: string[]; matchKey?: string }
  | { status: 'INVALID'; reason: RegExp }
  | { status: 'DUPLICATE'; reason: string }
  | { status: 'EMPTY' };

export interface SheetCase {
  note: string;
  cells: Partial<Record<Header, unknown>>;
  expect: Expectation;
}

const base = { Funil: 'Vendas', Etapa: 'Novo' };

/** Sheet row N is SHEET_CASES[N - 2] (header on row 1). */
export const SHEET_CASES: SheetCase[] = [
  {
    note: 'full Brazilian row',
    cells: {
      Nome: 'Maria José da Silva',
      'E-mail': 'MARIA.SILVA@Gmail.com',
      Telefone: '(11) 98765-4321',
      Empresa: 'Padaria Pão Quente',
      'Valor (R$)': 'R$ 2.500,00',
      Origem: 'Instagram',
      Etiquetas: 'vip; quente',
      ...base,
      Responsável: 'Ana Souza',
      Aniversário: sheetDate('1985-08-20'),
      CPF: '123.456.789-09',
      Plano: 'pro',
      Interesses: 'imoveis, Seguros',
      'Aceita contato': 'sim',
      Observações: '  Cliente antiga  ',
      'UTM Source': 'facebook',
      'Coluna estranha': 'não enviar',
    },
    expect: {
      status: 'VALID',
      matchKey: 'email:maria.silva@gmail.com',
      payload: {
        name: 'Maria José da Silva',
        email: 'maria.silva@gmail.com',
        phone: '+5511987654321',
        company: 'Padaria Pão Quente',
        value: 2500,
        source: 'Instagram',
        tags: ['vip', 'quente'],
        pipeline_id: 1,
        stage_id: 11,
        assigned_to: 7,
        birthday: '1985-08-20',
        notes: 'Cliente antiga',
        utm_source: 'facebook',
        custom_fields: {
          cpf: '123.456.789-09',
          plano: 'Pro',
          interesses: ['Imóveis', 'Seguros'],
          aceita_contato: true,
        },
        match_by: 'email_or_phone',
      },
    },
  },
  { note: 'blank row', cells: {}, expect: { status: 'EMPTY' } },
  {
    note: 'phone typed as a number, pt-BR amount, owner by email',
    cells: {
      Nome: 'João Pereira',
      Telefone: 11987650000,
      'Valor (R$)': '1.234,56',
      Funil: 'Vendas',
      Etapa: 'Proposta',
      Responsável: 'bruno@empresa.com.br',
    },
    expect: {
      status: 'VALID',
      matchKey: 'phone:+5511987650000',
      payload: {
        name: 'João Pereira',
        phone: '+5511987650000',
        value: 1234.56,
        stage_id: 13,
        assigned_to: 8,
      },
      absent: ['email', 'company', 'tags', 'custom_fields', 'birthday', 'notes'],
    },
  },
  {
    note: 'broken email',
    cells: { Nome: 'Ana Beatriz', 'E-mail': 'ana.b@', ...base },
    expect: {
      status: 'INVALID',
      reason: /^Column "E-mail": "ana\.b@" is not a valid email address$/,
    },
  },
  {
    note: 'same email as row 2, other case and spaces',
    cells: { Nome: 'Maria S.', 'E-mail': ' maria.silva@gmail.com ', ...base },
    expect: { status: 'DUPLICATE', reason: 'Same e-mail as row 2' },
  },
  {
    note: 'no name: it can update a lead (its name is kept), not create one',
    cells: { 'E-mail': 'semnome@x.com.br', ...base },
    expect: { status: 'VALID', payload: { email: 'semnome@x.com.br' }, absent: ['name'] },
  },
  {
    note: 'unknown pipeline',
    cells: { Nome: 'Pedro', 'E-mail': 'pedro@x.com', Funil: 'Vendas X', Etapa: 'Novo' },
    expect: {
      status: 'INVALID',
      reason: /^Column "Funil": no pipeline "Vendas X"; pipelines: Vendas, Pós-venda$/,
    },
  },
  {
    note: 'unknown stage',
    cells: { Nome: 'Paula', 'E-mail': 'paula@x.com', Funil: 'Vendas', Etapa: 'Inexistente' },
    expect: {
      status: 'INVALID',
      reason:
        /^Column "Etapa": no stage "Inexistente" in pipeline "Vendas"; stages: Novo, Qualificado, Proposta, Ganho, Perdido$/,
    },
  },
  {
    note: 'owner name shared by two users',
    cells: { Nome: 'Rafael', 'E-mail': 'rafael@x.com', ...base, Responsável: 'Carla Dias' },
    expect: {
      status: 'INVALID',
      reason: /2 users are named "Carla Dias"; use an email \(carla@empresa\.com\.br, carla\.d2@/,
    },
  },
  {
    note: 'impossible birthday',
    cells: { Nome: 'Lúcia', 'E-mail': 'lucia@x.com', ...base, Aniversário: '31/02/1990' },
    expect: {
      status: 'INVALID',
      reason: /^Column "Aniversário": "31\/02\/1990" is not a real date$/,
    },
  },
  {
    note: 'select value not an option',
    cells: { Nome: 'Tiago', 'E-mail': 'tiago@x.com', ...base, Plano: 'Gold' },
    expect: {
      status: 'INVALID',
      reason: /^Column "Plano": "Gold" is not one of the options: Básico, Pro, Enterprise$/,
    },
  },
  {
    note: 'short phone',
    cells: { Nome: 'Vera', Telefone: '12345', ...base },
    expect: {
      status: 'INVALID',
      reason: /^Column "Telefone": "12345" is not a valid phone number/,
    },
  },
  {
    note: 'en-US amount with dollar sign',
    cells: { Nome: 'John Smith', 'E-mail': 'john@acme.com', 'Valor (R$)': '$1,234.56', ...base },
    expect: { status: 'VALID', payload: { value: 1234.56 } },
  },
  {
    note: '1.234 in a pt-BR sheet (the default decimal comma) is thousands',
    cells: { Nome: 'Renata', 'E-mail': 'renata@x.com', 'Valor (R$)': '1.234', ...base },
    expect: { status: 'VALID', payload: { value: 1234 } },
  },
  {
    note: 'US phone with country code',
    cells: {
      Nome: 'Mary Johnson',
      'E-mail': 'mary@acme.com',
      Telefone: '+1 (212) 555-0123',
      ...base,
    },
    expect: {
      status: 'VALID',
      payload: { phone: '+12125550123' },
      matchKey: 'email:mary@acme.com',
    },
  },
  {
    note: 'pipeline by id, stage name lower-case in that pipeline',
    cells: { Nome: 'Otávio', 'E-mail': 'otavio@x.com', Funil: 2, Etapa: 'proposta' },
    expect: { status: 'VALID', payload: { pipeline_id: 2, stage_id: 22 } },
  },
  {
    // It may still update a lead of Pós-venda (the stage is looked up in the lead's own
    // pipeline); only creating a lead is refused, when the job finds none (job.ts).
    note: 'stage name not in the default pipeline: valid for an existing lead, no place in the payload',
    cells: { Nome: 'Sérgio', 'E-mail': 'sergio@x.com', Etapa: 'Onboarding' },
    expect: { status: 'VALID', payload: { name: 'Sérgio' }, absent: ['pipeline_id', 'stage_id'] },
  },
  {
    note: 'pipeline and stage from the defaults: for a new lead only, never sent to an existing one',
    cells: { Nome: 'Bianca', 'E-mail': 'bianca@x.com' },
    expect: { status: 'VALID', payload: { name: 'Bianca' }, absent: ['pipeline_id', 'stage_id'] },
  },
  {
    note: 'tags de-duplicated, empties dropped',
    cells: { Nome: 'Caio', 'E-mail': 'caio@x.com', Etiquetas: 'vip, VIP; ; lead frio', ...base },
    expect: { status: 'VALID', payload: { tags: ['vip', 'lead frio'] } },
  },
  {
    note: 'Sheets checkbox unchecked is sent as false',
    cells: { Nome: 'Denise', 'E-mail': 'denise@x.com', 'Aceita contato': false, ...base },
    expect: { status: 'VALID', payload: { custom_fields: { aceita_contato: false } } },
  },
  {
    note: 'only status columns filled',
    cells: { 'CRM Import Status': 'CREATED', 'CRM Lead ID': 991 },
    expect: { status: 'EMPTY' },
  },
  {
    note: 'multiselect with an unknown option',
    cells: { Nome: 'Elisa', 'E-mail': 'elisa@x.com', Interesses: 'Imóveis; Barcos', ...base },
    expect: {
      status: 'INVALID',
      reason:
        /^Column "Interesses": "Barcos" is not an option; options: Imóveis, Veículos, Seguros$/,
    },
  },
  {
    note: 'same phone as row 4 with another email',
    cells: { Nome: 'João P.', 'E-mail': 'joao@outro.com', Telefone: '(11) 98765-0000', ...base },
    expect: { status: 'DUPLICATE', reason: 'Same phone as row 4' },
  },
  {
    note: 'ISO timestamp birthday keeps the written date',
    cells: {
      Nome: 'Fábio',
      'E-mail': 'fabio@x.com',
      Aniversário: '1990-11-21T10:00:00-03:00',
      ...base,
    },
    expect: { status: 'VALID', payload: { birthday: '1990-11-21' } },
  },
  {
    note: 'short d/m/yy birthday',
    cells: { Nome: 'Gabriela', 'E-mail': 'gabi@x.com', Aniversário: '5/3/90', ...base },
    expect: { status: 'VALID', payload: { birthday: '1990-03-05' } },
  },
  {
    // The CRM refuses a deal value below 0 (422 on `value`): INVALID before any request.
    note: 'negative amount with currency',
    cells: { Nome: 'Hugo', 'E-mail': 'hugo@x.com', 'Valor (R$)': '-R$ 150,00', ...base },
    expect: { status: 'INVALID', reason: /^Column "Valor \(R\$\)": "-R\$ 150,00" is negative/ },
  },
  {
    note: 'name with accents and stray spaces',
    cells: { Nome: '  Conceição Araújo  ', 'E-mail': 'conceicao@x.com.br', ...base },
    expect: { status: 'VALID', payload: { name: 'Conceição Araújo' } },
  },
  {
    note: 'amount that is not a number',
    cells: { Nome: 'Igor', 'E-mail': 'igor@x.com', 'Valor (R$)': 'a combinar', ...base },
    expect: { status: 'INVALID', reason: /^Column "Valor \(R\$\)": "a combinar" is not a number/ },
  },
  {
    note: 'owner by id',
    cells: { Nome: 'Joana', 'E-mail': 'joana@x.com', Responsável: 9, ...base },
    expect: { status: 'VALID', payload: { assigned_to: 9 } },
  },
  {
    note: 'owner name in capitals',
    cells: { Nome: 'Kátia', 'E-mail': 'katia@x.com', Responsável: 'ANA SOUZA', ...base },
    expect: { status: 'VALID', payload: { assigned_to: 7 } },
  },
  {
    note: 'full international digits without +',
    cells: { Nome: 'Leonardo', 'E-mail': 'leo@x.com', Telefone: '5511987654329', ...base },
    expect: { status: 'VALID', payload: { phone: '+5511987654329' } },
  },
  {
    note: 'trunk prefix 0 before the area code',
    cells: { Nome: 'Marcos', Telefone: '011 98765-1111', ...base },
    expect: {
      status: 'VALID',
      payload: { phone: '+5511987651111' },
      matchKey: 'phone:+5511987651111',
    },
  },
  {
    note: 'several problems joined',
    cells: { Nome: 'Nina', 'E-mail': 'nina', Telefone: '1', ...base },
    expect: {
      status: 'INVALID',
      reason:
        /^Column "E-mail": "nina" is not a valid email address; Column "Telefone": "1" is not a valid phone number/,
    },
  },
  {
    note: 'won stage by id',
    cells: { Nome: 'Olga', 'E-mail': 'olga@x.com', Funil: 'vendas', Etapa: 14 },
    expect: { status: 'VALID', payload: { pipeline_id: 1, stage_id: 14 } },
  },
  {
    note: 'stage id from another pipeline',
    cells: { Nome: 'Priscila', 'E-mail': 'pri@x.com', Funil: 'Vendas', Etapa: 22 },
    expect: {
      status: 'INVALID',
      reason: /^Column "Etapa": stage 22 belongs to pipeline "Pós-venda", not "Vendas"$/,
    },
  },
  {
    note: 'owner email unknown',
    cells: { Nome: 'Quésia', 'E-mail': 'quesia@x.com', Responsável: 'ninguem@x.com', ...base },
    expect: {
      status: 'INVALID',
      reason:
        /^Column "Responsável": no user "ninguem@x\.com"; users: Ana Souza, Bruno Lima, Carla Dias$/,
    },
  },
  {
    note: 'checkbox word not understood',
    cells: { Nome: 'Roberto', 'E-mail': 'roberto@x.com', 'Aceita contato': 'talvez', ...base },
    expect: {
      status: 'INVALID',
      reason: /^Column "Aceita contato": "talvez" is not a yes\/no value/,
    },
  },
  {
    note: 'company typed as a number, amount already numeric',
    cells: {
      Nome: 'Silvia',
      'E-mail': 'silvia@x.com',
      Empresa: 12345,
      'Valor (R$)': 1500.5,
      ...base,
    },
    expect: { status: 'VALID', payload: { company: '12345', value: 1500.5 } },
  },
  {
    note: 'multi-line notes kept, checkbox x',
    cells: {
      Nome: 'Túlio',
      'E-mail': 'tulio@x.com',
      Observações: 'Ligar segunda\nPrefere WhatsApp',
      'Aceita contato': 'x',
      ...base,
    },
    expect: {
      status: 'VALID',
      payload: {
        notes: 'Ligar segunda\nPrefere WhatsApp',
        custom_fields: { aceita_contato: true },
      },
    },
  },
  {
    note: 'notes only: no name, no match key',
    cells: { Observações: 'linha solta' },
    expect: {
      status: 'INVALID',
      reason:
        /^Columns "E-mail" \/ "Telefone" are empty: matching by e-mail or phone needs one of them$/,
    },
  },
  {
    note: 'whitespace-only cells are blank',
    cells: { Nome: '   ', 'E-mail': ' ', Observações: '\t' },
    expect: { status: 'EMPTY' },
  },
  {
    note: 'English yes and a text date birthday',
    cells: {
      Nome: 'Walter White',
      'E-mail': 'walter@acme.com',
      'Aceita contato': 'yes',
      Aniversário: '07/09/1958',
      ...base,
    },
    expect: {
      status: 'VALID',
      payload: { birthday: '1958-09-07', custom_fields: { aceita_contato: true } },
    },
  },
];
