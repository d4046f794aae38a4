import { describe, expect, it } from 'vitest';
import { matchKeyId } from '../../../../src/core/import/fingerprint';
import { auditImportSheet, type WrittenOutcome } from '../../../../src/core/import/job/audit';
import {
  analyseSheet,
  fingerprintOf,
  mapJobHeaders,
  statusColumnsOf,
} from '../../../../src/core/import/job/sheet';
import { buildLeadPayload } from '../../../../src/core/import/row';
import { context } from './fixtures';

/**
 * The end check of an import (issue 16 item 12): what it rewrites and clears when statuses
 * stand on other leads' rows. Rows are this job's (their mark is after its start).
 */
const HEADER = [
  'Nome',
  'E-mail',
  'CRM Import Status',
  'CRM Lead ID',
  'CRM Import Detail',
  'CRM Imported At',
];
const STARTED = Date.UTC(2026, 10, 25);
const MARK = new Date(STARTED + 60_000);
const ctx = context({ defaults: { pipeline: 'Vendas', stage: 'Novo' } });

function audit(
  rows: unknown[][],
  record: Record<string, WrittenOutcome>,
  memory: Record<string, number> = {},
  more: string[] = [],
) {
  const header = [...HEADER, ...more];
  const headerMap = mapJobHeaders(header, ctx, {});
  const columns = statusColumnsOf(headerMap);
  if (!columns) throw new Error('status columns');
  const analysis = analyseSheet({
    header,
    rows,
    headerMap,
    columns,
    context: ctx,
    headerRow: 1,
    processedSince: STARTED,
    readAt: STARTED,
  });
  const byId = new Map(
    Object.entries(record).map(([email, o]) => [matchKeyId(`email:${email}`), o]),
  );
  const remembered = new Map(
    Object.entries(memory).map(([key, leadId]) => [
      matchKeyId(key.startsWith('phone:') ? key : `email:${key}`),
      leadId,
    ]),
  );
  // The memory holds what was sent: the cells of the first row of its key.
  const sent = new Map<string, string>();
  for (const row of rows) {
    const result = buildLeadPayload(row, headerMap, ctx);
    const id = result.ok ? matchKeyId(result.matchKey) : '';
    if (result.ok && !sent.has(id)) sent.set(id, fingerprintOf(result));
  }
  return auditImportSheet(
    analysis,
    ctx,
    byId,
    (id) => {
      const leadId = remembered.get(id);
      return leadId === undefined ? undefined : { fingerprint: sent.get(id) ?? 'x', leadId };
    },
    1,
  );
}

const created = (id: number): WrittenOutcome => ({
  status: 'CREATED',
  leadId: id,
  detail: `Created lead ${id}.`,
});

