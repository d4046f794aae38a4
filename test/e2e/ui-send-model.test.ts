import { describe, expect, it } from 'vitest';
import {
  type Columns,
  confirmText,
  defaultLead,
  defaultNumber,
  keepLead,
  keepSource,
  leadFromOption,
  leadOptionValue,
  type NumberChoice,
  numberLabel,
  type PreviewCounts,
  previewLines,
  type SendForm,
  type SourceChoice,
  sendOptionsOf,
  sourceFromOption,
  sourceOptionValue,
  splitPlaceholders,
  type TemplateChoice,
  UNSET,
} from '../../src/ui/send/model';
import { EN_WORDS, PT_WORDS } from './ui-words';

/** The send sidebar's pure half: picker values, crmSendTemplate options, preview wording. */

const optionsOf = (f: SendForm) => sendOptionsOf(f, EN_WORDS.t);

function template(overrides: Partial<TemplateChoice> = {}): TemplateChoice {
  return {
    id: 2,
    name: 'lembrete_pagamento',
    language: 'pt_BR',
    instanceId: 2,
    headerFormat: 'TEXT',
    variables: ['header_1', '1', '2', '3'],
    ...overrides,
  };
}

const column = (header: string): SourceChoice => ({ kind: 'column', header });
const fixed = (text: string): SourceChoice => ({ kind: 'fixed', text });

function form(overrides: Partial<SendForm> = {}): SendForm {
  return {
    sheet: 'Envios',
    template: template(),
    instanceId: 2,
    variables: {
      header_1: column('Pedido'),
      '1': column('Nome'),
      '2': column('Valor'),
      '3': fixed('amanhã'),
    },
    mediaUrl: UNSET,
    mediaFilename: UNSET,
    lead: { kind: 'column', header: 'CRM Lead ID' },
    ...overrides,
  };
}

describe('picker values', () => {
  it.each<[SourceChoice, string]>([
    [column('Nome'), 'column:Nome'],
    [column('column:odd'), 'column:column:odd'],
    [fixed('Black Friday'), 'fixed'],
    [UNSET, ''],
  ])('%j is the option %j and back', (choice, value) => {
    expect(sourceOptionValue(choice)).toBe(value);
    const text = choice.kind === 'fixed' ? choice.text : '';
    expect(sourceFromOption(value, text)).toEqual(choice);
  });

  it('lead options round-trip; an unknown value is no choice', () => {
    for (const choice of [
      { kind: 'column', header: 'CRM Lead ID' },
      { kind: 'match', matchBy: 'email_or_phone' },
      { kind: 'match', matchBy: 'email' },
      { kind: 'match', matchBy: 'phone' },
    ] as const) {
      expect(leadFromOption(leadOptionValue(choice))).toEqual(choice);
    }
    expect(leadFromOption('match:fax')).toBeUndefined();
  });
});

