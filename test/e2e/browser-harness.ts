import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type FrameLocator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { bigSheetRows, LEADS_HEADERS } from '../../scripts/playground/demo-workbook';
import { type Playground, startPlayground } from '../../scripts/playground/server';

/**
 * The playground page in headless Chromium, shared by the browser tests. Chromium comes from
 * Debian (`apt-get install -y chromium`); without it the suites skip and say so in their title.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** Generous: under a full parallel test run the browser and the runtime share a busy machine. */
export const PATIENCE = { timeout: 15_000 };

/** The suite's title, which says why it was skipped when Chromium is absent. */
export function chromiumSuiteTitle(subject: string): string {
  return HAVE_CHROMIUM
    ? `${subject} in headless Chromium`
    : `${subject} in headless Chromium — SKIPPED: ${CHROMIUM} is absent (apt-get install -y chromium)`;
}

export interface PlaygroundInChromium {
  playground: Playground;
  page: Page;
  /** Closes the browser and the playground and deletes the browser's profile. */
  close(): Promise<void>;
}

/**
 * Starts a playground and opens its page in a fresh Chromium profile (a temporary folder named
 * from `profilePrefix`); if the browser cannot start, what was started is closed again. With
 * `locale` (e.g. `en_US`; the demo spreadsheet is `pt_BR`) the spreadsheet is reopened in that
 * locale first, so the menu and the sidebars speak its language. With `scrollbars`, pages draw
 * their scrollbars as a desktop browser does (headless hides them), so a 300 px sidebar with
 * more than a screenful leaves its content the 284 px a person gets.
 */
export async function openPlaygroundInChromium(
  profilePrefix: string,
  options: { locale?: string; scrollbars?: boolean } = {},
): Promise<PlaygroundInChromium> {
  const playground = await startPlayground({ port: 0, uiPort: 0, build: 'never' });
  if (options.locale !== undefined) {
    playground.runtime.workbook.locale = options.locale;
    playground.runtime.execute({
      fn: 'onOpen',
      authMode: 'LIMITED',
      event: { authMode: 'LIMITED' },
    });
  }
  const profile = mkdtempSync(join(tmpdir(), profilePrefix));
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    await playground.close();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1400, height: 900 },
      ...(options.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await context.newPage();
    await page.goto(playground.url);
    return { playground, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Clicks a CRM menu button and returns the sidebar frame once its title shows. */
export async function openSidebar(
  page: Page,
  caption: string,
  title: string,
): Promise<FrameLocator> {
  await page.locator(`nav button[data-menu="${caption}"]`).click();
  await expect.poll(() => page.locator('#sidebar-title').textContent(), PATIENCE).toBe(title);
  return page.frameLocator('#sidebar-frame');
}

/** The text of one cell of the page's grid. */
export function gridCellText(page: Page, sheet: string, a1: string): Promise<string | null> {
  return page.locator(`table.grid[data-sheet="${sheet}"] td[data-a1="${a1}"]`).textContent();
}

/** Screenshots the page with the grid scrolled to its right edge, where the status columns sit. */
export async function screenshotGridRightEdge(page: Page, path: string): Promise<void> {
  await page.locator('#grid').evaluate((grid) => {
    grid.scrollLeft = grid.scrollWidth;
  });
  await page.screenshot({ path });
}

/**
 * Adds a sheet of `rows` distinct leads whose import is slow: each upsert answers after 2.7 s of
 * simulated time. Upserts go out in parallel batches, so the rate limit (60 a minute) is what
 * bounds a slice: give more than 300 rows for a sheet one 4.5-minute slice cannot finish.
 */
export function addSlowImportSheet(playground: Playground, sheet: string, rows: number): void {
  playground.runtime.workbook
    .addSheet(sheet)
    .setValues(1, 1, [[...LEADS_HEADERS], ...bigSheetRows(rows)]);
  playground.sandbox.faults.add({
    kind: 'latency',
    latencyMs: 2_700,
    count: rows,
    method: 'POST',
    pathPrefix: '/leads/upsert',
  });
}
