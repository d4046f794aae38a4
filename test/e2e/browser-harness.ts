import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type FrameLocator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { bigSheetRows, LEADS_HEADERS } from '../../scripts/playground/demo-workbook';
import { type Playground, startPlayground } from '../../scripts/playground/server';

/**
 * The playground page in headless Chromium, shared by the browser tests. Chromium comes from
 * Debian (`apt-get install -y chromium`), never a downloaded browser; without it the suites skip,
 * say so in their title and print how to install it.
 */
export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests cannot run, with the command that fixes it; undefined when they can. */
export function chromiumMissing(path: string = CHROMIUM): string | undefined {
  if (existsSync(path)) return undefined;
  return (
    `Chromium is missing: ${path} does not exist, so the browser tests are skipped. ` +
    "Install Debian's package with `sudo apt-get install -y chromium` " +
    '(the tests use only that browser, never a downloaded one), then run npm test again.'
  );
}

export const HAVE_CHROMIUM = chromiumMissing() === undefined;
const MISSING = chromiumMissing();
// Said once per test file, where npm test's output shows it, not only in a skipped suite's title.
if (MISSING) process.stderr.write(`${MISSING}\n`);
/** Generous: under a full parallel test run the browser and the runtime share a busy machine. */
export const PATIENCE = { timeout: 15_000 };

/** The suite's title, which says why it was skipped when Chromium is absent. */
export function chromiumSuiteTitle(subject: string): string {
  return MISSING
    ? `${subject} in headless Chromium — SKIPPED: ${MISSING}`
    : `${subject} in headless Chromium`;
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
 * locale first, so the menu and the sidebars speak its language. `browserLocale` (e.g. `pt-BR`)
 * is the browser's own language (navigator.language; headless Chromium's default is en-US). With
 * `scrollbars`, pages draw their scrollbars as a desktop browser does (headless hides them), so a
 * 300 px sidebar with more than a screenful leaves its content the 284 px a person gets.
 */
export async function openPlaygroundInChromium(
  profilePrefix: string,
  options: { locale?: string; browserLocale?: string; scrollbars?: boolean } = {},
): Promise<PlaygroundInChromium> {
  if (MISSING) throw new Error(MISSING);
  // A prompt that waited for a click would block this thread, the test's own: see
  // openPlaygroundProcessInChromium for the page's dialogs.
  const playground = await startPlayground({
    port: 0,
    uiPort: 0,
    build: 'never',
    dialogs: 'default',
  });
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
    context = await launchChromium(profile, options.browserLocale, options.scrollbars);
    const page = await context.newPage();
    await page.goto(playground.url);
    return { playground, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface PlaygroundProcessInChromium {
  /** The page and the CRM sandbox's API (key DEMO_KEYS.admin), as `npm start` prints them. */
  url: string;
  sandboxUrl: string;
  page: Page;
  close(): Promise<void>;
}

/**
 * `npm start` in a process of its own, its page in Chromium: what a person runs. A menu call's
 * prompt blocks the playground's thread until the person answers (dialogs.ts), so the test that
 * answers it from the page must live on another thread than the playground.
 */
export async function openPlaygroundProcessInChromium(
  profilePrefix: string,
  options: { browserLocale?: string } = {},
): Promise<PlaygroundProcessInChromium> {
  if (MISSING) throw new Error(MISSING);
  const child = spawn(
    join(process.cwd(), 'node_modules', '.bin', 'tsx'),
    ['scripts/playground.ts'],
    {
      env: { ...process.env, PORT: '0', PORT_UI: '0', PLAYGROUND_BUILD: 'never' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const addresses = new Promise<{ url: string; sandboxUrl: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /Playground:\s+(\S+)/.exec(output)?.[1];
      const sandboxUrl = /CRM sandbox:\s+(\S+)/.exec(output)?.[1];
      if (url && sandboxUrl) resolve({ url, sandboxUrl });
    });
    child.once('exit', (code) => reject(new Error(`npm start ended (${code}): ${output}`)));
  });
  const profile = mkdtempSync(join(tmpdir(), profilePrefix));
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const { url, sandboxUrl } = await addresses;
    context = await launchChromium(profile, options.browserLocale);
    const page = await context.newPage();
    await page.goto(url);
    return { url, sandboxUrl, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Headless Chromium on a fresh profile; `locale` is the browser's language (navigator.language). */
function launchChromium(
  profile: string,
  locale: string | undefined,
  scrollbars = false,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    ...(locale ? { locale } : {}),
    ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    viewport: { width: 1400, height: 900 },
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
}

/** Clicks a CRM menu button and returns the sidebar frame once its title shows. */
export async function openSidebar(
  page: Page,
  caption: string,
  title: string,
): Promise<FrameLocator> {
  const frame = page.locator('#sidebar-frame');
  const before = await frame.getAttribute('src');
  await page.locator(`nav button[data-menu="${caption}"]`).click();
  await expect.poll(() => page.locator('#sidebar-title').textContent(), PATIENCE).toBe(title);
  // Each opening has its own address: until the frame has navigated to it, a locator may still
  // find the sidebar open before (Import and Export share element ids), as a loaded machine showed.
  await expect.poll(() => frame.getAttribute('src'), PATIENCE).not.toBe(before);
  const src = (await frame.getAttribute('src')) ?? '';
  await expect.poll(() => page.frames().some((f) => f.url().endsWith(src)), PATIENCE).toBe(true);
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
