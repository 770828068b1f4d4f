/**
 * The booth experiences against the whole stack, with the booth simulator playing the devices as
 * a newcomer runs it (`npm run booth`): the AI mirror session from its QR code to the image in
 * Minha Coleção, and the 360 platform from its settings to the collected video. (Face capture:
 * faceSearch.test.ts.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { newGuest } from './support/guest';
import { imagesOf } from './support/images';

const ROOT = path.resolve(__dirname, '../..');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

/** `npm run booth -- --only ROLE --device ID`, until stopped; resolves with the first line matching `pattern`. */
function simulate(role: string, device: string, pattern: RegExp): { process: ChildProcess; line: Promise<string> } {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      'tools/cli/booth.ts',
      '--only',
      role,
      '--device',
      device,
      '--url',
      baseUrl(),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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

it(`the AI mirror: mode, magic, confirmation, the session ends with the image, in 'Galeria' at once and on the next \
visit, untapped`, async () => {
  const mirror = simulate('mirror', 'espelho-1', /\/espelho\?dh=/);
  const guest = await newGuest(browser);
  const { page } = guest;
  try {
    const shown = (await mirror.line).match(/(\/espelho\?\S+)/)?.[1] ?? '';
    expect(shown).toContain('dh=espelho-1');
    await page.goto(`${baseUrl()}${shown}`);
    await page.getByRole('heading', { name: 'Escolha o modo' }).waitFor();
    await expectAccessible(page);
    // The modes' icons are the company's pictures: every one of them shows.
    const icons = await imagesOf(page);
    expect(icons.filter((image) => image.src.includes('/catalogo/espelho-')).length).toBeGreaterThanOrEqual(3);
    expect(icons.filter((image) => !image.decoded)).toEqual([]);
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
    // The guest's own image: under a random name, not the one the mirror sent (espelho-{time}).
    expect(src).toMatch(/\/media\/festa_ana\/feed\/[0-9a-f]{32}\.\w+$/);
    await expectAccessible(page);

    expect(await page.getByRole('link', { name: 'Coletar' }).count()).toBe(1);
    const file = src.split('/').pop() ?? '';
    const mineIn = (grid: Locator) => grid.locator(`img[src*="${file.replace(/\.\w+$/, '')}"]`);
    // 'Galeria' at once, untapped 'Coletar': the image is in Minha Coleção the moment the session
    // ends, whatever the results the app asked for at its start (before the image existed) said.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Galeria' }).click();
    const shownAtOnce = mineIn(page.getByRole('list', { name: 'Minha Coleção' }));
    // Whichever the page comes to first: the image, or calling the collection empty (an alert, and away to /eventos).
    await Promise.race([shownAtOnce.first().waitFor(), page.waitForURL(/\/eventos/)]);
    expect(guest.alerts).toEqual([]);
    expect(page.url()).toBe(`${baseUrl()}/collection`);
    expect(await shownAtOnce.count()).toBe(1);
    // The guest walks away without tapping 'Coletar': the image is theirs all the same, and
    // Minha Coleção shows it the next time they open the site on this phone.
    await page.close();
    const later = await guest.page.context().newPage();
    await later.goto(`${baseUrl()}/collection`);
    const grid = later.getByRole('list', { name: 'Minha Coleção' });
    await grid.waitFor();
    const mine = mineIn(grid);
    await mine.first().waitFor();
    expect(await mine.count()).toBe(1);
    expect(guest.errors).toEqual([]);
  } finally {
    await stop(mirror.process);
    await guest.close();
  }
});

it('the 360 platform: settings from its QR code, the session, the video ready, collected', async () => {
  const ultra = simulate('ultra', 'plataforma-360', /\/ultraQR\?/);
  const guest = await newGuest(browser);
  const { page } = guest;
  try {
    const shown = (await ultra.line).match(/(\/ultraQR\?\S+)/)?.[1] ?? '';
    await page.goto(`${baseUrl()}${shown}`);
    await page.getByRole('heading', { name: 'Ajuste seu 360' }).waitFor();
    await expectAccessible(page);
    const speed = page.getByLabel('Velocidade');
    expect(await speed.inputValue()).toBe('20');
    await speed.fill('60');
    await page.getByRole('radio', { name: 'Vem Tremer' }).check();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL(/\/ultraLast\?/);
    await page.getByText('Sessão em andamento').waitFor();
    // The simulator records for 6 s; the phone asks every 5 s.
    await page.getByText('Seu vídeo está pronto!').waitFor({ timeout: 30_000 });
    await expectAccessible(page);

    // The next guest in the queue opening the same result link sees nothing of this one's video.
    const stranger = await newGuest(browser);
    try {
      await stranger.page.goto(page.url());
      await stranger.page.getByText('Ainda não há um vídeo seu nesta plataforma 360.', { exact: false }).waitFor();
      expect(await stranger.page.getByText('Seu vídeo está pronto!').count()).toBe(0);
      expect(await stranger.page.locator('video').count()).toBe(0);
    } finally {
      await stranger.close();
    }

    await page.getByRole('link', { name: 'COLETAR MEU VÍDEO' }).click();
    await page.getByText('Coletado!').waitFor();
    const collected = decodeURIComponent(
      (await page.context().cookies()).find((cookie) => cookie.name === 'collection')?.value ?? '',
    );
    expect(collected).toMatch(/\/media\/festa_ana\/360\/[^,]+\.mp4/);
    expect(guest.errors).toEqual([]);
  } finally {
    await stop(ultra.process);
    await guest.close();
  }
});
