import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { SEND_SHEET } from '../../scripts/playground/demo-workbook';
import type { Playground } from '../../scripts/playground/server';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar as openSidebarOf,
  PATIENCE,
} from './browser-harness';

/**
 * Mapping chosen from lists, in the playground's pt_BR spreadsheet at Google's 300 px: the
 * import's columns each get a select of the CRM's fields by their names (custom fields by
 * label), the add-on's own columns are never offered; the send's variables come pre-filled from
 * the template's words and the sheet's headers, and the one usable number is pre-selected.
 */
const SIDEBAR_WIDTH = 300;
const MAP_SHEET = 'Mapear';
const MAP_HEADERS = ['Nome', 'E-mail', 'Documento', 'Valor', 'CRM Send Status', 'CRM Sent At'];
const MAP_ROWS = [
  ['Mapa Primeiro', 'mapa.primeiro@example.com', '111.222.333-44', 'R$ 4.500,00', 'SENT', ''],
  ['Mapa Segundo', 'mapa.segundo@example.com', '555.666.777-88', '1.250,50', '', ''],
];

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('mapping from lists at 300 px'), () => {
  let playground: Playground;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-mapping-'));
    playground.runtime.workbook.addSheet(MAP_SHEET).setValues(1, 1, [MAP_HEADERS, ...MAP_ROWS]);
  });

  afterAll(async () => {
    await close?.();
  });

  const openSidebar = (caption: string, title: string) => openSidebarOf(page, caption, title);

  /** The sidebar's content is no wider than its 300 px frame: nothing to scroll sideways. */
  async function expectFits(sidebar: FrameLocator, state: string): Promise<void> {
    const width = await sidebar
      .locator('html')
      .evaluate((html) => Math.max(html.scrollWidth, html.ownerDocument.body.scrollWidth));
    expect(width, `${state}: scrollWidth`).toBeLessThanOrEqual(SIDEBAR_WIDTH);
  }

  const leadByEmail = (email: string) =>
    playground.sandbox.state.leads.find((lead) => lead.email === email);

  it('Import: each column gets a list of CRM fields and custom fields by label; status columns are absent', async () => {
    const sidebar = await openSidebar('Importar leads', 'CRM · Importar leads');
    await expect
      .poll(() => sidebar.locator(`#sheet option[value="${MAP_SHEET}"]`).count(), PATIENCE)
      .toBe(1);
    await sidebar.locator('#sheet').selectOption(MAP_SHEET);
    await sidebar.locator('#preview').click();
    const rows = sidebar.locator('#mapping .map-row');
    await expect.poll(() => rows.count(), PATIENCE).toBe(4);
    // The add-on's own columns are neither offered nor called "not recognised".
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-header')))).toEqual([
      'Nome',
      'E-mail',
      'Documento',
      'Valor',
    ]);
    expect(await sidebar.locator('#preview-result').textContent()).not.toMatch(/CRM Send|CRM Sent/);

    const valor = sidebar.locator('.map-row[data-header="Valor"]');
    const labels = await valor.locator('select option').allTextContents();
    for (const label of ['— ignorar —', 'Nome', 'E-mail', 'Telefone', 'Empresa', 'Valor']) {
      expect(labels).toContain(label);
    }
    for (const label of ['Origem', 'Etiquetas', 'Funil', 'Etapa', 'Observações', 'Aniversário']) {
      expect(labels).toContain(label);
    }
    expect(labels).toContain('Responsável');
    // The account's active custom fields, by label; never an API name to type.
    for (const label of ['CPF', 'Renda mensal', 'Segmento', 'Aceita WhatsApp']) {
      expect(labels).toContain(label);
    }
    expect(labels).not.toContain('Campo legado');
    expect(labels.join(' ')).not.toMatch(/custom_fields/);
    expect(await sidebar.locator('#preview-result input[type="text"]').count()).toBe(0);

    // Recognised columns start on their field, ticked; the unrecognised one on "ignore".
    expect(await valor.locator('select').inputValue()).toBe('value');
    expect(await valor.locator('input[type="checkbox"]').isChecked()).toBe(true);
    const documento = sidebar.locator('.map-row[data-header="Documento"]');
    expect(await documento.locator('select').inputValue()).toBe('');
    expect(await documento.locator('input[type="checkbox"]').isChecked()).toBe(false);
    await expectFits(sidebar, 'Import mapping');
  });

  it('Import: clicking a column’s text toggles its checkbox', async () => {
    const sidebar = page.frameLocator('#sidebar-frame');
    const email = sidebar.locator('.map-row[data-header="E-mail"]');
    const box = email.locator('input[type="checkbox"]');
    await email.locator('.map-header').click();
    expect(await box.isChecked()).toBe(false);
    expect(await email.locator('select').inputValue()).toBe('');
    await email.locator('.map-header').click();
    expect(await box.isChecked()).toBe(true);
    expect(await email.locator('select').inputValue()).toBe('email');
  });

  it('Import: a recognised column re-mapped to a custom field, and a new one mapped, are written to the CRM', async () => {
    const sidebar = page.frameLocator('#sidebar-frame');
    const valor = sidebar.locator('.map-row[data-header="Valor"]');
    const documento = sidebar.locator('.map-row[data-header="Documento"]');
    await valor.locator('select').selectOption({ label: 'Renda mensal' });
    await documento.locator('select').selectOption({ label: 'CPF' });
    expect(await documento.locator('input[type="checkbox"]').isChecked()).toBe(true);
    // Two columns on one field are stopped before anything starts.
    const nome = sidebar.locator('.map-row[data-header="Nome"] select');
    await sidebar.locator('.map-row[data-header="E-mail"] select').selectOption('name');
    await expect
      .poll(() => sidebar.locator('#mapping-problem').textContent(), PATIENCE)
      .toBe(
        'Mais de uma coluna vai para Nome (A · Nome, B · E-mail): deixe em uma só e escolha outro campo, ou ignorar, para as outras.',
      );
    await expectFits(sidebar, 'Import mapping with a problem');
    await sidebar.locator('.map-row[data-header="E-mail"] select').selectOption('email');
    expect(await sidebar.locator('#mapping-problem').isHidden()).toBe(true);
    expect(await nome.inputValue()).toBe('name');

    // New leads go to the account's default pipeline and its first stage: the pickers say so.
    await expect
      .poll(() => sidebar.locator('#pipeline option:checked').textContent(), PATIENCE)
      .toBe('Vendas (padrão)');
    await sidebar.locator('#start').click();
    const progress = sidebar.locator('.progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    await expectFits(sidebar, 'Import done');
    const first = leadByEmail('mapa.primeiro@example.com');
    const second = leadByEmail('mapa.segundo@example.com');
    expect(first?.custom_fields).toMatchObject({ cpf: '111.222.333-44', renda: 4500 });
    expect(second?.custom_fields).toMatchObject({ cpf: '555.666.777-88', renda: 1250.5 });
    // Valor went to the custom field only.
    expect(first?.value ?? null).toBeNull();
  });

  /** Opens the Send sidebar on the Envios sheet once its templates are listed. */
  async function openSend(): Promise<FrameLocator> {
    const sidebar = await openSidebar('Enviar template', 'CRM · Enviar template');
    await expect
      .poll(() => sidebar.locator(`#sheet option[value="${SEND_SHEET}"]`).count(), PATIENCE)
      .toBe(1);
    await expect
      .poll(
        () => sidebar.locator(`#template option[value="${DEMO.templates.textHeader}"]`).count(),
        PATIENCE,
      )
      .toBe(1);
    return sidebar;
  }

  it('Send: the one usable number is pre-selected; the variables come pre-filled from matching headers', async () => {
    const sidebar = await openSend();
    // One cloud_api number (the other is QR): chosen before any template, with no prompt.
    expect(await sidebar.locator('#number').inputValue()).toBe(String(DEMO.instances.cloud));
    expect(await sidebar.locator('#number option[value=""]').count()).toBe(0);

    await sidebar.locator('#sheet').selectOption(SEND_SHEET);
    // Header "Pedido {{1}}", body "Olá {{1}}, o pagamento de {{2}} vence em {{3}}."
    await sidebar.locator('#template').selectOption(String(DEMO.templates.textHeader));
    await expect
      .poll(() => sidebar.locator('#var-header_1').inputValue(), PATIENCE)
      .toBe('column:Pedido');
    expect(await sidebar.locator('#var-1').inputValue()).toBe('column:Nome');
    expect(await sidebar.locator('#var-2').inputValue()).toBe('column:Valor');
    expect(await sidebar.locator('#var-3').inputValue()).toBe('column:Vencimento');
    expect(await sidebar.locator('#suggested-hint').isVisible()).toBe(true);
    await expectFits(sidebar, 'Send with suggested variables');

    // The person can change a suggestion; the preview sends what is shown.
    await sidebar.locator('#var-2').selectOption('fixed');
    await sidebar.locator('#var-2-fixed').fill('R$ 10,00');
    await sidebar.locator('#preview').click();
    await expect
      .poll(() => sidebar.locator('#sample-text').textContent(), PATIENCE)
      .toMatch(/o pagamento de R\$ 10,00 vence em/);
    await expectFits(sidebar, 'Send preview');
  });

  it('Send: with several usable numbers none is pre-selected and the list asks to choose', async () => {
    const { state } = playground.sandbox;
    const id = (state.sequences.instances ?? 0) + 1;
    state.sequences.instances = id;
    state.instances.push({
      id,
      account_id: 1,
      provider: 'cloud_api',
      display_name: 'Segundo Oficial',
      phone_number: '+5511940009000',
      is_primary: false,
      status: 'connected',
      supports_templates: true,
      supports_buttons: true,
      has_window_restriction: true,
    });
    const sidebar = await openSend();
    expect(await sidebar.locator('#number').inputValue()).toBe('');
    expect(await sidebar.locator('#number option').first().textContent()).toBe(
      '— escolha um número —',
    );
    await expectFits(sidebar, 'Send with several numbers');
    // A template names its own number: that one is chosen.
    await sidebar.locator('#template').selectOption(String(DEMO.templates.textHeader));
    expect(await sidebar.locator('#number').inputValue()).toBe(String(DEMO.instances.cloud));
  });
});
