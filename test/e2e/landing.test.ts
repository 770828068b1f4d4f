/** The front door: the pre-rendered landing page hydrates cleanly, and a lead reaches the team. */
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { eventually } from './support/eventually';
import { logIn, newGuest } from './support/guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

it('arrives rendered, before any script, and hydrates without errors', async () => {
  const guest = await newGuest(browser);
  const html = await (await fetch(`${baseUrl()}/`)).text();
  expect(html).toContain('Sua história/festa/vibe/marca/tecnologia/decoração do seu jeito');
  expect(html).toContain('conexão ilimitada para todos');
  await guest.page.goto(`${baseUrl()}/`);
  await guest.page.getByRole('heading', { level: 1 }).waitFor();
  await expectAccessible(guest.page);
  // Hydrated: a client-side navigation works without a page load.
  await guest.page.getByRole('link', { name: 'Encontrar minhas fotos' }).click();
  await guest.page.getByRole('heading', { level: 1, name: 'Eventos' }).waitFor();
  await expectAccessible(guest.page);
  expect(guest.errors).toEqual([]);
  await guest.close();
});

/** The kinds of what waits in the app's outbox (IndexedDB `cabine-outbox`, store `items`). */
function waitingInOutbox(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('cabine-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          try {
            const request = open.result.transaction('items').objectStore('items').getAll();
            request.onerror = () => reject(request.error);
            request.onsuccess = () => resolve((request.result as Array<{ kind: string }>).map((item) => item.kind));
          } catch (error) {
            // No store: the app never wrote its outbox.
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
      }),
  );
}

it('a visitor sends the contact form and the lead appears in the team list', async () => {
  const nome = `Cliente ${crypto.randomBytes(3).toString('hex')}`;
  const visitor = await newGuest(browser);
  const { page } = visitor;
  await page.goto(`${baseUrl()}/`);
  const form = page.getByRole('form', { name: 'Fale com a gente' });
  await form.getByLabel('Nome *').fill(nome);
  await form.getByLabel('Evento *').fill('Casamento na praia');
  await form.getByLabel('Telefone').fill('(11) 98888-7777');
  await form.getByLabel('Como nos conheceu?').selectOption('Instagram');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await eventually(() => expect(visitor.alerts).toEqual(['Mensagem enviada com sucesso!']));
  expect(await form.getByLabel('Nome *').inputValue()).toBe('');
  // The form thanked at once; the lead leaves the outbox (IndexedDB) once the server has it.
  await eventually(async () => expect(await waitingInOutbox(page)).toEqual([]));
  await visitor.close();

  const team = await newGuest(browser);
  await logIn(team.page, 'equipe@cabine.example', 'demo1234');
  await team.page.getByRole('button', { name: 'Contatos' }).click();
  const row = team.page.getByRole('row').filter({ hasText: nome });
  await eventually(async () => expect(await row.count()).toBe(1), 15_000);
  await expectAccessible(team.page, "/account, the team's contacts");
  expect(await row.textContent()).toContain('Casamento na praia');
  expect(await team.page.getByRole('row').nth(1).textContent()).toContain(nome);
  await team.close();
});

it(`a first visit loads no outbox storage code; a lead sent offline waits in IndexedDB and goes out from the next page \
opened online`, async () => {
  const nome = `Cliente ${crypto.randomBytes(3).toString('hex')}`;
  const visitor = await newGuest(browser);
  const context = visitor.page.context();
  // The pages' own requests for the storage library (the service worker's precache is its own).
  const idbChunks: string[] = [];
  const watch = (page: Page) =>
    page.on('request', (request) => {
      if (/\/assets\/idb\.[0-9a-f]+\.js$/.test(new URL(request.url()).pathname)) idbChunks.push(request.url());
    });
  const first = visitor.page;
  watch(first);
  await first.goto(`${baseUrl()}/`);
  // Once the offline support runs, its worker serves the app's code: the library too, offline.
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const form = first.getByRole('form', { name: 'Fale com a gente' });
  await form.waitFor();
  // Interactive, its (empty) outbox read at start: without the IndexedDB library.
  expect(idbChunks).toEqual([]);
  // Writing a message brings it, online, so that a message sent offline is kept.
  await form.getByLabel('Nome *').fill(nome);
  await eventually(() => expect(idbChunks.length).toBeGreaterThan(0));

  await context.setOffline(true);
  await form.getByLabel('Evento *').fill('Festa sem sinal');
  await form.getByLabel('Telefone').fill('(11) 97777-6666');
  await form.getByLabel('Como nos conheceu?').selectOption('Instagram');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await eventually(() => expect(visitor.alerts).toEqual(['Mensagem enviada com sucesso!']));
  await eventually(async () => expect(await waitingInOutbox(first)).toEqual(['lead']));
  await first.close();

  // Back online, another page of the site: it finds the lead waiting and sends it.
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto(`${baseUrl()}/`);
  await eventually(async () => expect(await waitingInOutbox(next)).toEqual([]), 15_000);
  await visitor.close();

  const team = await newGuest(browser);
  await logIn(team.page, 'equipe@cabine.example', 'demo1234');
  await team.page.getByRole('button', { name: 'Contatos' }).click();
  const row = team.page.getByRole('row').filter({ hasText: nome });
  await eventually(async () => expect(await row.count()).toBe(1), 15_000);
  expect(await row.textContent()).toContain('Festa sem sinal');
  await team.close();
});
