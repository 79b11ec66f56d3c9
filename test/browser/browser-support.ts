import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(process.cwd(), '.tmp', 'screenshots');
export const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** Why browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `browser tests SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, as .ci/run does)`;
}

function newest(dir: string): number {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
  }
  return latest;
}

/** Builds the app when web/dist is missing or older than its sources (npm install builds it too). */
export function ensureWebBuilt(): void {
  const built = join('web', 'dist', 'index.html');
  if (existsSync(built) && statSync(built).mtimeMs >= newest(join('web', 'src'))) return;
  const result = spawnSync(process.execPath, ['scripts/build-web.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the app failed');
}

/** Debian's Chromium, headless, with a fresh profile and no background traffic (the network is closed). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Screenshots of the page at both widths into .tmp/screenshots (git-ignored), checking on the way
 * that nothing scrolls sideways at either width.
 */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    // Strings, not functions: this file is compiled without the DOM library.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    if (overflow > 0) throw new Error(`${name} scrolls sideways by ${overflow}px at ${size.width}px`);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
