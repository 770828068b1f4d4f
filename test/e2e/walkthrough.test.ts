/**
 * What a new guest met on a 390 px phone with the demo seed, journey by journey: an event link
 * that asks for a login without calling the event private and comes back after it; events by the
 * title people read.
 */
import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { logIn, newGuest } from './support/guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

it(`an event link asks a signed-out guest to log in without calling the event private, and the login brings them back \
to it`, async () => {
  const { page, alerts, close } = await newGuest(browser);
  await page.goto(`${baseUrl()}/eventos/evento/pad?id=festa-ana-2026`);
  await page.getByText('Entre na sua conta para abrir este evento pelo link.').waitFor();
  expect(await page.getByText(/privado/).count()).toBe(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Logar/Criar conta' }).click();
  await page.getByLabel('Email').fill('convidado@cabine.example');
  await page.getByLabel('Senha').fill('demo1234');
  await page.getByRole('button', { name: 'Login' }).click();

  await page.getByRole('heading', { level: 1, name: 'Festa da Ana' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/eventos/evento/pad');
  expect(new URL(page.url()).search).toBe('?id=festa-ana-2026');
  await page.getByRole('button', { name: /^Foto 1 de / }).waitFor();
  expect(alerts).toEqual([]);
  await close();
});

it('the events list and the event page show the title people read, not the slug', async () => {
  const { page, close } = await newGuest(browser);
  // A pack of the event puts it in the visitor's list.
  await page.goto(`${baseUrl()}/packs?pack=PACKDEMO5`);
  await page.getByRole('list', { name: 'Seus packs' }).waitFor();
  await page.goto(`${baseUrl()}/eventos`);
  const card = page.getByRole('list', { name: 'Seus eventos' }).getByRole('button', { name: /Festa da Ana/ });
  await card.waitFor();
  expect(await card.textContent()).not.toContain('festa_ana');
  await card.click();
  await page.getByRole('heading', { level: 1, name: 'Festa da Ana' }).waitFor();
  await close();
});

it(`naming the event of a paid order: a taken name stays red while typing, and the created event is in \
/eventos`, async () => {
  const { page, alerts, close } = await newGuest(browser);
  await logIn(page, 'convidado@cabine.example', 'demo1234');
  await page.getByRole('heading', { name: /^Olá, / }).waitFor();
  await page.getByRole('button', { name: 'Meu Evento' }).click();
  const field = page.getByLabel('Nome do evento');
  await field.fill('festa_ana');
  await page.getByText('Nome já existe').waitFor();
  // Still focused, as the guest is while typing: the border says it is taken.
  expect(await field.evaluate((input) => document.activeElement === input)).toBe(true);
  expect(await field.evaluate((input) => getComputedStyle(input).borderColor)).toBe('rgb(185, 28, 28)');

  const name = `festa_walk_${Date.now().toString(36)}`;
  await field.fill(name);
  await page.getByText('OK', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Criar meu Evento' }).click();
  // The page reloads on the same section, which now says the event exists.
  await page.getByText('Evento criado.').waitFor();
  await page.goto(`${baseUrl()}/eventos`);
  await page
    .getByRole('list', { name: 'Seus eventos' })
    .getByRole('button', { name: new RegExp(name) })
    .waitFor();
  expect(alerts).toEqual([]);
  await close();
});
