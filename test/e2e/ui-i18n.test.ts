import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import { DEMO_LEADS_EXPECTED, SEND_SHEET } from '../../scripts/playground/demo-workbook';
import type { Playground } from '../../scripts/playground/server';
import {
  chromiumSuiteTitle,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar as openSidebarOf,
  PATIENCE,
} from './browser-harness';

/**
 * The sidebars as a Brazilian user meets them, in the playground's pt_BR spreadsheet (São
 * Paulo): the menu, every sidebar and their messages in Portuguese; each sidebar within
 * Google's 300 px in its main states; one current state per sidebar.
 */
const SIDEBAR_WIDTH = 300;
/** A fixed send value far longer than any word wrap would save by itself. */
const LONG_VALUE = 'x'.repeat(5_000);

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('sidebars in pt-BR at 300 px'), () => {
  let playground: Playground;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-i18n-'));
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

  it('the CRM menu speaks Portuguese', async () => {
    await expect
      .poll(() => page.locator('nav button[data-menu]').allTextContents(), PATIENCE)
      .toEqual([
        'Configurações',
        'Importar leads',
        'Exportar leads',
        'Enviar template',
        'Ações em leads',
        'Enviar alterações',
        'Relatório do funil',
        'Processos',
        'Atualizar fórmulas',
        'Ajuda',
      ]);
  });

  it('Help: in Portuguese, its formulas wrap inside 300 px', async () => {
    const sidebar = await openSidebar('Ajuda', 'CRM · Ajuda');
    await expect
      .poll(() => sidebar.locator('h2').first().textContent(), PATIENCE)
      .toBe('Primeiros passos');
    expect(await sidebar.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await sidebar.locator('.examples code').first().textContent()).toMatch(/^=CRM_LEADS\(/);
    await expectFits(sidebar, 'Help');
  });

  it('Settings: a bad key is told in Portuguese, with no option name', async () => {
    const sidebar = await openSidebar('Configurações', 'CRM · Configurações');
    await expect
      .poll(() => sidebar.locator('#masked-key').textContent(), PATIENCE)
      .toBe('crm_…dmin');
    expect(await sidebar.locator('#key-state').textContent()).toBe(
      'Chave salva: crm_…dmin. Deixe o campo vazio para mantê-la.',
    );
    await expectFits(sidebar, 'Settings');
    await sidebar.locator('#api-key').fill('not-a-key');
    await sidebar.locator('#save').click();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe(
        'Isto não é uma chave de API do CRM: as chaves começam com crm_ e não têm espaços. Copie de novo no CRM (Configurações → Chaves de API).',
      );
    await expectFits(sidebar, 'Settings with an error');
  });

  it('Import: a new action clears the last result; the error is in Portuguese', async () => {
    playground.runtime.workbook.addSheet('Vazia');
    const sidebar = await openSidebar('Importar leads', 'CRM · Importar leads');
    await expect.poll(() => sidebar.locator('#sheet').inputValue(), PATIENCE).toBe('Leads');
    await expectFits(sidebar, 'Import form');
    await sidebar.locator('#start').click();
    const progress = sidebar.locator('.progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    const total = DEMO_LEADS_EXPECTED.length;
    expect(await progress.locator('.progress-state').textContent()).toBe('Concluído');
    expect(await progress.locator('.progress-numbers').textContent()).toBe(
      `${total} / ${total} linhas`,
    );
    await expectFits(sidebar, 'Import done');

    await sidebar.locator('#sheet').selectOption('Vazia');
    await sidebar.locator('#start').click();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe(
        'A linha 1 de “Vazia” está vazia. Coloque os cabeçalhos das colunas (Nome, E-mail, Telefone…) nessa linha, ou escolha a linha que os tem.',
      );
    // The last import's "Concluído" panel is gone: it is not this action's result.
    expect(await sidebar.locator('.progress').count()).toBe(0);
    await expectFits(sidebar, 'Import error');
  });

  it('Export: in Portuguese, within 300 px before and after a run', async () => {
    const sidebar = await openSidebar('Exportar leads', 'CRM · Exportar leads');
    await expect
      .poll(() => sidebar.locator('legend').first().textContent(), PATIENCE)
      .toBe('Filtros');
    expect(await sidebar.locator('label[for="inc-notes"]').textContent()).toBe('Anotações');
    await expectFits(sidebar, 'Export form');
    await sidebar.locator('#sheet').fill('');
    await sidebar.locator('#start').click();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe('Escolha ou digite o nome de uma planilha.');
    await sidebar.locator('#sheet').fill('Export');
    await expect

      .poll(() => sidebar.locator('#f-pipeline option[value="Vendas"]').count(), PATIENCE)

      .toBe(1);
    await sidebar.locator('#f-pipeline').selectOption('Vendas');
    await sidebar.locator('#start').click();
    const progress = sidebar.locator('.progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    expect(await progress.locator('.progress-state').textContent()).toBe('Concluído');
    await expectFits(sidebar, 'Export done');
  });

  it('Jobs: each job with its kind, sheet and when, in Portuguese; newest first', async () => {
    const sidebar = await openSidebar('Processos', 'CRM · Processos');
    const first = sidebar.locator('article.job').first();
    await expect
      .poll(() => first.locator('.progress').getAttribute('data-state'), PATIENCE)
      .toBe('done');
    expect(await sidebar.locator('.hint').first().textContent()).toMatch(
      /^Importações, exportações e envios desta planilha/,
    );
    // Newest first: the export just run, then the import before it.
    expect(await sidebar.locator('article.job .job-kind').allTextContents()).toEqual([
      'Exportação',
      'Importação',
    ]);
    expect(await first.locator('.progress-state').textContent()).toBe('Concluído');
    await expectFits(sidebar, 'Jobs');
  });

  it('Send: a 5,000-character fixed value wraps inside the preview', async () => {
    const sidebar = await openSidebar('Enviar template', 'CRM · Enviar template');
    await expect
      .poll(() => sidebar.locator(`#sheet option[value="${SEND_SHEET}"]`).count(), PATIENCE)
      .toBe(1);
    await sidebar.locator('#sheet').selectOption(SEND_SHEET);
    await expect
      .poll(
        () => sidebar.locator(`#template option[value="${DEMO.templates.textHeader}"]`).count(),
        PATIENCE,
      )
      .toBe(1);
    await sidebar.locator('#template').selectOption(String(DEMO.templates.textHeader));
    expect(await sidebar.locator('#warning').textContent()).toMatch(
      /^Uma mensagem enviada não pode ser desfeita\./,
    );
    await sidebar.locator('#var-header_1').selectOption('column:Pedido');
    await sidebar.locator('#var-1').selectOption('fixed');
    await sidebar.locator('#var-1-fixed').fill(LONG_VALUE);
    await sidebar.locator('#var-2').selectOption('column:Valor');
    await sidebar.locator('#var-3').selectOption('column:Vencimento');
    await sidebar.locator('#preview').click();
    await expect
      .poll(() => sidebar.locator('#sample-text').textContent(), PATIENCE)
      .toContain(LONG_VALUE);
    expect(await sidebar.locator('#preview-result label').first().textContent()).toMatch(
      /^A linha \d+ receberia:$/,
    );
    await expectFits(sidebar, 'Send preview with a long value');
  });
});