describe('defaults and choices kept across changes', () => {
  const withId: Columns = { headers: ['Nome', 'CRM Lead ID'], leadIdColumn: 'CRM Lead ID' };
  const withoutId: Columns = { headers: ['Nome', 'Telefone'], leadIdColumn: null };

  it('finds leads by the lead id column when the sheet has one, else by e-mail or phone', () => {
    expect(defaultLead(withId)).toEqual({ kind: 'column', header: 'CRM Lead ID' });
    expect(defaultLead(withoutId)).toEqual({ kind: 'match', matchBy: 'email_or_phone' });
  });

  it('drops a column the new sheet lacks, keeps the rest', () => {
    expect(keepSource(column('Nome'), withoutId.headers)).toEqual(column('Nome'));
    expect(keepSource(column('Pedido'), withoutId.headers)).toEqual(UNSET);
    expect(keepSource(fixed('x'), withoutId.headers)).toEqual(fixed('x'));
    expect(keepSource(undefined, withoutId.headers)).toEqual(UNSET);
    expect(keepLead({ kind: 'column', header: 'CRM Lead ID' }, withoutId)).toEqual({
      kind: 'match',
      matchBy: 'email_or_phone',
    });
    expect(keepLead({ kind: 'match', matchBy: 'phone' }, withId)).toEqual({
      kind: 'match',
      matchBy: 'phone',
    });
  });

  it('pre-selects the template’s own usable number, else the only usable one, else none', () => {
    const number = (id: number, provider: string, connected = true): NumberChoice => ({
      id,
      name: `n${id}`,
      phone: '',
      provider,
      sendsTemplates: provider === 'cloud_api',
      connected,
    });
    const qr = number(1, 'unofficial');
    const cloud = number(2, 'cloud_api');
    const other = number(3, 'cloud_api');
    const offline = number(4, 'cloud_api', false);
    // One usable number: chosen before any template, and for a template of another number.
    expect(defaultNumber(undefined, [qr, cloud])).toBe(2);
    expect(defaultNumber(template({ instanceId: 1 }), [qr, cloud, offline])).toBe(2);
    // Several: the template's own when usable, else none (the person picks).
    expect(defaultNumber(template({ instanceId: 3 }), [qr, cloud, other])).toBe(3);
    expect(defaultNumber(template({ instanceId: 1 }), [qr, cloud, other])).toBeUndefined();
    expect(defaultNumber(undefined, [qr, cloud, other])).toBeUndefined();
    // A disconnected or QR number is never pre-selected, even the template's own.
    expect(defaultNumber(template({ instanceId: 4 }), [qr, offline])).toBeUndefined();
    expect(defaultNumber(template(), [qr])).toBeUndefined();
  });

  it('names a number that cannot send as such', () => {
    const base = { id: 2, name: 'Oficial', phone: '+5511', provider: 'cloud_api' };
    expect(numberLabel({ ...base, sendsTemplates: true, connected: true }, EN_WORDS.t)).toBe(
      'Oficial',
    );
    expect(numberLabel({ ...base, sendsTemplates: true, connected: false }, EN_WORDS.t)).toBe(
      'Oficial — not connected',
    );
    // Short enough for a 300 px sidebar; the phone is the option's title (issue 29.6).
    expect(numberLabel({ ...base, sendsTemplates: false, connected: true }, EN_WORDS.t)).toBe(
      'Oficial — QR: no templates',
    );
    expect(
      numberLabel({ ...base, name: '', sendsTemplates: true, connected: true }, PT_WORDS.t),
    ).toBe('+5511');
  });
});

describe('splitPlaceholders', () => {
  it('splits the body by {{N}} and reads a text header’s {{1}} as header_1', () => {
    expect(splitPlaceholders('Olá {{1}}, até {{ 2 }}!')).toEqual([
      { text: 'Olá ' },
      { key: '1', placeholder: '{{1}}' },
      { text: ', até ' },
      { key: '2', placeholder: '{{ 2 }}' },
      { text: '!' },
    ]);
    expect(splitPlaceholders('Pedido {{1}}', true)).toEqual([
      { text: 'Pedido ' },
      { key: 'header_1', placeholder: '{{1}}' },
    ]);
    expect(splitPlaceholders('Sem variáveis')).toEqual([{ text: 'Sem variáveis' }]);
  });
});

