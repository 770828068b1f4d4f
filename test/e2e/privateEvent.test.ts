/**
 * The owner of an event makes it private from the account screen: from then on a stranger cannot
 * load its photos, not even with an account of their own, while the owner, and a guest who scanned
 * one of its collect links and signed in, see its gallery load, on another phone too; so does one
 * who scanned the booth's screen; and none of them once the owner takes every guest's access (issue
 * 25, "Who may see an event").
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { SeedFile } from '../../server/src/modules/seed/seedFormat';
import { baseUrl, launchBrowser } from './support/browser';
import { eventually } from './support/eventually';
import { logIn, newGuest } from './support/guest';
import { seedIn } from './support/seedBeside';
import { DEVICE_PATHS } from '../../contract/devicePaths';

let browser: Browser;
let seedDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-event-seed-'));
});

afterAll(async () => {
  await browser.close();
  fs.rmSync(seedDir, { recursive: true, force: true });
});

/** A seed beside the running stack, its media files (if any) in the file's folder. */
const seed = (name: string, content: SeedFile) => seedIn(seedDir, content, name);

/** Whether an `<img>` on a page of the site loads `url` (drawn: naturalWidth > 0). */
function imageLoads(page: Page, url: string): Promise<boolean> {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth > 0);
        img.onerror = () => resolve(false);
        img.src = src;
      }),
    url,
  );
}

