import { existsSync } from 'node:fs';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../sandbox/index';
import {
  DEMO_SEND_EXPECTED,
  SEND_HEADERS,
  SEND_SHEET,
  sendSheetRows,
} from '../../scripts/playground/demo-workbook';
import type { Playground } from '../../scripts/playground/server';
import {
  chromiumSuiteTitle,
  gridCellText,
  HAVE_CHROMIUM,
  openPlaygroundInChromium,
  openSidebar,
  PATIENCE,
  screenshotGridRightEdge,
} from './browser-harness';

/**
 * The Send template sidebar in a real browser, over the playground's 'Envios' sheet: pick the
 * payment reminder (text header with a variable, three body variables) on the cloud_api number,
 * map each variable to a column, preview, confirm, and watch the job end with each row's status
 * and message id in the grid.
 */
const SCREENSHOT = '/tmp/crm-playground-send.png';
const SIDEBAR_SCREENSHOT = '/tmp/crm-playground-send-sidebar.png';

/** The template the test sends: header "Pedido {{1}}", body "Olá {{1}}, o pagamento de {{2}} vence em {{3}}." */
const TEMPLATE_ID = DEMO.templates.textHeader;
const SENT_ROWS = DEMO_SEND_EXPECTED.filter((r) => r.status === 'SENT');
const SKIPPED_ROWS = DEMO_SEND_EXPECTED.filter((r) => r.status === 'SKIPPED');
/** The send's status columns land right of the data, in this order. */
const STATUS_COLUMN = String.fromCharCode(65 + SEND_HEADERS.length);
const MESSAGE_ID_COLUMN = String.fromCharCode(66 + SEND_HEADERS.length);
const DETAIL_COLUMN = String.fromCharCode(67 + SEND_HEADERS.length);

