import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_KEYS } from '../../sandbox/index';
import { LEADS_HEADERS, SEND_HEADERS, SEND_SHEET } from '../../scripts/playground/demo-workbook';
import { type Playground, startPlayground } from '../../scripts/playground/server';
import type { NumberChoice, TemplateChoice } from '../../src/ui/send/model';

/** The send sidebar's read-only server functions, run in the real bundle against the sandbox. */
describe('uiListTemplates and uiListColumns', () => {
  let playground: Playground;

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, uiPort: 0, build: 'never' });
  });
  afterAll(async () => {
    await playground?.close();
  });

  const listTemplates = () =>
    // The sidebar's view of the answer; the full answer is compared below where it matters.
    playground.runtime.runOrThrow('uiListTemplates') as {
      templates: Array<TemplateChoice & Record<string, unknown>>;
      numbers: NumberChoice[];
    };

  it('lists exactly the APPROVED templates of the account, each with its text and variables', () => {
    const { templates } = listTemplates();
    const approved = playground.sandbox.state.templates
      .filter((t) => t.account_id === DEMO.accountId && t.status === 'APPROVED')
      .map((t) => t.id);
    expect(approved.length).toBeGreaterThan(0);
    expect(templates.map((t) => t.id)).toEqual(approved);
    for (const id of [DEMO.templates.pending, DEMO.templates.paused, DEMO.templates.other]) {
      expect(templates.map((t) => t.id)).not.toContain(id);
    }
    expect(templates.find((t) => t.id === DEMO.templates.textHeader)).toEqual({
      id: DEMO.templates.textHeader,
      name: 'lembrete_pagamento',
      language: 'pt_BR',
      category: 'UTILITY',
      instanceId: DEMO.instances.cloud,
      headerFormat: 'TEXT',
      headerText: 'Pedido {{1}}',
      body: 'Olá {{1}}, o pagamento de {{2}} vence em {{3}}.',
      footer: 'Responda SAIR para não receber mais.',
      variables: ['header_1', '1', '2', '3'],
      // The sandbox's templates carry no provider examples.
      examples: {},
    });
    expect(templates.find((t) => t.id === DEMO.templates.document)).toMatchObject({
      headerFormat: 'DOCUMENT',
      headerText: '',
      variables: ['1'],
    });
    expect(templates.find((t) => t.id === DEMO.templates.boasVindas)).toMatchObject({
      headerFormat: null,
      variables: ['1', '2'],
    });
  });

  it('lists the numbers, and only the cloud_api one sends templates', () => {
    const { numbers } = listTemplates();
    expect(numbers.map((n) => [n.id, n.provider, n.sendsTemplates, n.connected])).toEqual([
      [DEMO.instances.qr, 'unofficial', false, true],
      [DEMO.instances.cloud, 'cloud_api', true, true],
    ]);
    expect(numbers[1]).toMatchObject({ name: 'Atendimento Oficial', phone: '+5511940002000' });
  });

  it('tells a number the CRM reports in another state than connected', () => {
    const cloud = playground.sandbox.state.instances.find((i) => i.id === DEMO.instances.cloud);
    if (!cloud) throw new Error('the demo has a cloud_api number');
    cloud.status = 'disconnected';
    try {
      const { numbers } = listTemplates();
      expect(numbers.find((n) => n.id === DEMO.instances.cloud)?.connected).toBe(false);
    } finally {
      cloud.status = 'connected';
    }
  });

  it('names the sheet’s headers and its lead id column, matched blind to case', () => {
    expect(playground.runtime.runOrThrow('uiListColumns', SEND_SHEET)).toEqual({
      headers: [...SEND_HEADERS],
      leadIdColumn: 'CRM Lead ID',
    });
    expect(playground.runtime.runOrThrow('uiListColumns', 'Leads')).toEqual({
      headers: [...LEADS_HEADERS],
      leadIdColumn: null,
    });
    expect(playground.runtime.runOrThrow('uiListColumns', 'Export')).toEqual({
      headers: [],
      leadIdColumn: null,
    });
    playground.runtime.workbook
      .addSheet('Lower')
      .setValues(1, 1, [['nome', 'crm lead id', '', 'Valor']]);
    expect(playground.runtime.runOrThrow('uiListColumns', 'Lower')).toEqual({
      headers: ['nome', 'crm lead id', 'Valor'],
      leadIdColumn: 'crm lead id',
    });
  });

  it('leaves the CRM Send columns out once a send has written them', () => {
    const { runtime } = playground;
    runtime.runOrThrow('crmSendTemplate', {
      sheet: SEND_SHEET,
      templateId: DEMO.templates.boasVindas,
      variables: { '1': 'Nome', '2': { value: 'Comercial Automação' } },
    });
    const header = runtime.workbook.sheet(SEND_SHEET).getDisplayValues()[0] ?? [];
    expect(header).toContain('CRM Send Status');
    expect(runtime.runOrThrow('uiListColumns', SEND_SHEET)).toEqual({
      headers: [...SEND_HEADERS],
      leadIdColumn: 'CRM Lead ID',
    });
  });

  it.each([
    ['', /Pass the name of a sheet/],
    ['Nope', /No sheet is named "Nope"; pick another one\./],
  ])('uiListColumns(%j) says what to fix', (sheet, message) => {
    expect(playground.runtime.run('uiListColumns', sheet).error?.message).toMatch(message);
  });

  it('a refused key: says what to do, and never shows the key', () => {
    playground.sandbox.faults.revokeKey(DEMO_KEYS.admin);
    const error = playground.runtime.run('uiListTemplates').error?.message ?? '';
    expect(error).toMatch(/^Could not list the templates: The CRM refused the API key/);
    expect(error).toMatch(/save it in CRM → Settings/);
    expect(error).not.toContain(DEMO_KEYS.admin);
  });
});