describe('sendOptionsOf', () => {
  it('turns columns and fixed text into crmSendTemplate options', () => {
    expect(optionsOf(form())).toEqual({
      sheet: 'Envios',
      templateId: 2,
      instanceId: 2,
      variables: { header_1: 'Pedido', '1': 'Nome', '2': 'Valor', '3': { value: 'amanhã' } },
      leadIdColumn: 'CRM Lead ID',
    });
    expect(optionsOf(form({ lead: { kind: 'match', matchBy: 'phone' } }))).toMatchObject({
      matchBy: 'phone',
    });
    expect(optionsOf(form({ lead: { kind: 'match', matchBy: 'phone' } }))).not.toHaveProperty(
      'leadIdColumn',
    );
  });

  it('sends a DOCUMENT header’s URL and file name, and leaves an empty fixed name out', () => {
    const doc = template({ headerFormat: 'DOCUMENT', variables: ['1'] });
    const base = form({ template: doc, variables: { '1': column('Nome') } });
    expect(
      optionsOf({ ...base, mediaUrl: column('Link'), mediaFilename: fixed('Proposta.pdf') }),
    ).toMatchObject({ headerMediaUrl: 'Link', headerMediaFilename: { value: 'Proposta.pdf' } });
    expect(
      optionsOf({ ...base, mediaUrl: fixed('https://x.com/a.pdf'), mediaFilename: fixed(' ') }),
    ).not.toHaveProperty('headerMediaFilename');
    // An IMAGE header takes no file name (the CRM ignores it): never sent.
    expect(
      optionsOf({
        ...base,
        template: { ...doc, headerFormat: 'IMAGE' },
        mediaUrl: column('Link'),
        mediaFilename: column('Arquivo'),
      }),
    ).not.toHaveProperty('headerMediaFilename');
  });

  it.each<[string, Partial<SendForm>, string]>([
    ['no template', { template: undefined }, 'Pick an approved template.'],
    ['no sheet nor template', { sheet: '', template: undefined }, 'Pick a sheet and a template.'],
    [
      'no number',
      { instanceId: undefined },
      'Pick a number that sends templates (an official WhatsApp API number).',
    ],
    [
      'unmapped and blank variables',
      { variables: { header_1: column('Pedido'), '1': UNSET, '2': fixed('  ') } },
      'Pick a column or fixed text for {{1}}; type the fixed text for {{2}}, or pick a column; pick a column or fixed text for {{3}}.',
    ],
    [
      'a media header without a file',
      {
        template: template({ headerFormat: 'VIDEO', variables: [] }),
        variables: {},
      },
      "Give the VIDEO header's file: a column of public links or one fixed https:// link.",
    ],
  ])('%s: says what to pick', (_name, overrides, message) => {
    expect(() => optionsOf(form(overrides))).toThrow(message);
  });
});