describe.skipIf(!HAVE_CHROMIUM)(chromiumSuiteTitle('Send template sidebar'), () => {
  let playground: Playground;
  let page: Page;
  let close: (() => Promise<void>) | undefined;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    ({ playground, page, close } = await openPlaygroundInChromium('crm-chromium-send-', {
      // The demo spreadsheet is Brazilian; these tests read the English words.
      locale: 'en_US',
    }));
  });

  afterAll(async () => {
    await close?.();
  });

  const cellText = (a1: string) => gridCellText(page, SEND_SHEET, a1);

  const templateSends = () =>
    playground.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith('/send-chatapp-template'));

  it('opens from the CRM menu with the approved templates, the cloud_api number and the sheet columns', async () => {
    sidebar = await openSidebar(page, 'Send template', 'CRM · Send template');
    await expect
      .poll(() => sidebar.locator(`#sheet option[value="${SEND_SHEET}"]`).count(), PATIENCE)
      .toBe(1);
    await sidebar.locator('#sheet').selectOption(SEND_SHEET);
    await expect
      .poll(() => sidebar.locator(`#template option[value="${TEMPLATE_ID}"]`).count(), PATIENCE)
      .toBe(1);
    // Only APPROVED templates are offered: the pending one is not.
    const offered = await sidebar.locator('#template option').allTextContents();
    expect(offered).toContain('lembrete_pagamento (pt_BR)');
    expect(offered.join(' ')).not.toContain('promo_pendente');
    // The warning is there before anything can be sent.
    expect(await sidebar.locator('#warning').textContent()).toMatch(/cannot be recalled/);
    expect(await sidebar.locator('#warning').textContent()).toMatch(/UNCERTAIN/);

    await sidebar.locator('#template').selectOption(String(TEMPLATE_ID));
    expect(await sidebar.locator('#template-text .tpl-body').textContent()).toBe(
      'Olá {{1}}, o pagamento de {{2}} vence em {{3}}.',
    );
    expect(await sidebar.locator('#template-text .tpl-header').textContent()).toBe('Pedido {{1}}');
    // The template's own number, the official one; the QR number is listed but cannot be picked.
    expect(await sidebar.locator('#number').inputValue()).toBe(String(DEMO.instances.cloud));
    expect(await sidebar.locator(`#number option[value="${DEMO.instances.qr}"]`).isDisabled()).toBe(
      true,
    );
    // The import's lead id column is the default way to find each row's lead.
    await expect
      .poll(() => sidebar.locator('#lead').inputValue(), PATIENCE)
      .toBe('column:CRM Lead ID');
    expect(await sidebar.locator('#var-header_1 option').allTextContents()).toEqual([
      '— pick a column —',
      ...SEND_HEADERS.map((h) => `Column: ${h}`),
      'Fixed text…',
    ]);
  });

  it('Preview with variables unmapped says which to pick, and sends nothing', async () => {
    // Every variable came suggested from the headers; unset two of them.
    await sidebar.locator('#var-header_1').selectOption('');
    await sidebar.locator('#var-3').selectOption('');
    await sidebar.locator('#preview').click();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe('Pick a column or fixed text for Header {{1}}; pick a column or fixed text for {{3}}.');
    expect(await sidebar.locator('#status').getAttribute('class')).toBe('status error');
    expect(templateSends()).toHaveLength(0);
  });

  it('Preview shows the first message as the lead will read it and counts the rows it would skip', async () => {
    await sidebar.locator('#var-header_1').selectOption('column:Pedido');
    await sidebar.locator('#var-1').selectOption('column:Nome');
    await sidebar.locator('#var-2').selectOption('column:Valor');
    await sidebar.locator('#var-3').selectOption('column:Vencimento');
    await sidebar.locator('#preview').click();

    const [name, , amount, due] = sendSheetRows()[0] ?? [];
    await expect
      .poll(() => sidebar.locator('#sample-text').textContent(), PATIENCE)
      .toBe(`Olá ${name}, o pagamento de ${amount} vence em ${due}.`);
    const count = (status: string) =>
      sidebar.locator(`#preview-counts [data-status="${status}"] b`).textContent();
    expect(await count('QUEUED')).toBe(String(SENT_ROWS.length));
    expect(await count('SKIPPED')).toBe(String(SKIPPED_ROWS.length));
    expect(await sidebar.locator('#preview-counts [data-status="SKIPPED"]').textContent()).toMatch(
      /empty/,
    );
    // Each skipped row is named with its reason before anything is sent.
    const reasons = await sidebar.locator('#preview-skipped li').allTextContents();
    expect(reasons.map((text) => Number(/^Row (\d+)/.exec(text)?.[1]))).toEqual(
      SKIPPED_ROWS.map((r) => r.row),
    );
    for (const text of reasons) expect(text).toMatch(/empty/);
    expect(templateSends()).toHaveLength(0);
    await page.locator('#sidebar-frame').screenshot({ path: SIDEBAR_SCREENSHOT });
  });

  it('Send asks first, then runs to done: the grid shows SENT with message ids and SKIPPED with reasons', async () => {
    await sidebar.locator('#send').click();
    await expect.poll(() => sidebar.locator('#confirm').isVisible(), PATIENCE).toBe(true);
    expect(await sidebar.locator('#confirm-text').textContent()).toBe(
      `Send “lembrete_pagamento” to ${SENT_ROWS.length} rows of “${SEND_SHEET}”? ${SKIPPED_ROWS.length} rows will be SKIPPED. A sent message cannot be recalled.`,
    );
    expect(templateSends()).toHaveLength(0);

    await sidebar.locator('#confirm-send').click();
    const progress = sidebar.locator('.progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    const total = DEMO_SEND_EXPECTED.length;
    expect(await progress.locator('.progress-numbers').textContent()).toBe(
      `${total} / ${total} rows`,
    );
    expect(await progress.locator('[data-status="SENT"] b').textContent()).toBe(
      String(SENT_ROWS.length),
    );
    expect(await progress.locator('[data-status="SKIPPED"] b').textContent()).toBe(
      String(SKIPPED_ROWS.length),
    );
    expect(await sidebar.locator('#after').textContent()).toMatch(
      /SKIPPED: CRM Send Detail says why/,
    );
    // One request per SENT row; a SKIPPED row costs none.
    expect(templateSends()).toHaveLength(SENT_ROWS.length);
    expect(await sidebar.locator('#preview-result').isVisible()).toBe(false);

    await page.locator(`#tabs .tab[data-sheet="${SEND_SHEET}"]`).click();
    await expect.poll(() => cellText(`${STATUS_COLUMN}1`), PATIENCE).toBe('CRM Send Status');
    expect(await cellText(`${MESSAGE_ID_COLUMN}1`)).toBe('CRM Message ID');
    const messageIds = new Set<string>();
    for (const { row, status } of DEMO_SEND_EXPECTED) {
      expect(await cellText(`${STATUS_COLUMN}${row}`), `row ${row}`).toBe(status);
      const messageId = (await cellText(`${MESSAGE_ID_COLUMN}${row}`)) ?? '';
      if (status === 'SENT') {
        expect(messageId, `row ${row}`).toMatch(/^\d+$/);
        messageIds.add(messageId);
      } else {
        expect(messageId, `row ${row}`).toBe('');
        expect(await cellText(`${DETAIL_COLUMN}${row}`), `row ${row}`).toMatch(/empty/);
      }
    }
    expect(messageIds.size).toBe(SENT_ROWS.length);

    await screenshotGridRightEdge(page, SCREENSHOT);
    expect(existsSync(SCREENSHOT)).toBe(true);
  });

  it('a second Send finds nothing left to send: SENT rows are never sent again', async () => {
    await sidebar.locator('#send').click();
    await expect
      .poll(() => sidebar.locator('#status').textContent(), PATIENCE)
      .toBe('No row would be sent: see the preview.');
    expect(await sidebar.locator('#preview-counts [data-status="SENT"] b').textContent()).toBe(
      String(SENT_ROWS.length),
    );
    expect(await sidebar.locator('#confirm').isVisible()).toBe(false);
    expect(templateSends()).toHaveLength(SENT_ROWS.length);
  });

  it('a lead whose SENT status was cleared gets the template again only when the person ticks "Send again" (issue 16 item 2)', async () => {
    const first = SENT_ROWS[0]?.row ?? 0;
    playground.runtime
      .sheet(SEND_SHEET)
      .setValues(first, SEND_HEADERS.length + 1, [['', '', '', '']]);
    await sidebar.locator('#send').click();
    await expect.poll(() => sidebar.locator('#confirm').isVisible(), PATIENCE).toBe(true);
    expect(await sidebar.locator('#confirm-text').textContent()).toMatch(
      /1 lead got “lembrete_pagamento” from this spreadsheet before \(on \d{1,2}\/\d{1,2}\/\d{2,4}; the CRM Send Record sheet keeps it\): it is SKIPPED unless you tick “Send again to leads that got it before”\./,
    );
    expect(await sidebar.locator('#confirm-resend').isChecked()).toBe(false);
    await sidebar.locator('#confirm-resend').check();
    await sidebar.locator('#confirm-send').click();
    const progress = sidebar.locator('.progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    // That row's lead only, once more; the rows still SENT are never sent again.
    expect(templateSends()).toHaveLength(SENT_ROWS.length + 1);
    expect(await cellText(`${STATUS_COLUMN}${first}`)).toBe('SENT');
  });
});
