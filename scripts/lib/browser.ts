import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

/** Debian's Chromium, headless, with nothing that tries to reach the internet. */
function chromiumOptions(extraArgs: readonly string[]): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch(chromiumOptions(extraArgs));
}

/** The same Chromium as a server other processes connect to (`connectBrowser`), on 127.0.0.1. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ ...chromiumOptions([]), host: '127.0.0.1' });
}

/** A connection to a browser server: closing it closes its contexts and leaves the browser running. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