it('the owner makes the event private: signed out its photos do not load, signed in its gallery does', async () => {
  const tag = crypto.randomBytes(4).toString('hex');
  const owner = { uid: `dona-${tag}`, email: `dona-${tag}@example.com`, password: 'segredo-123' };
  const strangerAccount = {
    uid: `estranho-${tag}`,
    email: `estranho-${tag}@example.com`,
    password: 'segredo-123',
    displayName: 'Estranho',
  };
  const guestAccount = {
    uid: `convidada-${tag}`,
    email: `convidada-${tag}@example.com`,
    password: 'segredo-123',
    displayName: 'Convidada',
  };
  const event = `privada_${tag}`;
  const key = `chave-${tag}-0001`;
  await seed('owner', {
    accounts: [
      { uid: owner.uid, email: owner.email, password: owner.password, displayName: 'Dona do Evento' },
      strangerAccount,
      guestAccount,
    ],
    orders: [
      {
        orderId: `${100_000_000 + crypto.randomInt(800_000_000)}`,
        coupon: 'BEMVINDO10',
        uid: owner.uid,
        clientName: 'Dona do Evento',
        email: owner.email,
        cpf: '52998224725',
        eventName: 'Formatura da Dona',
        eventDate: '2027-05-20',
        eventTime: '19:30',
        paymentMethod: 'card',
        status: 'approved',
        products: [{ id: 'totem-fotos' }],
      },
    ],
  });

  const ownerPhone = await newGuest(browser);
  const { page } = ownerPhone;
  await logIn(page, owner.email, owner.password);
  await page.waitForURL(`${baseUrl()}/account`);
  await page.goto(`${baseUrl()}/account?secao=evento`);
  await page.getByLabel('Nome do evento').fill(event);
  await page.getByText('OK', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Criar meu Evento' }).click();
  await page.getByText('Evento criado.').waitFor();

  // The event's booth took two photos while it was public.
  fs.writeFileSync(
    path.join(seedDir, 'foto.jpg'),
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0e7490' } })
      .jpeg()
      .toBuffer(),
  );
  await seed('booth', {
    devices: [{ id: `totem-${tag}`, kind: 'booth', event, mode: 'pad', key }],
    media: [
      { event, mode: 'pad', file: 'foto-01.jpg', source: 'foto.jpg', device: `totem-${tag}` },
      { event, mode: 'pad', file: 'foto-02.jpg', source: 'foto.jpg', device: `totem-${tag}` },
    ],
  });
  const photo = `/media/${event}/pad/foto-01.jpg`;
  const thumb = `/thumbs/${event}/pad/foto-01.jpg.webp`;

  const stranger = await newGuest(browser);
  await stranger.page.goto(`${baseUrl()}/eventos`);
  // Public so far: anyone loads them. (Another photo than the ones tried below: what a browser
  // loaded while the event was public stays in its own cache, a year long.)
  expect(await imageLoads(stranger.page, `/thumbs/${event}/pad/foto-02.jpg.webp`)).toBe(true);

  await page.goto(`${baseUrl()}/account?secao=evento`);
  const group = page.getByRole('group', { name: `Quem vê as fotos de ${event}` });
  await group.getByRole('radio', { name: 'Público' }).waitFor();
  expect(await group.getByRole('radio', { name: 'Público' }).isChecked()).toBe(true);
  await group.getByRole('radio', { name: 'Privado' }).check();
  await page.getByRole('button', { name: 'Salvar visibilidade' }).click();
  await page.getByText('Visibilidade do evento salva.').waitFor();

  // After it, a new photo from the booth gets a random name.
  const upload = await fetch(`${baseUrl()}${DEVICE_PATHS.media}?file=foto-03.jpg`, {
    method: 'POST',
    headers: { 'x-device-id': `totem-${tag}`, 'x-device-key': key, 'content-type': 'image/jpeg' },
    body: fs.readFileSync(path.join(seedDir, 'foto.jpg')),
  });
  expect(upload.status).toBe(200);
  const fresh = ((await upload.json()) as { url: string }).url;
  expect(fresh).toMatch(new RegExp(`^/media/${event}/pad/[0-9a-f]{32}\\.jpg$`));

  // Signed out: nothing loads, not even by the URL it had while public.
  // (Not the new photo's random name: that is its collect link, which would make the stranger a guest.)
  for (const url of [photo, thumb]) {
    expect({ url, loads: await imageLoads(stranger.page, url) }).toEqual({ url, loads: false });
  }
  // Its old address tells a stranger nothing, not even that the event exists.
  const direct = await stranger.page.goto(`${baseUrl()}${photo}`);
  expect(direct?.status()).toBe(404);
  expect(direct?.headers()['content-type']).toMatch(/^application\/json/);

  // An account is no pass: the stranger signs in and the event is still not there for them.
  await logIn(stranger.page, strangerAccount.email, strangerAccount.password);
  await stranger.page.waitForURL(`${baseUrl()}/account`);
  await stranger.page.goto(`${baseUrl()}/eventos/evento/pad?evento=${event}`);
  await stranger.page.getByText('Evento não encontrado.').first().waitFor();
  expect(await stranger.page.getByRole('list', { name: 'Galeria Pad' }).count()).toBe(0);

  // A guest scans the collect link of the new photo, signed out: it is theirs once they sign in.
  const guestPhone = await newGuest(browser);
  await guestPhone.page.goto(`${baseUrl()}/collect?id=${fresh}`);
  await guestPhone.page.getByText('Este evento é privado', { exact: false }).first().waitFor();
  await logIn(guestPhone.page, guestAccount.email, guestAccount.password);
  await guestPhone.page.waitForURL(/\/(account|collect)/);
  await guestPhone.page.goto(`${baseUrl()}/collect?id=${fresh}`);
  await guestPhone.page.getByText('Coletado!').waitFor();
  // On another phone, the same account opens the event's gallery.
  const otherPhone = await newGuest(browser);
  await logIn(otherPhone.page, guestAccount.email, guestAccount.password);
  await otherPhone.page.waitForURL(`${baseUrl()}/account`);
  await otherPhone.page.goto(`${baseUrl()}/eventos/evento/pad?evento=${event}`);
  await otherPhone.page.getByRole('list', { name: 'Galeria Pad' }).waitFor();
  await eventually(async () => {
    const drawn = await otherPhone.page
      .getByRole('list', { name: 'Galeria Pad' })
      .locator('img')
      .evaluateAll(
        (imgs) =>
          imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length,
      );
    expect(drawn).toBe(3);
  });
  await guestPhone.close();
  await otherPhone.close();

  // Signed in: the gallery of the event shows its three photos, every one drawn.
  await page.goto(`${baseUrl()}/collect?id=${fresh}`);
  await page.getByText('Coletado!').waitFor();
  await page.getByRole('button', { name: 'Ir para Evento' }).click();
  const gallery = page.getByRole('list', { name: 'Galeria Pad' });
  await gallery.waitFor();
  await eventually(async () => {
    const widths = await gallery
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      );
    expect(widths).toHaveLength(3);
    expect(widths.every((width) => typeof width === 'number' && width > 0)).toBe(true);
  });

  // The booth's screen shows a QR code signed for minutes: whoever scans it was there, even the
  // stranger's account, which gets the booth's last photo.
  const screenLink = await fetch(`${baseUrl()}${DEVICE_PATHS.lastPhotoLink}`, {
    headers: { 'x-device-id': `totem-${tag}`, 'x-device-key': key },
  });
  expect(screenLink.status).toBe(200);
  const { path: scanned } = (await screenLink.json()) as { path: string };
  await stranger.page.goto(`${baseUrl()}${scanned}`);
  await stranger.page.getByRole('button', { name: 'COLETAR MINHA FOTO!' }).click({ timeout: 20_000 });
  await stranger.page.getByText('Coletado!').waitFor();
  await stranger.page.goto(`${baseUrl()}/eventos/evento/pad?evento=${event}`);
  await stranger.page.getByRole('list', { name: 'Galeria Pad' }).waitFor();

  // The owner takes the access from every guest: the one who scanned no longer opens the event.
  await page.goto(`${baseUrl()}/account?secao=evento`);
  const access = page.getByRole('region', { name: `Convidados com acesso a ${event}` });
  await access.getByRole('button', { name: 'Tirar o acesso de todos' }).click();
  await access.getByRole('button', { name: 'Sim, tirar o acesso' }).click();
  await access.getByText('Acesso retirado de todos os convidados.', { exact: true }).waitFor();
  // A private event's link lets nobody in: the owner is told how guests come back, not to send it.
  await access.getByText(/o link do evento não dá acesso a ninguém/).waitFor();
  expect(await access.getByRole('textbox', { name: 'Novo link do evento' }).count()).toBe(0);
  await stranger.page.goto(`${baseUrl()}/eventos/evento/pad?evento=${event}`);
  await stranger.page.getByText('Evento não encontrado.').first().waitFor();
  expect(await stranger.page.getByRole('list', { name: 'Galeria Pad' }).count()).toBe(0);

  expect(ownerPhone.errors).toEqual([]);
  await stranger.close();
  await ownerPhone.close();
});

