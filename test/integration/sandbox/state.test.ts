import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../sandbox/index';
import { call, DAY, DEMO, DEMO_NOW, makeSandbox } from './helpers';

describe('demo data', () => {
  it('is the same on every run for the same clock', () => {
    const a = createSandbox({ now: () => DEMO_NOW });
    const b = createSandbox({ now: () => DEMO_NOW });
    expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
  });

  it('places every timestamp relative to the clock it is given', () => {
    const later = createSandbox({ now: () => DEMO_NOW + 10 * DAY });
    const base = createSandbox({ now: () => DEMO_NOW });
    const shift = (iso: string) => new Date(Date.parse(iso) + 10 * DAY).toISOString();
    expect(later.state.leads.map((l) => l.created_at)).toEqual(
      base.state.leads.map((l) => shift(l.created_at)),
    );
    expect(later.state.leads.every((l) => Date.parse(l.updated_at) <= DEMO_NOW + 10 * DAY)).toBe(
      true,
    );
  });

  it('holds a Brazilian sales account as documented', () => {
    const { sandbox } = makeSandbox();
    const s = sandbox.state;
    const mine = s.leads.filter((l) => l.account_id === DEMO.accountId);
    expect(mine).toHaveLength(300);
    expect(mine.filter((l) => l.tags.length > 0).length).toBeGreaterThan(150);
    expect(new Set(mine.map((l) => l.assigned_to)).size).toBeGreaterThan(2);
    expect(mine.filter((l) => Object.keys(l.custom_fields).length > 0).length).toBeGreaterThan(200);
    expect(mine.filter((l) => l.phone === null).length).toBeGreaterThan(5);
    expect(mine.filter((l) => l.email === null).length).toBeGreaterThan(5);
    const pipelines = s.pipelines.filter((p) => p.account_id === DEMO.accountId);
    for (const pipeline of pipelines) {
      const stages = s.stages.filter((st) => st.pipeline_id === pipeline.id);
      expect(stages.some((st) => st.is_won) && stages.some((st) => st.is_lost)).toBe(true);
    }
    expect(s.requiredTasks.length).toBeGreaterThan(2);
    expect(s.sales.length).toBeGreaterThan(10);
    expect(s.lostSales.length).toBeGreaterThan(10);
    expect(s.instances.filter((i) => i.account_id === 1).map((i) => i.provider)).toEqual([
      'unofficial',
      'cloud_api',
    ]);
    expect(s.nurtureSequences.some((q) => q.account_id === 1 && !q.is_active)).toBe(true);
    const stored = s.leads.find((l) => l.id === DEMO.leads.windowOpen);
    expect(stored?.name).toBe('Maria Silva');
  });

  it("stores every lead's custom field values in their field_type's form", () => {
    const { sandbox } = makeSandbox();
    const fields = sandbox.state.customFields;
    for (const lead of sandbox.state.leads) {
      for (const [name, value] of Object.entries(lead.custom_fields)) {
        const field = fields.find((f) => f.name === name && f.account_id === lead.account_id);
        expect(field, `${name} on lead ${lead.id}`).toBeDefined();
        const expected = {
          text: 'string',
          number: 'number',
          currency: 'number',
          date: 'string',
          select: 'string',
          multiselect: 'object',
          checkbox: 'boolean',
        }[field?.field_type ?? 'text'];
        expect(typeof value).toBe(expected);
      }
    }
  });

  it("seed 'empty' keeps keys and configuration but no leads", () => {
    const { sandbox } = makeSandbox({ seed: 'empty' });
    expect(call(sandbox, 'GET', '/leads').json.meta.total).toBe(0);
    expect(call(sandbox, 'GET', '/pipelines').json.pipelines).toHaveLength(3);
    expect(call(sandbox, 'GET', '/chatapp/templates').json.data.length).toBeGreaterThan(5);
    expect(call(sandbox, 'GET', '/automations').json.data).toEqual([]);
  });
});

describe('reset, save and load', () => {
  it('reset restores the seed and clears faults, log, rate windows and clock offset', () => {
    const { sandbox } = makeSandbox({ rateLimitPerMinute: 2 });
    const pristine = JSON.stringify(sandbox.state);
    call(sandbox, 'DELETE', `/leads/${DEMO.leads.windowOpen}`);
    call(sandbox, 'GET', '/account');
    sandbox.faults.add({ kind: '502', count: 5 });
    sandbox.clock.advance(5000);
    sandbox.reset();
    expect(JSON.stringify(sandbox.state)).toBe(pristine);
    expect(sandbox.faults.list()).toEqual([]);
    expect(sandbox.requests()).toEqual([]);
    expect(sandbox.clock.now()).toBe(DEMO_NOW);
    expect(call(sandbox, 'GET', '/account').status).toBe(200);
    sandbox.reset({ seed: 'empty' });
    expect(sandbox.state.leads).toEqual([]);
  });

  it('save and load round-trip the state through a JSON file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-sandbox-'));
    const file = join(dir, 'state.json');
    const { sandbox } = makeSandbox();
    const created = call(sandbox, 'POST', '/leads', {
      body: { name: 'Persistido', pipeline_id: 1, stage_id: 1 },
    }).json.lead;
    sandbox.save(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      format: 'crm-sandbox-state',
      version: 1,
    });
    const fresh = createSandbox({ now: () => DEMO_NOW, stateFile: file });
    expect(call(fresh, 'GET', `/leads/${created.id}`).json.lead.name).toBe('Persistido');
    const next = call(fresh, 'POST', '/leads', {
      body: { name: 'Depois', pipeline_id: 1, stage_id: 1 },
    }).json.lead;
    expect(next.id).toBe(created.id + 1);
    sandbox.reset();
    sandbox.load(file);
    expect(call(sandbox, 'GET', `/leads/${created.id}`).status).toBe(200);
  });

  it('refuses a file that is not a sandbox state, saying what it expected', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-sandbox-'));
    const file = join(dir, 'other.json');
    writeFileSync(file, '{"leads": []}');
    const { sandbox } = makeSandbox();
    expect(() => sandbox.load(file)).toThrow(/crm-sandbox-state/);
  });

  it('a stateFile that does not exist yet starts from the seed', () => {
    const sandbox = createSandbox({
      now: () => DEMO_NOW,
      stateFile: join(tmpdir(), 'crm-sandbox-missing-file.json'),
    });
    expect(sandbox.state.leads.length).toBeGreaterThan(300);
  });
});

describe('clock', () => {
  it('drives timestamps of new rows', () => {
    const { sandbox, advance } = makeSandbox();
    advance(90 * 60_000);
    const lead = call(sandbox, 'POST', '/leads', {
      body: { name: 'Relógio', pipeline_id: 1, stage_id: 1 },
    }).json.lead;
    expect(lead.created_at).toBe(new Date(DEMO_NOW + 90 * 60_000).toISOString());
    sandbox.clock.advance(1000);
    expect(sandbox.clock.now()).toBe(DEMO_NOW + 90 * 60_000 + 1000);
    expect(() => sandbox.clock.advance(-1)).toThrow(/ms >= 0/);
  });
});
