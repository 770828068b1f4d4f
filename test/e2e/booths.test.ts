/**
 * The booth experiences against the whole stack, with the booth simulator playing the devices as
 * a newcomer runs it (`npm run booth`): the AI mirror session from its QR code to the image in
 * Minha Coleção.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { newGuest } from './support/guest';

const ROOT = path.resolve(__dirname, '../..');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

/** `npm run booth -- --only ROLE --device ID`, until stopped; resolves with the first line matching `pattern`. */
function simulate(role: string, device: string, pattern: RegExp): { process: ChildProcess; line: Promise<string> } {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/src/cli/booth.ts', '--only', role, '--device', device, '--url', baseUrl()], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`the simulator said nothing like ${pattern}: ${seen}`)), 60_000);
    const read = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.split('\n').find((text) => pattern.test(text));
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', () => reject(new Error(`the simulator stopped: ${seen}`)));
  });
  return { process: child, line };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

it('the AI mirror: mode, magic, confirmation, the session ends with the image, which lands in Minha Coleção', async () => {
  const mirror = simulate('mirror', 'espelho-1', /\/espelho\?dh=/);
  const guest = await newGuest(browser);
  const { page } = guest;
  try {
    const shown = (await mirror.line).match(/(\/espelho\?\S+)/)?.[1] ?? '';
    expect(shown).toContain('dh=espelho-1');
    await page.goto(`${baseUrl()}${shown}`);
    await page.getByRole('heading', { name: 'Escolha o modo' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Anime' }).click();
    await page.getByRole('heading', { name: 'Escolha a mágica' }).waitFor();
    await page.getByRole('button', { name: 'Festival de verão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirma a escolha?' });
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await page.getByRole('heading', { name: 'Sessão em andamento' }).waitFor();
    // The simulator "thinks" 3 s; the phone asks every 5 s.
    await page.getByRole('heading', { name: 'Sessão finalizada' }).waitFor({ timeout: 30_000 });
    const image = page.getByRole('img', { name: 'Sua imagem do espelho mágico' });
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(/\/media\/festa_ana\/.+\/espelho-\d+\.\w+$/);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Coletar' }).click();
    await page.getByText('Coletado!').waitFor();
    await page.goto(`${baseUrl()}/collection`);
    const grid = page.getByRole('list', { name: 'Minha Coleção' });
    await grid.waitFor();
    const file = src.split('/').pop() ?? '';
    expect(await grid.locator(`img[src*="${file.replace(/\.\w+$/, '')}"]`).count()).toBe(1);
    expect(guest.errors).toEqual([]);
  } finally {
    await stop(mirror.process);
    await guest.close();
  }
});