it(`a signed-out guest opens a private event's collect link, signs in (or signs up) from it, and lands on the photo, \
collected`, async () => {
  const tag = crypto.randomBytes(4).toString('hex');
  const event = `privada_volta_${tag}`;
  const key = `chave-${tag}-0002`;
  const account = {
    uid: `volta-${tag}`,
    email: `volta-${tag}@example.com`,
    password: 'segredo-123',
    displayName: 'Convidada de Volta',
  };
  await seed('return', {
    events: [{ name: event, title: 'Festa Fechada', visibility: 'private', devices: ['pad'] }],
    devices: [{ id: `totem-volta-${tag}`, kind: 'booth', event, mode: 'pad', key }],
    accounts: [account],
  });
  // The booth uploads two photos: a private event's get random names, the collect links guests scan.
  const upload = async () => {
    const reply = await fetch(
      `${baseUrl()}${DEVICE_PATHS.media}?file=foto-${crypto.randomBytes(3).toString('hex')}.jpg`,
      {
        method: 'POST',
        headers: { 'x-device-id': `totem-volta-${tag}`, 'x-device-key': key, 'content-type': 'image/jpeg' },
        body: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7c3aed' } })
          .jpeg()
          .toBuffer(),
      },
    );
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { url: string }).url;
  };
  const [forSignIn, forSignUp] = [await upload(), await upload()];

  const landsCollected = async (page: Page, photo: string) => {
    await page.getByText('Coletado!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/collect');
    expect(new URL(page.url()).searchParams.get('id')).toBe(photo);
    await page.getByRole('button', { name: 'Minha Coleção' }).click();
    const items = page.getByRole('list', { name: 'Minha Coleção' }).locator('img');
    await eventually(async () =>
      expect((await items.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src))).join(' ')).toContain(
        photo.split('/').pop(),
      ),
    );
  };

  // Signing in with an account the guest already has.
  const returning = await newGuest(browser);
  await returning.page.goto(`${baseUrl()}/collect?id=${forSignIn}`);
  await returning.page.getByText('Este evento é privado', { exact: false }).first().waitFor();
  await returning.page.getByRole('link', { name: 'Logar/Criar conta' }).click();
  await returning.page.getByLabel('Email').fill(account.email);
  await returning.page.getByLabel('Senha').fill(account.password);
  await returning.page.getByRole('button', { name: 'Login' }).click();
  await landsCollected(returning.page, forSignIn);
  expect(returning.alerts).toEqual([]);
  await returning.close();

  // Creating one on the way, in another tab: a QR code opens in Instagram's or WhatsApp's own
  // browser, where guests sign in after 'Abrir no navegador', which takes the address and nothing else.
  const fresh = await newGuest(browser);
  await fresh.page.goto(`${baseUrl()}/collect?id=${forSignUp}`);
  await fresh.page.getByRole('link', { name: 'Logar/Criar conta' }).click();
  await fresh.page.getByRole('button', { name: 'Login' }).waitFor();
  const tab = await fresh.page.context().newPage();
  const tabAlerts: string[] = [];
  tab.on('dialog', (dialog) => {
    tabAlerts.push(dialog.message());
    void dialog.accept();
  });
  await tab.goto(fresh.page.url());
  await fresh.page.close();
  await tab.getByRole('link', { name: 'Criar conta' }).click();
  await tab.getByRole('heading', { name: 'Criar conta' }).waitFor();
  await tab.getByLabel('Email').fill(`nova-volta-${tag}@example.com`);
  await tab.getByLabel('Nova senha').fill('segredo-123');
  await tab.getByLabel('Repetir senha').fill('segredo-123');
  await tab.getByLabel('Nome ou apelido').fill('Nova Convidada');
  await tab.getByRole('button', { name: 'Criar conta' }).click();
  await landsCollected(tab, forSignUp);
  expect([...fresh.alerts, ...tabAlerts]).toEqual([]);
  await fresh.close();
});

