import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Where the journeys' screenshots go when a person asks for them: `SCREENSHOT_DIR=… npm run
 * test:e2e`. Unset (CI), none are taken: nobody looks at them there, and each one costs Chromium a
 * paint of the whole page and a PNG (decision 0083).
 */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR || undefined;

/** A screenshot named `name` in SCREENSHOT_DIR, of the screen or (fullPage) of the whole page; nothing when it is unset. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: options.fullPage ?? false });
}
