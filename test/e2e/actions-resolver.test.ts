/**
 * Lead actions name a row's lead only on complete evidence (PRODUCT.md "A key names a lead
 * only on complete evidence"; issue 27 item 1): in an account of 1,300 leads read 200 a page,
 * a row found by its e-mail on a later page is not taken for the other person on page 1 who
 * has the row's phone, and a key two leads hold names neither. Runs the real bundle against
 * the sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import {
  type ActionsWorld,
  createActionsWorld,
  plainLeads,
  runJob,
  SHEET,
} from './actions-harness';
import { crowdedAccount } from './import-harness';

const HEADER = ['Nome', 'E-mail', 'Telefone'];
const PHONE = '+5511987650001';
const FILLERS = 1_000;

interface Account {
  /** The row's own lead: its e-mail, created first (last page of the newest-first list). */
  own: number;
  /** Another person with the row's phone, created last (page 1). */
  other: number;
  /** A lead created in the middle, with the e-mail `twin` also holds. */
  shared: [number, number];
}

/** 1,000 more leads in the demo account (300): 7 pages of 200. */
function account(sandbox: Sandbox): Account {
  const model = plainLeads(sandbox, 1)[0];
  if (!model) throw new Error('no demo lead');
  const made = crowdedAccount(sandbox, {
    firstId: 50_000,
    place: { pipeline_id: model.pipeline_id, stage_id: model.stage_id },
    own: [{ name: 'Ana Própria', email: 'ana.propria@exemplo.com.br', phone: PHONE }],
    others: [{ name: 'Felipe Moreira', email: 'felipe@exemplo.com.br', phone: PHONE }],
    fillers: FILLERS,
    fillerAt: (i) => `2002-03-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00Z`,
  });
  return { own: made.own[0] as number, other: made.others[0] as number, shared: made.shared };
}

async function world(rows: unknown[][]): Promise<{ w: ActionsWorld; a: Account }> {
  let a: Account | undefined;
  const w = await createActionsWorld({
    header: HEADER,
    rows: (sandbox) => {
      a = account(sandbox);
      return rows;
    },
  });
  if (!a) throw new Error('no account');
  expect(w.sandbox.state.leads.filter((l) => l.account_id === 1).length).toBeGreaterThanOrEqual(
    1_300,
  );
  return { w, a };
}

const ownRow = ['Ana Própria', 'ana.propria@exemplo.com.br', '(11) 98765-0001'];

function writes(w: ActionsWorld): string[] {
  // The scope check before a run (a tag removed from a lead id no account has) changes nothing.
  return w
    .requests()
    .filter((r) => /^(DELETE|PUT|POST) \/api\/v1\/leads\/\d+/.test(r) && !r.includes('2147483647'));
}

describe('lead actions name a lead only on complete evidence', () => {
  // One row: page 1, then a search for its e-mail. Ten rows: every page (cheaper than ten searches).
  it.each([
    [1, 'page 1 then a search'],
    [10, 'a whole paged read'],
  ])(
    'a delete of %i row(s) by e-mail (%s) deletes the row’s own lead, never page 1’s holder of its phone',
    async (count) => {
      const more = Array.from({ length: count - 1 }, (_, i) => [
        `Contato ${i}`,
        `contato${i}@exemplo.com.br`,
        '',
      ]);
      const { w, a } = await world([ownRow, ...more]);
      const job = runJob(w, 'crmLeadActions', { sheet: SHEET, action: 'delete', confirm: count });
      expect(job.state).toBe('done');
      const ids = new Set(w.sandbox.state.leads.map((l) => l.id));
      expect(ids.has(a.other)).toBe(true);
      expect(ids.has(a.own)).toBe(false);
      expect(w.statuses()).toEqual(Array(count).fill('DONE'));
      expect(writes(w)).toContain(`DELETE /api/v1/leads/${a.own}`);
      expect(writes(w)).toHaveLength(count);
      expect(writes(w).filter((r) => r.includes(`/${a.other}`))).toEqual([]);
      const pages = w.requests().filter((r) => r.startsWith('GET /api/v1/leads?'));
      expect(pages.length).toBe(count === 1 ? 2 : 7);
    },
  );

  it('a stage change by e-mail moves the row’s own lead, and leaves the other person as they were', async () => {
    const { w, a } = await world([ownRow]);
    const lead = (id: number) => w.sandbox.state.leads.find((l) => l.id === id);
    const from = lead(a.own)?.stage_id;
    const target = w.sandbox.state.stages.find(
      (s) => s.pipeline_id === lead(a.own)?.pipeline_id && s.id !== from && !s.is_won && !s.is_lost,
    );
    if (!target) throw new Error('no other stage');
    const job = runJob(w, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: target.id },
    });
    expect(job.state).toBe('done');
    expect(w.statuses()).toEqual(['DONE']);
    expect(lead(a.own)?.stage_id).toBe(target.id);
    expect(lead(a.other)?.stage_id).toBe(from);
    expect(writes(w)).toEqual([`PUT /api/v1/leads/${a.own}/stage`]);
  });

  it('a key two leads hold (one on page 1, one on the last page) is SKIPPED naming both; nothing sent', async () => {
    const { w, a } = await world([['Duplo', 'duplo@exemplo.com.br', '']]);
    const preview = runJob(w, 'crmLeadActions', { sheet: SHEET, action: 'delete', preview: true });
    expect(w.statuses()).toEqual(['WILL_FAIL']);
    expect(preview.counts).toMatchObject({ WILL_FAIL: 1 });
    const job = runJob(w, 'crmLeadActions', {
      sheet: SHEET,
      action: 'stage',
      params: { stage: 'Proposta' },
    });
    expect(job.state).toBe('done');
    expect(w.statuses()).toEqual(['SKIPPED']);
    for (const id of a.shared) expect(w.details()[0]).toContain(`#${id}`);
    expect(writes(w)).toEqual([]);
  });
});