it(`the team gives a new booth its key from 'Dispositivos': shown once, it connects the booth; a new one stops the \
old`, async () => {
  const tag = crypto.randomBytes(4).toString('hex');
  const id = `cabine-${tag}`;
  // A booth seeded without a key: it cannot connect until the team makes one.
  await seed('keyless', { devices: [{ id, kind: 'booth', event: 'festa_ana', mode: 'pad' }] });
  const me = (key: string) =>
    fetch(`${baseUrl()}${DEVICE_PATHS.me}`, { headers: { 'x-device-id': id, 'x-device-key': key } }).then(
      (reply) => reply.status,
    );
  expect(await me('qualquer-coisa')).toBe(401);

  const team = await newGuest(browser);
  await logIn(team.page, 'equipe@cabine.example', 'demo1234');
  await team.page.getByRole('heading', { name: /^Olá, / }).waitFor();
  const makeKey = async () => {
    await team.page.goto(`${baseUrl()}/account?secao=dispositivos`);
    const item = team.page.getByRole('listitem', { name: id });
    await item.getByRole('button', { name: 'Gerar nova chave' }).click();
    await team.page
      .getByRole('dialog', { name: 'Gerar nova chave' })
      .getByRole('button', { name: 'Sim, gerar' })
      .click();
    const field = team.page.getByLabel(`Nova chave de ${id}`);
    await field.waitFor();
    return field.inputValue();
  };
  const first = await makeKey();
  expect(first).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  expect(await me(first)).toBe(200);
  await team.page
    .getByRole('listitem', { name: id })
    .getByText(/com chave/)
    .waitFor();

  const second = await makeKey();
  expect(second).not.toBe(first);
  expect(await me(first)).toBe(401);
  expect(await me(second)).toBe(200);
  expect(team.errors).toEqual([]);
  await team.close();
});