describe('auditImportSheet', () => {
  it('leaves a sheet whose statuses stand on their own rows as it is', () => {
    const rows = [
      ['Ana', 'ana@x.com', 'CREATED', 11, 'Created lead 11.', MARK],
      ['Bia', 'bia@x.com', 'CREATED', 12, 'Created lead 12.', MARK],
    ];
    expect(audit(rows, { 'ana@x.com': created(11), 'bia@x.com': created(12) })).toEqual({
      rewrite: [],
      clear: [],
      ids: [],
    });
  });

  it('writes each recorded outcome back on its own row when two were swapped', () => {
    const rows = [
      ['Ana', 'ana@x.com', 'CREATED', 12, 'Created lead 12.', MARK],
      ['Bia', 'bia@x.com', 'CREATED', 11, 'Created lead 11.', MARK],
    ];
    const { rewrite } = audit(rows, { 'ana@x.com': created(11), 'bia@x.com': created(12) });
    expect(rewrite).toEqual([
      { index: 0, outcome: created(11) },
      { index: 1, outcome: created(12) },
    ]);
  });

  it('clears a row showing a lead the memory gives another key, and one whose key it lacks', () => {
    const rows = [
      ['Ana', 'ana@x.com', 'CREATED', 11, 'Created lead 11.', MARK],
      // Ana's status on Caio's row (Caio was never sent), from an earlier slice.
      ['Caio', 'caio@x.com', 'CREATED', 11, 'Created lead 11.', MARK],
    ];
    expect(audit(rows, {}, { 'ana@x.com': 11 }).clear).toEqual([1]);
  });

  it('clears a row showing an id the job wrote for another key (EXISTS, not in the memory)', () => {
    const rows = [
      ['Bia', 'bia@x.com', 'EXISTS', 12, 'Lead 12 already has this e-mail.', MARK],
      ['Caio', 'caio@x.com', 'EXISTS', 12, 'Lead 12 already has this e-mail.', MARK],
    ];
    const record = { 'bia@x.com': { status: 'EXISTS', leadId: 12 } as WrittenOutcome };
    expect(audit(rows, record).clear).toEqual([1]);
  });

  it('clears a DUPLICATE whose key no other row holds, and a status on a row invalid by itself', () => {
    const rows = [
      ['Dora', 'dora@x.com', 'DUPLICATE', '', 'Same e-mail as row 9', MARK],
      ['Edu', 'not-an-email', 'CREATED', 13, 'Created lead 13.', MARK],
    ];
    expect(audit(rows, {}).clear).toEqual([0, 1]);
  });

  it('clears the INVALID of cells that make no valid row on a row whose cells do, and keeps the CRM’s refusals', () => {
    const reasonOf = (email: string) => {
      const result = buildLeadPayload(['X', email], mapJobHeaders(HEADER, ctx, {}), ctx);
      if (result.ok) throw new Error(`${email} is valid`);
      return result.reason;
    };
    const rows = [
      // Edu's reason, written by position on Ana's row under a sort; Edu's row is still there.
      ['Ana', 'ana@x.com', 'INVALID', '', reasonOf('not-an-email'), MARK],
      // The reason of a row since changed or deleted.
      ['Bia', 'bia@x.com', 'INVALID', '', reasonOf('gone-7'), MARK],
      // A refusal of the CRM (422) from an earlier execution: the row's own.
      ['Caio', 'caio@x.com', 'INVALID', '', 'CRM refused the row: phone is invalid', MARK],
      ['Edu', 'not-an-email', 'INVALID', '', reasonOf('not-an-email'), MARK],
    ];
    expect(audit(rows, {}).clear).toEqual([0, 1]);
  });

  it('gives no twin the status of a sent row that is gone: it stays an unsent DUPLICATE', () => {
    const headerMap = mapJobHeaders(HEADER, ctx, {});
    const sent = buildLeadPayload(['Ana', 'ana@x.com'], headerMap, ctx);
    if (!sent.ok) throw new Error('row');
    const record = { 'ana@x.com': { ...created(11), fingerprint: fingerprintOf(sent) } };
    // Ana's row was deleted; its twin (same e-mail, other cells) took its status by position.
    const rows = [['Ana copia', 'ana@x.com', 'CREATED', 11, 'Created lead 11.', MARK]];
    const { rewrite, clear } = audit(rows, record);
    expect(clear).toEqual([]);
    expect(rewrite).toEqual([
      {
        index: 0,
        outcome: {
          status: 'DUPLICATE',
          detail:
            'Same e-mail as the row this import sent to lead 11, since deleted or pasted over: this row was not sent',
        },
      },
    ]);
    // Its own cells are the ones sent: the status is its own.
    const own = [['Ana', 'ana@x.com', 'CREATED', 11, 'Created lead 11.', MARK]];
    expect(audit(own, record)).toEqual({ rewrite: [], clear: [], ids: [] });
  });

  it('gives a DUPLICATE showing another key’s lead id its own key’s lead (a moved write)', () => {
    const rows = [
      ['Ana', 'ana@x.com', 'CREATED', 11, 'Created lead 11.', MARK],
      ['Bia', 'bia@x.com', 'CREATED', 12, 'Created lead 12.', MARK],
      // Bia's status landed on Ana's twin after a sort; a rewrite to DUPLICATE keeps the id.
      ['Ana copia', 'ana@x.com', 'CREATED', 12, 'Created lead 12.', MARK],
      ['Ana outra', 'ana@x.com', 'DUPLICATE', 12, 'Same e-mail as row 2', MARK],
    ];
    const record = { 'ana@x.com': created(11), 'bia@x.com': created(12) };
    const { rewrite, ids } = audit(rows, record, { 'ana@x.com': 11, 'bia@x.com': 12 });
    expect(rewrite.map(({ index, outcome }) => [index, outcome.status])).toEqual([
      [2, 'DUPLICATE'],
    ]);
    expect(ids).toEqual([
      { index: 2, leadId: 11 },
      { index: 3, leadId: 11 },
    ]);
    // A DUPLICATE of a key the job did not write this time (an earlier execution's).
    const memory = { 'ana@x.com': 11, 'bia@x.com': 12 };
    const earlier = audit([rows[0], rows[1], rows[3]] as unknown[][], {}, memory);
    expect(earlier.ids).toEqual([{ index: 2, leadId: 11 }]);
  });

  it('leaves a DUPLICATE showing its own lead that another key shares (e-mail and phone of one lead)', () => {
    // One CRM lead holds Ana's e-mail and phone: the upsert of each row found it (match_by
    // email_or_phone), so two keys have lead 15. Her twin shows it rightly: no repair, or
    // every end check "repairs" it again and the job takes MAX_AUDIT_ROUNDS more passes.
    const rows = [
      ['Ana', 'ana@x.com', 'UPDATED', 15, 'Updated lead 15.', MARK, ''],
      ['Ana tel', '', 'UPDATED', 15, 'Updated lead 15.', MARK, '+5511987654321'],
      ['Ana copia', 'ana@x.com', 'DUPLICATE', 15, 'Same e-mail as row 2', MARK, ''],
    ];
    const memory = { 'ana@x.com': 15, 'phone:+5511987654321': 15 };
    const none = { rewrite: [], clear: [], ids: [] };
    expect(audit(rows, {}, memory, ['Telefone'])).toEqual(none);
    const updated = (id: number): WrittenOutcome => ({ status: 'UPDATED', leadId: id });
    expect(audit(rows, { 'ana@x.com': updated(15) }, memory, ['Telefone'])).toEqual(none);
  });

  it('keeps a DUPLICATE standing on a phone another row holds', () => {
    const rows = [
      ['Dora', 'dora@x.com', 'CREATED', 14, 'Created lead 14.', MARK, '+5511987654321'],
      ['Dora', 'dora2@x.com', 'DUPLICATE', '', 'Same phone as row 2', MARK, '+5511987654321'],
    ];
    expect(audit(rows, {}, { 'dora@x.com': 14 }, ['Telefone'])).toEqual({
      rewrite: [],
      clear: [],
      ids: [],
    });
  });
  it('rewrites a DUPLICATE naming its twin’s old row: it names the row the twin is on now', () => {
    // A sort moved Ana's sent row from row 2 to row 3 after her twin was marked.
    const rows = [
      ['Bia', 'bia@x.com', 'CREATED', 12, 'Created lead 12.', MARK, ''],
      ['Ana', 'ana@x.com', 'CREATED', 11, 'Created lead 11.', MARK, ''],
      ['Ana copia', 'ana@x.com', 'DUPLICATE', '', 'Same e-mail as row 2', MARK, ''],
      ['Dora', 'dora@x.com', 'CREATED', 14, 'Created lead 14.', MARK, '+5511987654321'],
      ['Dora 2', 'dora2@x.com', 'DUPLICATE', '', 'Same phone as row 3', MARK, '+5511987654321'],
    ];
    const memory = { 'ana@x.com': 11, 'bia@x.com': 12, 'dora@x.com': 14 };
    const renamed = [
      { index: 2, outcome: { status: 'DUPLICATE', detail: 'Same e-mail as row 3' } },
      { index: 4, outcome: { status: 'DUPLICATE', detail: 'Same phone as row 5' } },
    ];
    const record = { 'ana@x.com': created(11), 'bia@x.com': created(12) };
    // Ana's key written by this execution (checked by key), and by an earlier one (by memory).
    for (const written of [record, {}])
      expect(audit(rows, written, memory, ['Telefone'])).toEqual({
        rewrite: renamed,
        clear: [],
        ids: [],
      });
    // Named rightly: nothing to repair, so the end check does not go round again.
    const right = rows.map((row, i) => {
      const fixed = renamed.find(({ index }) => index === i);
      return fixed ? [...row.slice(0, 4), fixed.outcome.detail, ...row.slice(5)] : row;
    });
    expect(audit(right, record, memory, ['Telefone'])).toEqual({ rewrite: [], clear: [], ids: [] });
  });

  it('keeps one row of a key an earlier execution sent as its lead’s: copies of it are decided again', () => {
    // A person pasted Ana's whole row, status cells too, twice in a later execution: the key is
    // in the memory, not in this execution's record (import-twin-rows seed 18 on 955613b).
    const ana = ['Ana', 'ana@x.com', 'CREATED', 11, 'Created lead 11.', MARK];
    const rows = [ana, ['Bia', 'bia@x.com', 'CREATED', 12, 'Created lead 12.', MARK], ana, ana];
    const memory = { 'ana@x.com': 11, 'bia@x.com': 12 };
    expect(audit(rows, {}, memory)).toEqual({ rewrite: [], clear: [2, 3], ids: [] });
    // Once decided again (DUPLICATE of row 2) nothing is left to repair.
    const decided = ['Ana', 'ana@x.com', 'DUPLICATE', '', 'Same e-mail as row 2', MARK];
    const after = [ana, rows[1], decided, decided] as unknown[][];
    expect(audit(after, {}, memory)).toEqual({ rewrite: [], clear: [], ids: [] });
  });
});
