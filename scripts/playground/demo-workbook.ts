import { seedState } from '../../sandbox/demo-data';
import type { WorkbookInit } from '../../tools/gas-runtime';

/**
 * The playground's workbook: a 'Leads' sheet to import, as a Brazilian sales-ops person would
 * paste it (Portuguese headers, R$ amounts, local phone formats, a custom field by its label),
 * an empty 'Export' sheet, a generated sheet of 1,000 leads to watch a long job, and an 'Envios'
 * sheet to send a template from, and an 'Ações' sheet of existing leads for Lead actions (the
 * round trip's exported sheet is written by a real export at start: push-sheet.ts). One row
 * matches a lead the CRM already has and four are wrong on purpose; DEMO_LEADS_EXPECTED says
 * what each row becomes (DEMO_SEND_EXPECTED for 'Envios').
 */
export const LEADS_HEADERS = [
  'Nome',
  'E-mail',
  'Telefone',
  'Empresa',
  'Valor',
  'Origem',
  'Etiquetas',
  'Funil',
  'Etapa',
  'Segmento',
  'Observações',
] as const;

type LeadRow = [
  string,
  string,
  string,
  string,
  string | number,
  string,
  string,
  string,
  string,
  string,
  string,
];

// biome-ignore format: one lead per line reads like the sheet it stands for
const NEW_LEADS: LeadRow[] = [
  ['Fernanda Albuquerque', 'fernanda.albuquerque@padariaalvorada.com.br', '(11) 98765-1001', 'Padaria Alvorada', 'R$ 4.500,00', 'site', 'vip, quente', 'Vendas', 'Novo', 'Varejo', 'Pediu orçamento para 3 lojas'],
  ['Rodrigo Nascimento', 'rodrigo@metalurgicasaopaulo.ind.br', '(11) 3456-7788', 'Metalúrgica São Paulo', 'R$ 12.800,00', 'indicação', 'indústria', 'Vendas', 'Qualificado', 'Indústria', ''],
  ['Juliana Cardoso', 'juliana.cardoso@gmail.com', '21 99876-1002', '', 'R$ 890,00', 'instagram', 'quente', 'Vendas', 'Novo', '', 'Prefere contato por WhatsApp'],
  ['Marcelo Teixeira', 'marcelo.teixeira@agrovale.agr.br', '+55 62 99123-4567', 'AgroVale Cooperativa', 'R$ 25.000,00', 'feira', 'agro; grande conta', 'Vendas', 'Proposta', 'Agronegócio', 'Conheceu na Agrishow'],
  ['Patrícia Moura', 'patricia.moura@clinicavida.med.br', '(31) 98811-2003', 'Clínica Vida', 2300, 'site', '', 'Vendas', 'Novo', 'Serviços', ''],
  ['Thiago Barbosa', 'thiago.barbosa@techno.dev', '(48) 99654-3210', 'Techno Dev', 'R$ 7.350,50', 'google ads', 'tecnologia', 'Vendas', 'Qualificado', 'Tecnologia', 'Quer integração com ERP'],
  ['Camila Ribeiro', 'camila.ribeiro@hotmail.com', '(85) 98712-3004', '', '', 'whatsapp', 'frio', 'Vendas', 'Novo', '', 'Só pediu informações'],
  ['Lucas Martins', 'lucas.martins@construtoraforte.com.br', '(41) 99988-7012', 'Construtora Forte', 'R$ 18.000,00', 'indicação', 'vip', 'Vendas', 'Negociação', 'Indústria', ''],
  ['Aline Ferreira', 'aline.ferreira@escolaaprender.edu.br', '(71) 98123-4005', 'Escola Aprender', 'R$ 3.100,00', 'site', '', 'Vendas', 'Novo', 'Serviços', 'Matrículas em janeiro'],
  ['Gustavo Lima', 'gustavo.lima@lojasdolima.com.br', '11 97777-1006', 'Lojas do Lima', 'R$ 5.600,00', 'facebook', 'varejo, quente', 'Vendas', 'Proposta', 'Varejo', ''],
  ['Renata Souza', 'renata.souza@yahoo.com.br', '(19) 99234-5007', '', 'R$ 450,00', 'instagram', '', 'Vendas', 'Novo', '', ''],
  ['Eduardo Carvalho', 'eduardo@carvalhoadvocacia.adv.br', '(61) 98456-7008', 'Carvalho Advocacia', 'R$ 9.900,00', 'indicação', 'serviços', 'Vendas', 'Qualificado', 'Serviços', 'Sócio decide em dezembro'],
  ['Bruna Azevedo', 'bruna.azevedo@floriculturaflor.com.br', '(51) 99345-6009', 'Floricultura Flor de Lis', 'R$ 1.250,00', 'site', 'sazonal', 'Vendas', 'Novo', 'Varejo', 'Dia das Mães'],
  ['Felipe Gomes', 'felipe.gomes@logisticarapida.com.br', '(11) 94567-1010', 'Logística Rápida', 'R$ 31.500,00', 'outbound', 'grande conta', 'Vendas', 'Negociação', 'Serviços', ''],
  ['Vanessa Rocha', 'vanessa.rocha@gmail.com', '(27) 98678-9011', '', 'R$ 780,00', 'whatsapp', '', 'Vendas', 'Novo', '', ''],
  ['André Pires', 'andre.pires@softhouse.com.br', '(48) 99111-2012', 'SoftHouse', 'R$ 14.200,00', 'google ads', 'tecnologia, vip', 'Vendas', 'Proposta', 'Tecnologia', 'Demonstração marcada'],
  ['Larissa Mendes', 'larissa.mendes@boutiquelari.com.br', '(81) 98222-3013', 'Boutique Lari', 'R$ 2.050,00', 'instagram', 'varejo', 'Vendas', 'Novo', 'Varejo', ''],
  ['Ricardo Araújo', 'ricardo.araujo@fazendaboavista.agr.br', '(65) 99333-4014', 'Fazenda Boa Vista', 'R$ 42.000,00', 'feira', 'agro', 'Vendas', 'Qualificado', 'Agronegócio', 'Safra 2027'],
  ['Tatiane Castro', 'tatiane.castro@outlook.com', '(92) 98444-5015', '', 'R$ 620,00', 'site', '', 'Vendas', 'Novo', '', ''],
  ['Daniel Freitas', 'daniel.freitas@oficinafreitas.com.br', '(11) 95555-6016', 'Oficina Freitas', 'R$ 3.780,00', 'indicação', 'serviços', 'Vendas', 'Novo', 'Serviços', ''],
  ['Priscila Dias', 'priscila.dias@farmaciasaude.com.br', '(62) 98666-7017', 'Farmácia Saúde', 'R$ 6.400,00', 'outbound', 'varejo', 'Vendas', 'Proposta', 'Varejo', 'Rede com 5 lojas'],
  ['Rafael Monteiro', 'rafael.monteiro@datainsight.io', '(11) 97888-9018', 'Data Insight', 'R$ 22.300,00', 'google ads', 'tecnologia, grande conta', 'Vendas', 'Negociação', 'Tecnologia', ''],
  ['Sabrina Lopes', 'sabrina.lopes@gmail.com', '(21) 98999-0019', '', 'R$ 300,00', 'instagram', 'frio', 'Vendas', 'Novo', '', ''],
  ['Vinícius Correia', 'vinicius@correiaengenharia.eng.br', '(31) 99000-1020', 'Correia Engenharia', 'R$ 16.750,00', 'indicação', 'indústria', 'Vendas', 'Qualificado', 'Indústria', 'Obra em Contagem'],
  ['Isabela Farias', 'isabela.farias@docesdabela.com.br', '(84) 98101-2021', 'Doces da Bela', 'R$ 980,00', 'whatsapp', 'varejo', 'Vendas', 'Novo', 'Varejo', 'Encomendas de Natal'],
  ['Otávio Ramos', 'otavio.ramos@ramosimoveis.com.br', '(13) 99202-3022', 'Ramos Imóveis', 'R$ 8.200,00', 'site', '', 'Vendas', 'Proposta', 'Serviços', ''],
];

