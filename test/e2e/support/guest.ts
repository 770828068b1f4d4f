import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { baseUrl, phoneContext } from './browser';

export interface Guest {
  page: Page;
  /** Texts of the alerts shown so far (accepted automatically). */
  alerts: string[];
  /** Uncaught page errors and console errors (hydration problems show there). */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh phone, with no cookies: a new guest. `serviceWorkers: 'block'` for a journey that
 * watches the wire from the page: once the app's service worker controls the page, its requests
 * leave from the worker, a target the page's own CDP session does not see.
 */
export async function newGuest(
  browser: Browser,
  options: Pick<BrowserContextOptions, 'serviceWorkers'> = {},
): Promise<Guest> {
  const context = await phoneContext(browser, options);
  const page = await context.newPage();
  const alerts: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return { page, alerts, errors, close: () => context.close() };
}

/** Logs in on the login page of the stack at `base` (the suite's own by default). */
export async function logIn(page: Page, email: string, password: string, base = baseUrl()): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
