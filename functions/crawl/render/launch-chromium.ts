import { type Browser, chromium } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser (README set-up, `.ci/run`). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export interface ChromiumSettings {
  /** The Chromium binary: CHROMIUM_PATH, read by the wiring or the entry that launches. */
  executablePath: string;
  /** Flags added to the defaults below. */
  args?: readonly string[];
}

let launches = 0;

/** Browsers this process has started: a website read over HTTP must leave it unchanged. */
export function chromiumLaunches(): number {
  return launches;
}

/**
 * Headless Chromium through playwright-core: the crawler's renderer launches it with its lock-down
 * flags, and tests that drive a page launch it as it is. It starts no background traffic of its own.
 */
export function launchChromium(settings: ChromiumSettings): Promise<Browser> {
  launches++;
  return chromium.launch({
    executablePath: settings.executablePath,
    headless: true,
    args: [
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-domain-reliability',
      '--no-first-run',
      '--mute-audio',
      ...(settings.args ?? []),
    ],
  });
}
