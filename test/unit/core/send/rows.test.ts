import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { placeSources, statusColumnsOf } from '../../../../src/core/send/columns';
import type { SendJobOptions } from '../../../../src/core/send/options';
import {
  analyseSendSheet,
  countSendRows,
  type SendSheetValues,
} from '../../../../src/core/send/rows';

const SINCE = Date.UTC(2026, 10, 23, 12);
const BEFORE = new Date(SINCE - 3_600_000);
const AFTER = new Date(SINCE + 60_000);
const HEADER = [
  'Nome',
  'CRM Lead ID',
  'Arquivo',
  'CRM Send Status',
  'CRM Message ID',
  'CRM Send Detail',
  'CRM Sent At',
];
const URL_OK = 'https://files.example.com/a.pdf';

const OPTIONS: Pick<
  SendJobOptions,
  'variables' | 'headerMediaUrl' | 'headerMediaFilename' | 'lead'
> = {
  variables: { '1': { column: 'Nome' }, '2': { value: 'Black Friday' } },
  headerMediaUrl: { column: 'Arquivo' },
  lead: { by: 'column', column: 'CRM Lead ID' },
};

/** The job's record (core/send/job-ledger.ts): rows it ended SKIPPED or FAILED. */
const RECORD = new Set(['FAILED|lead:42', 'SKIPPED|x:']);

function analyse(rows: unknown[][], display?: string[][], options = OPTIONS, header = HEADER) {
  const values: SendSheetValues = { header, rows, ...(display ? { display } : {}) };
  const columns = statusColumnsOf(header);
  if (!columns) throw new Error('no status columns');
  return analyseSendSheet({
    values,
    columns,
    sources: placeSources(header, options, 'Leads'),
    since: SINCE,
    defaultCountry: 'BR',
    headerRow: 1,
    readAt: SINCE,
    mine: (status, key) => RECORD.has(`${status}|${key}`),
  });
}

