/**
 * A guest's data in their hands (LGPD), against the whole stack: a guest
 * collects photos and searches with a selfie from Chromium's fake camera, opens the privacy page,
 * deletes everything with 'Apagar minhas fotos', and after a reload the collection is empty and
 * the server keeps nothing of theirs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { PrivacySummary } from '../../contract/wire';
import { expectAccessible } from './support/accessibility';
import { baseUrl } from './support/browser';
import { seededMedia } from './support/demoSeed';
import { browserWithFaceCamera, takeSelfie } from './support/fakeCamera';
import { newGuest } from './support/guest';

let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  // The camera shows a face: the face screen keeps a selfie's descriptor only when it finds one.
  ({ browser, close: closeBrowser } = await browserWithFaceCamera());
});

afterAll(() => closeBrowser());

async function summaryOf(page: Page, agent: string): Promise<PrivacySummary> {
  const response = await page.request.get(`${baseUrl()}/api/privacy/data/${agent}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PrivacySummary;
}

async function sendFace(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/face`);
  await takeSelfie(page);
  await page.getByRole('button', { name: 'Procurar minhas fotos' }).click();
  await page.getByRole('heading', { name: 'Suas fotos' }).waitFor();
}

it(`'Apagar minhas fotos': the collection and the selfie go, on the phone and on the server, and stay gone after a \
reload`, async () => {
  const guest = await newGuest(browser);
  const { page, alerts } = guest;
  try {
    const photos = seededMedia('festa_ana', 'pad').slice(0, 2);
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      await page.goto(`${baseUrl()}/collect?id=${photo}`);
      await page.getByText('Coletado!').waitFor();
    }
    await page.goto(`${baseUrl()}/collection`);
    await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button', { name: 'Item 2 de 2' }).waitFor();

    await sendFace(page);
    const agent = (await page.context().cookies()).find((cookie) => cookie.name === 'agent')?.value ?? '';
    expect(agent).not.toBe('');
    expect((await summaryOf(page, agent)).faces).toBe(1);
    // The selfie's descriptor, never its image.
    const faceFolder = path.join(process.env.E2E_DATA_DIR ?? '', 'faces', agent);
    expect(fs.existsSync(faceFolder)).toBe(false);

    // The collect links opened are their presence at the party (kept should the event be made private).
    expect((await summaryOf(page, agent)).grants).toBe(1);
    // From the collection's link, as a guest finds it.
    await page.goto(`${baseUrl()}/collection`);
    await page.getByRole('link', { name: 'Privacidade e seus dados' }).click();
    await page.waitForURL(/\/privacidade$/);
    await page.getByRole('heading', { level: 1, name: 'Privacidade e seus dados' }).waitFor();
    await page
      .getByText('1 registro do rosto, 0 imagens ou vídeos de cabine guardados para você; a sua presença em 1 evento')
      .waitFor();
    await page.getByText(/2 itens na coleção/).waitFor();
    // Readable on a 390 px phone: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Apagar minhas fotos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apagar minhas fotos?' });
    await dialog.getByText('pedidos e pagamentos, como exige a lei fiscal;').waitFor();
    await expectAccessible(page, 'privacy, the confirmation');
    const erased = page.waitForResponse((response) => response.url().endsWith('/api/privacy/erase'));
    await dialog.getByRole('button', { name: 'Sim, apagar tudo' }).click();
    expect((await erased).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Seus dados foram apagados.' }).waitFor();
    await page.getByText(/0 itens na coleção/).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Privacidade e seus dados' }).waitFor();
    await page
      .getByText('0 registros do rosto, 0 imagens ou vídeos de cabine guardados para você; a sua presença em 0 eventos')
      .waitFor();
    await page.goto(`${baseUrl()}/collection`);
    await page.waitForURL(/\/eventos$/);
    expect(alerts).toEqual(['Você ainda não coletou nenhuma foto!']);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'collection')).toBeUndefined();
    expect(cookies.find((cookie) => cookie.name === 'agent')?.value).toBe(agent);
    expect(await page.evaluate(() => localStorage.getItem('collection'))).toBe('[]');

    // The server confirms: nothing of this guest is left.
    expect(await summaryOf(page, agent)).toEqual({
      collection: 0,
      packs: 0,
      events: 0,
      faces: 0,
      results: 0,
      grants: 0,
      orders: 0,
    });
    expect(fs.existsSync(faceFolder)).toBe(false);
    const results = await page.request.get(`${baseUrl()}/api/agentResults/${agent}`);
    expect(await results.json()).toEqual({ product: [] });
    expect(guest.errors).toEqual([]);
  } finally {
    await guest.close();
  }
});