/** Already in the sandbox's demo data (lead 1, by e-mail): the import updates it. */
// biome-ignore format: one lead per line
const EXISTING_LEADS: LeadRow[] = [
  ['Maria Silva', 'maria.silva@example.com.br', '(11) 98765-4321', 'Padaria Pão Quente', 'R$ 5.200,00', 'chatapp', 'vip, recompra', 'Vendas', 'Proposta', 'Varejo', 'Quer ampliar o pedido'],
];

/** Rows that must not reach the CRM: each breaks a different rule. */
// biome-ignore format: one lead per line
const INVALID_ROWS: LeadRow[] = [
  ['Carla Mendes', 'carla.mendes@', '', 'Mendes & Filhos', 'R$ 1.000,00', 'site', '', 'Vendas', 'Novo', '', 'E-mail incompleto e sem telefone'],
  ['Sérgio Vieira', '', '1234', '', 'R$ 500,00', 'whatsapp', '', 'Vendas', 'Novo', '', 'Telefone curto demais'],
  ['Mônica Prado', 'monica.prado@pradoveiculos.com.br', '(11) 96303-4023', 'Prado Veículos', 'R$ 5.000,00', 'site', '', 'Vendas', 'Novo', 'Automotivo', 'Segmento fora da lista'],
];

/** The first row pasted again from another list (e-mail in other case): the later row is the duplicate. */
// biome-ignore format: one lead per line
const DUPLICATE_ROWS: LeadRow[] = [
  ['Fernanda Albuquerque', 'Fernanda.Albuquerque@padariaalvorada.com.br', '(11) 98765-1001', 'Padaria Alvorada', 'R$ 4.500,00', 'feira', 'vip', 'Vendas', 'Novo', 'Varejo', 'Repetida da lista da feira'],
];