describe('preview wording', () => {
  const preview: PreviewCounts = {
    template: { name: 'lembrete_pagamento' },
    counts: { QUEUED: 12, SENDING: 0, SENT: 1, SKIPPED: 3, FAILED: 0, UNCERTAIN: 1 },
  };

  it('lists the non-zero counts, rows to send first, each with what it means', () => {
    const lines = previewLines(preview.counts, EN_WORDS.t);
    expect(lines.map((l) => [l.status, l.count])).toEqual([
      ['QUEUED', 12],
      ['SKIPPED', 3],
      ['SENT', 1],
      ['UNCERTAIN', 1],
    ]);
    expect(lines[1]?.meaning).toMatch(/^would be skipped without a request/);
    expect(lines[3]?.meaning).toMatch(/check it by hand, it is not/);
    expect(previewLines({ SKIPPED: 1 }, EN_WORDS.t)[0]?.meaning).toMatch(/refuses it \(/);
    expect(previewLines({ NEW_STATUS: 2 }, EN_WORDS.t)).toEqual([
      { status: 'NEW_STATUS', count: 2, meaning: 'NEW_STATUS' },
    ]);
  });

  it('a Portuguese preview agrees with its count: "1 linha seria enviada" (issue 18 item 9)', () => {
    const one = previewLines({ QUEUED: 1, SENT: 1, FAILED: 1, UNCERTAIN: 1 }, PT_WORDS.t);
    expect(one.map((l) => `${l.count} ${PT_WORDS.t('ui.send.rowWord')} ${l.meaning}`)).toEqual([
      '1 linha seria enviada',
      '1 linha já enviada: nunca é reenviada',
      '1 linha UNCERTAIN: pode ter sido enviada por uma execução que parou no meio; confira à mão, ela não é reenviada',
      '1 linha falhou num envio anterior: será tentada de novo',
    ]);
    const many = previewLines({ QUEUED: 2, SENDING: 3 }, PT_WORDS.t);
    expect(many.map((l) => l.meaning)).toEqual([
      'seriam enviadas',
      'ficaram no meio do envio por uma execução que parou: viram UNCERTAIN, sem reenvio',
    ]);
    for (const line of previewLines({ SKIPPED: 1, SENDING: 1 }, PT_WORDS.t)) {
      expect(line.meaning).not.toMatch(/\{|\bseriam\b|\bviram\b|\bas recusa\b/);
    }
  });

  it('asks before sending, with the number of messages and the warning', () => {
    expect(confirmText(preview, 'Envios', EN_WORDS)).toBe(
      'Send “lembrete_pagamento” to 12 rows of “Envios”? 3 rows will be SKIPPED. A sent message cannot be recalled.',
    );
    expect(confirmText({ ...preview, counts: { QUEUED: 1 } }, 'Envios', EN_WORDS)).toBe(
      'Send “lembrete_pagamento” to 1 row of “Envios”? A sent message cannot be recalled.',
    );
  });

  it('says what rows got before, and when: another template is a new campaign (issue 18 item 3)', () => {
    const campaigns = [{ template: 'boas_vindas', rows: 13, last: '2026-11-24' }];
    expect(confirmText({ ...preview, counts: { QUEUED: 13 }, campaigns }, 'Envios', EN_WORDS)).toBe(
      'Send “lembrete_pagamento” to 13 rows of “Envios”? 13 rows already got “boas_vindas” (last on 11/24/26): this send is a new campaign for them. A sent message cannot be recalled.',
    );
  });

  it('issue 29 item 7: one row agrees with its verb, and a day reads as the locale writes it', () => {
    const campaigns = [{ template: 'boas_vindas', rows: 1, last: '2026-11-28' }];
    const sentBefore = { leads: 1, last: '2026-11-25' };
    expect(
      confirmText(
        { ...preview, counts: { QUEUED: 1, SKIPPED: 1 }, campaigns, sentBefore },
        'Envios',
        PT_WORDS,
      ),
    ).toBe(
      'Enviar “lembrete_pagamento” para 1 linha de “Envios”? 1 linha ficará como SKIPPED. 1 linha já recebeu “boas_vindas” (em 28/11/2026): este envio é uma nova campanha para ela. 1 lead já recebeu “lembrete_pagamento” por esta planilha (em 25/11/2026; a página CRM Send Record guarda isso): fica como SKIPPED, a menos que você marque “Enviar de novo a quem já recebeu”. Uma mensagem enviada não pode ser desfeita.',
    );
    expect(
      confirmText(
        {
          ...preview,
          counts: { QUEUED: 2, SKIPPED: 3 },
          campaigns: [{ ...campaigns[0], rows: 2 }],
        },
        'Envios',
        PT_WORDS,
      ),
    ).toContain(
      '3 linhas ficarão como SKIPPED. 2 linhas já receberam “boas_vindas” (a última vez em 28/11/2026): este envio é uma nova campanha para elas.',
    );
    expect(
      confirmText({ ...preview, counts: { QUEUED: 1 }, campaigns }, 'Envios', EN_WORDS),
    ).toContain(
      '1 row already got “boas_vindas” (on 11/28/26): this send is a new campaign for it.',
    );
  });

  it('says how many leads got this very template from the sheet before, and how to send again (issue 16 item 2)', () => {
    const sentBefore = { leads: 4, last: '2026-11-25' };
    expect(
      confirmText(
        { ...preview, counts: { QUEUED: 2, SKIPPED: 4 }, sentBefore },
        'Envios',
        EN_WORDS,
      ),
    ).toBe(
      'Send “lembrete_pagamento” to 2 rows of “Envios”? 4 rows will be SKIPPED. 4 leads got “lembrete_pagamento” from this spreadsheet before (last on 11/25/26; the CRM Send Record sheet keeps it): they are SKIPPED unless you tick “Send again to leads that got it before”. A sent message cannot be recalled.',
    );
  });
});
