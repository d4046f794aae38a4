import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/core/i18n';
import { decidePush } from '../../../../src/core/push/decide';
import { pushContext } from '../../../../src/core/push/kind';
import { canonCell, decodeRows, encodeRow } from '../../../../src/core/push/memory';
import type { PushEntry, PushJobOptions, PushState } from '../../../../src/core/push/types';

const OPTIONS: PushJobOptions = {
  v: 1,
  mode: 'run',
  onConflict: 'skip',
  sheetId: 1,
  sheetName: 'Export',
  headerRow: 1,
  locale: 'en',
  defaultCountry: 'BR',
  timeZone: 'America/Sao_Paulo',
  ref: {
    pipelines: [
      {
        id: 1,
        name: 'Vendas',
        stages: [
          { id: 1, name: 'Novo', won: false, lost: false },
          { id: 3, name: 'Proposta', won: false, lost: false },
          { id: 5, name: 'Ganho', won: true, lost: false },
        ],
      },
    ],
    lostReasons: [],
    sequences: [],
  },
  users: [{ id: 2, name: 'Bruno Lima', email: 'bruno@x.com' }],
  customFields: [],
  include: ['sales', 'tasks'],
};
const t = translator('en');
const ctx = (onConflict: 'skip' | 'sheet' = 'skip') =>
  pushContext(
    { ...OPTIONS, onConflict },
    t,
    { formatDate: (d) => d.toISOString().slice(0, 10) },
    {
      name: 'name',
      company: 'company',
    },
  );

const state = (n: Record<string, string>, extra: Partial<PushState> = {}): PushState => ({
  p: 1,
  s: 1,
  tags: [],
  sales: 0,
  lost: 0,
  n,
  e: 'ana@x.com',
  ph: '+5511987654321',
  ...extra,
});

const row = (c: Record<string, string>, w: Record<string, string>, b: PushState): PushEntry => ({
  k: '#7',
  i: 7,
  c,
  w,
  b,
  kk: 'e:ana@x.com',
  kh: [7],
});

describe('decidePush', () => {
  it('sends the other changes of a row whose emptied cell is skipped, with words', () => {
    const d = decidePush(
      ctx(),
      row(
        { name: 'Ana B', company: '' },
        { name: 'Ana', company: 'ACME' },
        state({ name: 'Ana', company: 'ACME' }),
      ),
    );
    expect(d.kind).toBe('change');
    if (d.kind !== 'change') return;
    expect(d.requests).toEqual([
      { op: 'upsert', body: { name: 'Ana B', email: 'ana@x.com', match_by: 'email' } },
    ]);
    expect(d.words).toMatch(/company: emptied/);
  });

  it('is a CONFLICT when the CRM changed the same field to another value; onConflict "sheet" sends it', () => {
    const entry = row({ name: 'Ana B' }, { name: 'Ana' }, state({ name: 'Ana C' }));
    expect(decidePush(ctx(), entry)).toMatchObject({ kind: 'final', status: 'CONFLICT' });
    expect(decidePush(ctx('sheet'), entry)).toMatchObject({ kind: 'change' });
  });

  it('keys a new e-mail by the phone, and refuses e-mail and phone changed together', () => {
    const entry = row(
      { email: 'nova@x.com' },
      { email: 'ana@x.com' },
      state({ email: 'ana@x.com' }),
    );
    entry.kk = 'p:+5511987654321';
    const d = decidePush(ctx(), entry);
    expect(d).toMatchObject({
      kind: 'change',
      requests: [
        { op: 'upsert', body: { email: 'nova@x.com', phone: '+5511987654321', match_by: 'phone' } },
      ],
    });
    const both = row(
      { email: 'nova@x.com', phone: '(21) 99876-5432' },
      { email: 'ana@x.com', phone: '+5511987654321' },
      state({ email: 'ana@x.com', phone: '+5511987654321' }),
    );
    expect(decidePush(ctx(), both)).toMatchObject({ kind: 'final', status: 'INVALID' });
  });

  it('never sends by a key another lead holds', () => {
    const entry = row({ name: 'Ana B' }, { name: 'Ana' }, state({ name: 'Ana' }));
    entry.kh = [7, 9];
    const d = decidePush(ctx(), entry);
    expect(d).toMatchObject({ kind: 'final', status: 'SKIPPED' });
    expect(d.kind === 'final' && d.words).toContain('#9');
  });

  it('moves into a won stage by PUT /won with the row value, and tags by add and remove', () => {
    const d = decidePush(
      ctx(),
      row(
        { stage: 'Ganho', tags: 'a, c' },
        { stage: 'Novo', tags: 'a, b' },
        state({ stage: 'Novo', tags: 'a, b', value: '@n1500' }, { tags: ['a', 'b'] }),
      ),
    );
    expect(d).toMatchObject({
      kind: 'change',
      requests: [
        { op: 'won', stageId: 5, value: 1500 },
        { op: 'addTags', tags: ['c'] },
        { op: 'removeTag', tag: 'b' },
      ],
    });
  });

  it('refuses a phone without DDD and an unknown stage with no request', () => {
    const phone = row(
      { phone: '123' },
      { phone: '+5511987654321' },
      state({ phone: '+5511987654321' }),
    );
    expect(decidePush(ctx(), phone)).toMatchObject({ kind: 'final', status: 'INVALID' });
    const stage = row({ stage: 'Nenhuma' }, { stage: 'Novo' }, state({ stage: 'Novo' }));
    expect(decidePush(ctx(), stage)).toMatchObject({ kind: 'final', status: 'INVALID' });
  });

  it('sends nothing when the CRM already holds the value in another spelling', () => {
    const d = decidePush(
      ctx(),
      row(
        { phone: '(11) 98765-4321' },
        { phone: '+5511900000000' },
        state({ phone: '+5511987654321' }),
      ),
    );
    expect(d).toMatchObject({ kind: 'final', status: 'NO_CHANGE' });
  });
});

describe('the export memory', () => {
  it('compares what an export wrote with what getValues reads back', () => {
    expect(canonCell("'+5511987654321")).toBe(canonCell('+5511987654321'));
    expect(canonCell(5)).not.toBe(canonCell('5'));
    expect(canonCell(new Date(0))).toBe(canonCell(new Date(0)));
    expect(canonCell('@x')).not.toBe(canonCell('x'));
  });

  it('keeps the first row of a lead (a save killed midway leaves old rows below new ones)', () => {
    const rows = decodeRows([
      encodeRow(3, { name: 'new' }),
      encodeRow(3, { name: 'old' }),
      ['x', '{'],
    ]);
    expect([...rows]).toEqual([[3, { name: 'new' }]]);
  });
});
