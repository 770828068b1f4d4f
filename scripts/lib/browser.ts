import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

/**
 * Which Chromium: 'browser', Debian's Chromium (`CHROMIUM_PATH` to choose another), the browser a phone runs, for the
 * benchmarks; 'shell', Debian's Chromium headless shell (`CHROMIUM_SHELL_PATH`), the same engine without a browser
 * window's machinery, which Playwright itself runs headless tests on: the journeys' pages cost about a third less
 * CPU in it (docs/testing.md#what-a-run-starts).
 */
export type ChromiumKind = 'browser' | 'shell';

export function chromiumPath(kind: ChromiumKind): string {
  return kind === 'shell'
    ? (process.env.CHROMIUM_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell')
    : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
}

/** Headless, with nothing that tries to reach the internet. */
function chromiumOptions(extraArgs: readonly string[], kind: ChromiumKind): LaunchOptions {
  return {
    executablePath: chromiumPath(kind),
    args: [
      ...extraArgs,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}

export function launchBrowser(extraArgs: readonly string[] = [], kind: ChromiumKind = 'browser'): Promise<Browser> {
  return chromium.launch(chromiumOptions(extraArgs, kind));
}

/** The same Chromium as a server other processes connect to (`connectBrowser`), on 127.0.0.1. */
export function launchBrowserServer(kind: ChromiumKind = 'browser'): Promise<BrowserServer> {
  return chromium.launchServer({ ...chromiumOptions([], kind), host: '127.0.0.1' });
}

/** A connection to a browser server: closing it closes its contexts and leaves the browser running. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