const ROWS: Array<{ values: LeadRow; status: string }> = [
  ...NEW_LEADS.map((values) => ({ values, status: 'CREATED' })),
  ...EXISTING_LEADS.map((values) => ({ values, status: 'UPDATED' })),
  ...INVALID_ROWS.map((values) => ({ values, status: 'INVALID' })),
  ...DUPLICATE_ROWS.map((values) => ({ values, status: 'DUPLICATE' })),
];

/** Sheet rows (1-based, header = 1) and the status each should end with after an import. */
export const DEMO_LEADS_EXPECTED: ReadonlyArray<{ row: number; status: string }> = ROWS.map(
  ({ status }, index) => ({ row: index + 2, status }),
);

/** Name of the generated sheet that shows a long job: progress, ETA, pause and resume. */
export const BIG_SHEET = '1000 leads';
export const BIG_SHEET_ROWS = 1_000;

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Heitor',
  'Íris',
  'João',
  'Kátia',
  'Leonardo',
  'Marina',
  'Nuno',
  'Olívia',
  'Paulo',
  'Quitéria',
  'Rui',
  'Sílvia',
  'Túlio',
];
const SURNAMES = [
  'Almeida',
  'Batista',
  'Cunha',
  'Duarte',
  'Esteves',
  'Fonseca',
  'Guimarães',
  'Honorato',
  'Leite',
  'Macedo',
];
const STAGES = ['Novo', 'Qualificado', 'Proposta', 'Negociação'];