describe('analyseSendSheet', () => {
  it.each<[string, unknown[], unknown]>([
    [
      'a blank row (status cells do not count)',
      ['', '', '', 'SKIPPED', '', 'x', AFTER],
      { kind: 'blank' },
    ],
    [
      'a valid row',
      ['Ana', 42, URL_OK, '', '', '', ''],
      {
        kind: 'send',
        key: 'lead:42',
        lead: { kind: 'id', leadId: 42 },
        payload: { variables: { '1': 'Ana', '2': 'Black Friday' }, header_media_url: URL_OK },
        queued: false,
      },
    ],
    [
      'a lead id typed as text',
      ['Ana', ' 42 ', URL_OK, 'QUEUED', '', '', ''],
      { kind: 'send', key: 'lead:42', queued: true },
    ],
    [
      'SENT by an earlier job: never again',
      ['Ana', 42, URL_OK, 'SENT', 7, '', BEFORE],
      { kind: 'done', status: 'SENT' },
    ],
    [
      'UNCERTAIN: never again',
      ['Ana', 42, URL_OK, 'uncertain', '', '', BEFORE],
      { kind: 'done', status: 'UNCERTAIN' },
    ],
    [
      'SENDING: an execution died mid-send',
      ['Ana', 42, URL_OK, 'SENDING', '', '', AFTER],
      { kind: 'in-flight' },
    ],
    [
      'FAILED by this job (its record), with no time',
      ['Ana', 42, URL_OK, 'FAILED', '', '', ''],
      { kind: 'done', status: 'FAILED' },
    ],
    [
      'FAILED with a time since the job began but not in its record: tried again',
      ['Ana', 43, URL_OK, 'FAILED', '', '', AFTER],
      { kind: 'send', key: 'lead:43' },
    ],
    [
      'SKIPPED by this job for want of a lead id (its record names the empty cell)',
      ['Ana', '', URL_OK, 'SKIPPED', '', 'x', ''],
      { kind: 'done', status: 'SKIPPED' },
    ],
    [
      'SKIPPED for another lead id cell: decided again',
      ['Ana', 'abc', URL_OK, 'SKIPPED', '', 'x', ''],
      { kind: 'skip' },
    ],
    [
      'FAILED by an earlier job: tried again',
      ['Ana', 44, URL_OK, 'FAILED', '', '', BEFORE],
      { kind: 'send', key: 'lead:44' },
    ],
    [
      'SKIPPED by an earlier job: planned again',
      ['', 42, URL_OK, 'SKIPPED', '', '', BEFORE],
      { kind: 'skip' },
    ],
    [
      'no lead id',
      ['Ana', '', URL_OK, '', '', '', ''],
      {
        kind: 'skip',
        reason:
          'Not sent: No lead id in column "CRM Lead ID": import the row first (CRM → Import leads) or type the lead\'s id.',
      },
    ],
    [
      'a lead id that is not one',
      ['Ana', 'abc', URL_OK, '', '', '', ''],
      {
        kind: 'skip',
        reason:
          'Not sent: Column "CRM Lead ID" holds "abc", which is not a lead id (a whole number such as 42).',
      },
    ],
    [
      'every problem at once',
      ['', '', 'http://10.0.0.1/a.pdf', '', '', '', ''],
      {
        kind: 'skip',
        reason: expect.stringMatching(
          /^Not sent: No lead id .*; \{\{1\}\} \(column "Nome"\) is empty; the header file URL \(column "Arquivo"\) is not public \(10\.0\.0\.1\)/,
        ),
      },
    ],
  ])('%s', (_name, row, decision) => {
    expect(analyse([row]).decisions[0]).toMatchObject(decision as object);
  });

  it('sends the value a person sees (display values), trimmed', () => {
    const rows = [['x', 42, URL_OK, '', '', '', '']];
    const display = [[' Ana Maria ', '42', URL_OK, '', '', '', '']];
    expect(analyse(rows, display).decisions[0]).toMatchObject({
      payload: { variables: { '1': 'Ana Maria' } },
    });
  });

  it('one send per lead per job: later rows, and rows after this job’s own sends, are skipped', () => {
    const analysis = analyse([
      ['Ana', 42, URL_OK, 'SENT', 9, '', AFTER],
      ['Bia', 42, URL_OK, '', '', '', ''],
      ['Caio', 43, URL_OK, '', '', '', ''],
      ['Caio 2', 43, URL_OK, '', '', '', ''],
      ['Duda', 44, URL_OK, 'SENT', 3, '', BEFORE],
      ['Duda 2', 44, URL_OK, '', '', '', ''],
    ]);
    expect(analysis.decisions.map((d) => d.kind)).toEqual([
      'done',
      'skip',
      'send',
      'skip',
      'done',
      // Duda got this template from row 6 in an earlier send: never again (issue 16 item 4).
      'skip',
    ]);
    expect(analysis.decisions[5]).toMatchObject({
      reason: 'Not sent: same lead (lead 44) as row 6, which already got this template.',
    });
    expect(analysis.decisions[1]).toMatchObject({
      reason: 'Not sent: same lead (lead 42) as row 2; one send per lead per job.',
    });
    expect(analysis.decisions[3]).toMatchObject({
      reason: 'Not sent: same lead (lead 43) as row 4; one send per lead per job.',
    });
    expect(countSendRows(analysis)).toEqual({
      total: 6,
      done: 2,
      counts: { QUEUED: 4, SENDING: 0, SENT: 2, SKIPPED: 0, FAILED: 0, UNCERTAIN: 0 },
    });
  });

  it('matchBy keys rows by e-mail, else phone in E.164', () => {
    const header = [
      'Nome',
      'E-mail',
      'WhatsApp',
      'CRM Send Status',
      'CRM Message ID',
      'CRM Send Detail',
      'CRM Sent At',
    ];
    const options = {
      variables: { '1': { column: 'Nome' } },
      lead: { by: 'match' as const, matchBy: 'email_or_phone' as const },
    };
    const analysis = analyse(
      [
        ['Ana', ' Ana@X.com ', '(11) 98765-4321', '', '', '', ''],
        ['Bia', '', '11 98765-4322', '', '', '', ''],
        ['Caio', 'not-an-email', '', '', '', '', ''],
      ],
      undefined,
      options,
      header,
    );
    expect(analysis.keys).toEqual(['email:ana@x.com', 'phone:+5511987654322', '']);
    expect(analysis.decisions[0]).toMatchObject({
      lead: { kind: 'match', email: 'ana@x.com', phone: '+5511987654321' },
    });
    expect(analysis.decisions[2]).toMatchObject({
      kind: 'skip',
      reason: expect.stringMatching(
        /^Not sent: No lead to send to: column "E-mail": "not-an-email" is not a valid email address/,
      ),
    });
  });
});

describe('reasons in the job’s language (issue 18 item 2)', () => {
  it('a Portuguese send writes every skip reason in Portuguese', () => {
    const columns = statusColumnsOf(HEADER);
    if (!columns) throw new Error('no status columns');
    const analysis = analyseSendSheet({
      values: {
        header: HEADER,
        rows: [
          ['', 42, URL_OK, '', '', '', ''],
          ['Bia', '', URL_OK, '', '', '', ''],
          ['Caio', 'x', 'http://localhost/a.pdf', '', '', '', ''],
          ['Duda', 44, URL_OK, '', '', '', ''],
          ['Duda 2', 44, URL_OK, '', '', '', ''],
        ],
      },
      columns,
      sources: placeSources(HEADER, OPTIONS, 'Leads'),
      since: SINCE,
      defaultCountry: 'BR',
      headerRow: 1,
      readAt: SINCE,
      t: translator('pt'),
    });
    const reasons = analysis.decisions.flatMap((d) => (d.kind === 'skip' ? [d.reason] : []));
    expect(reasons).toEqual([
      'Não enviado: {{1}} (coluna "Nome") está vazio.',
      'Não enviado: Sem id de lead na coluna "CRM Lead ID": importe a linha antes (CRM → Importar leads) ou digite o id do lead.',
      'Não enviado: A coluna "CRM Lead ID" tem "x", que não é um id de lead (um número inteiro como 42); a URL do arquivo do cabeçalho (coluna "Arquivo") não é pública (localhost): o provedor baixa o arquivo ele mesmo, então use uma URL que qualquer pessoa abra sem login, VPN ou lista de IPs.',
      'Não enviado: mesmo lead (lead 44) da linha 5; um envio por lead em cada job.',
    ]);
    for (const reason of reasons) expect(reason).not.toMatch(/\b(Not sent|column|is empty)\b/);
  });
});
