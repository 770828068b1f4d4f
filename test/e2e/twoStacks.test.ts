/**
 * One build runs anywhere: a second `npm start` on the same checkout, with its own ports and data,
 * reuses the build the first one made (it holds no environment's settings) and each serves pages
 * that talk to its own identity emulator. The second stack's own database cluster and emulator
 * are what this test is about: the one journey that starts a stack of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startStackProcess, type StackProcess, stackFolder } from '../../scripts/lib/stackProcess';
import { freePort } from '../../tools/localStack/freePort';
import { baseUrl, launchBrowser } from './support/browser';
import { logIn, newGuest } from './support/guest';

let browser: Browser;
let second: StackProcess | null = null;
let secondDir = '';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await second?.interrupt();
  await browser.close();
  if (secondDir) fs.rmSync(secondDir, { recursive: true, force: true });
});

async function logsInOn(url: string): Promise<void> {
  const { page, alerts, close } = await newGuest(browser);
  await logIn(page, 'convidado@cabine.example', 'demo1234', url);
  await page.getByRole('heading', { name: /^Olá, / }).waitFor();
  expect(page.url()).toBe(`${url}/account`);
  expect(alerts).toEqual([]);
  await close();
}

it('a second start with other ports reuses the build, and both stacks log in against their own emulator', async () => {
  const distDir = process.env.E2E_DIST_DIR ?? '';
  const builtBefore = fs.statSync(path.join(distDir, 'app.html')).mtimeMs;
  secondDir = stackFolder('e2e-second-');
  second = await startStackProcess({
    DATA_DIR: path.join(secondDir, 'data'),
    DIST_DIR: distDir,
    AUTH_EMULATOR_PORT: String(await freePort()),
    SKIP_BUILD: '0',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    TEAM_EMAILS: '',
  });
  expect(second.output()).not.toContain('building the web app');
  expect(fs.statSync(path.join(distDir, 'app.html')).mtimeMs).toBe(builtBefore);
  expect(second.url).not.toBe(baseUrl());

  // Each page names its own server's emulator.
  const emulatorOf = async (url: string) => {
    const html = await (await fetch(`${url}/login`)).text();
    return (
      JSON.parse(/<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
        firebase?: { authEmulatorUrl?: string };
      }
    ).firebase?.authEmulatorUrl;
  };
  const [firstEmulator, secondEmulator] = [await emulatorOf(baseUrl()), await emulatorOf(second.url)];
  expect(firstEmulator).toBe(process.env.E2E_AUTH_EMULATOR_URL);
  expect(secondEmulator).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(secondEmulator).not.toBe(firstEmulator);

  await logsInOn(second.url.replace(/\/$/, ''));
  await logsInOn(baseUrl());
}, 180_000);