/** Deterministic, valid and distinct leads: every row is CREATED the first time. */
export function bigSheetRows(count = BIG_SHEET_ROWS): LeadRow[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Ana';
    const last = SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length] ?? 'Almeida';
    const slug = `${first}.${last}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const serial = String(i + 1).padStart(4, '0');
    const value = `R$ ${(1_000 + ((i * 37) % 9_000)).toLocaleString('pt-BR')},00`;
    return [
      `${first} ${last} ${serial}`,
      `${slug}.${serial}@exemplo.com.br`,
      `(11) 97${serial.slice(0, 3)}-${serial}`,
      '',
      value,
      'planilha',
      'lote',
      'Vendas',
      STAGES[i % STAGES.length] ?? 'Novo',
      '',
      '',
    ];
  });
}

/** Name of the sheet to send a template from: one row per demo lead, a payment reminder each. */
export const SEND_SHEET = 'Envios';
export const SEND_HEADERS = ['Nome', 'Pedido', 'Valor', 'Vencimento', 'CRM Lead ID'] as const;
export const SEND_SHEET_ROWS = 15;
/** Rows (0-based among the data rows) with an empty cell: a variable cannot be empty (rule 6). */
const EMPTY_DUE_DATE = new Set([4, 10]);
const EMPTY_ORDER = new Set([7]);

/**
 * The first demo-account leads that have a phone, read from the sandbox's own seed (the same
 * ids and names on every start), so that each row's `CRM Lead ID` is a lead a template can
 * reach. Three rows miss a value the template needs: the send marks them SKIPPED.
 */
export function sendSheetRows(
  count = SEND_SHEET_ROWS,
): Array<[string, string, string, string, number]> {
  const leads = seedState({ now: 0, seed: 'demo' })
    .leads.filter((lead) => lead.account_id === 1 && lead.phone)
    .slice(0, count);
  return leads.map((lead, i) => {
    const cents = 19_990 + ((i * 7_919) % 480_000);
    const amount = `R$ ${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;
    // Written out in words: a pasted "05/12/2026" would become a date cell, shown per locale.
    const due = `${5 + ((i * 3) % 24)} de dezembro`;
    return [
      lead.name,
      EMPTY_ORDER.has(i) ? '' : `PED-${20_261 + i * 17}`,
      amount,
      EMPTY_DUE_DATE.has(i) ? '' : due,
      lead.id,
    ];
  });
}

/** Sheet rows (header = 1) and the status each ends with after sending the payment reminder. */
export const DEMO_SEND_EXPECTED: ReadonlyArray<{ row: number; status: 'SENT' | 'SKIPPED' }> =
  Array.from({ length: SEND_SHEET_ROWS }, (_, i) => ({
    row: i + 2,
    status: EMPTY_DUE_DATE.has(i) || EMPTY_ORDER.has(i) ? 'SKIPPED' : 'SENT',
  }));

/** Name of the sheet to try Lead actions on: existing demo leads by their CRM Lead ID. */
export const ACTIONS_SHEET = 'Ações';
export const ACTIONS_HEADERS = [
  'Nome',
  'Etapa atual',
  'Valor',
  'Etiquetas',
  'CRM Lead ID',
] as const;
/** A lead id the demo account does not have: its row is NOT_FOUND. */
export const ACTIONS_MISSING_ID = 99_999;
/**
 * The named demo leads (one whose stage has mandatory tasks pending, one with the 24-hour window
 * closed, one won, one lost, one enrolled in a sequence…) and a few generated ones, read from the
 * sandbox's own seed, then a lead id that does not exist.
 */
const ACTIONS_LEAD_IDS = [1, 2, 3, 4, 6, 7, 8, 10, 17, 19, 20];

export function actionsSheetRows(): Array<[string, string, number | string, string, number]> {
  const seed = seedState({ now: 0, seed: 'demo' });
  const stageName = (id: number) => seed.stages.find((stage) => stage.id === id)?.name ?? '';
  const rows = ACTIONS_LEAD_IDS.flatMap((id) => {
    const lead = seed.leads.find((l) => l.id === id && l.account_id === 1);
    if (!lead) return [];
    const row: [string, string, number | string, string, number] = [
      lead.name,
      stageName(lead.stage_id),
      lead.value ?? '',
      (lead.tags ?? []).join(', '),
      lead.id,
    ];
    return [row];
  });
  return [...rows, ['Lead que não existe', '', '', '', ACTIONS_MISSING_ID]];
}

export function demoWorkbook(): WorkbookInit {
  return {
    name: 'CRM Sheets playground',
    timeZone: 'America/Sao_Paulo',
    locale: 'pt_BR',
    sheets: {
      Leads: [[...LEADS_HEADERS], ...ROWS.map(({ values }) => values)],
      Export: [],
      [BIG_SHEET]: [[...LEADS_HEADERS], ...bigSheetRows()],
      [SEND_SHEET]: [[...SEND_HEADERS], ...sendSheetRows()],
      [ACTIONS_SHEET]: [[...ACTIONS_HEADERS], ...actionsSheetRows()],
    },
  };
}
