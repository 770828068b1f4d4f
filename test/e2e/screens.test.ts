/**
 * Every main screen on a 390 px phone and on a 1280x800 computer (customers hiring a booth often
 * use one): nothing reaches past the screen's sides, and a screenshot of each for a person to look
 * at (in SCREENS_DIR, by default a folder under the OS temp dir; never committed). One browser,
 * one page, resized on each screen. Plus what the computer showed wrong: the landing headline's
 * gaps (and no layout shift while its word turns), the shop's one product a row, and on the phone
 * the card panel that widened the checkout's fields.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { logIn } from './support/guest';
import { headlineGaps, layoutShiftThroughOneTurn, sidewaysOverflow } from './support/screenGeometry';
import { fillCustomer, newEmail } from './support/shop';

const SIZES = [
  { name: 'celular', width: 390, height: 844 },
  { name: 'computador', width: 1280, height: 800 },
] as const;

type Size = (typeof SIZES)[number];

const SHOTS = process.env.SCREENS_DIR ?? path.join(os.tmpdir(), 'cabine-telas');

interface Screen {
  path: string;
  /** What shows once the screen has its content. */
  ready: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

const SIGNED_OUT: Screen[] = [
  { path: '/', ready: heading(/^Sua história/) },
  { path: '/login', ready: heading('Login') },
  { path: '/signup', ready: heading('Criar conta') },
  { path: '/ajuda', ready: heading('Ajuda') },
];

const GUEST: Screen[] = [
  { path: '/eventos', ready: (page) => page.getByRole('list', { name: 'Seus eventos' }) },
  { path: '/eventos/evento/pad?id=festa-ana-2026', ready: (page) => page.getByRole('button', { name: /^Foto 1 de / }) },
  {
    path: '/collect?id=/media/festa_ana/pad/pad-01.jpg',
    ready: (page) => page.getByRole('button', { name: 'Minha Coleção' }),
  },
  { path: '/deviceLast?bname=festa_ana&device=cabine-pad', ready: heading('Sua foto') },
  { path: '/packs?pack=PACKDEMO5', ready: (page) => page.getByRole('list', { name: 'Seus packs' }) },
  { path: '/collection', ready: heading('Minha Coleção') },
  { path: '/account', ready: (page) => page.getByRole('heading', { name: /^Olá, / }) },
  { path: '/privacidade', ready: heading('Privacidade e seus dados') },
  { path: '/face?evento=festa_ana', ready: heading('Encontre minhas fotos') },
  { path: '/espelho?dh=espelho-1&sh=demo&agent=demo', ready: heading('Espelho mágico') },
  {
    path: '/ultraQR?device=plataforma-360&qrid=demo&bname=festa_ana',
    ready: (page) => page.getByRole('button', { name: 'Enviar' }),
  },
  { path: '/ultraLast?device=plataforma-360&bname=festa_ana', ready: heading('Vídeo 360') },
  // Signed in, it waits for 'Confirmar' (signed out, it would leave for /login mid-visit).
  {
    path: `/invitation?hash=mb2x5k9q${'a'.repeat(25)}&partnerName=parceiro_demo`,
    ready: (page) => page.getByRole('button', { name: 'Confirmar' }),
  },
  { path: '/shop?coupon=BEMVINDO10', ready: (page) => page.getByRole('article', { name: 'Cabine 360°' }) },
];

const TEAM: Screen[] = [
  { path: '/partner?partner=parceiro_demo', ready: (page) => page.getByRole('list', { name: 'Contratos' }) },
  {
    path: '/deals?partner=parceiro_demo',
    ready: (page) => page.getByRole('link', { name: 'Voltar para a Página do Parceiro' }),
  },
  { path: '/createContract', ready: heading('Create contract') },
  { path: '/authorizePartner', ready: heading('Authorize partner') },
  { path: '/account?secao=eventos', ready: (page) => page.getByRole('list', { name: 'Eventos da equipe' }) },
];

let browser: Browser;
let page: Page;
const alerts: string[] = [];

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: SIZES[0], locale: 'pt-BR' });
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
});

afterAll(() => browser.close());

/** The screen as it is now, at one size: it fits sideways, and its screenshot is kept. */
async function look(screen: string, size: Size): Promise<void> {
  await page.setViewportSize(size);
  // A frame at the new size before measuring.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const overflow = await sidewaysOverflow(page);
  expect({ screen, size: size.name, ...overflow }).toEqual({
    screen,
    size: size.name,
    scrollWidth: expect.any(Number),
    width: size.width,
    outside: [],
  });
  expect(overflow.scrollWidth).toBeLessThanOrEqual(size.width);
  // Named by the route (its query left out): celular-shop.png, computador-eventos-evento-pad.png.
  const route = new URL(screen, baseUrl()).pathname.replace(/^\//, '').replace(/\//g, '-');
  const file = `${size.name}-${route || 'inicio'}.png`;
  await page.screenshot({ path: path.join(SHOTS, file) });
}

async function visit(screen: Screen): Promise<void> {
  await page.setViewportSize(SIZES[0]);
  await page.goto(`${baseUrl()}${screen.path}`);
  await screen.ready(page).first().waitFor();
  for (const size of SIZES) await look(screen.path, size);
}

it('the signed-out screens fit a phone and a computer', async () => {
  for (const screen of SIGNED_OUT) await visit(screen);
});

it(`the landing headline's word takes its own width, with no gaps around it, and the page never shifts as it \
turns`, async () => {
  await page.setViewportSize(SIZES[0]);
  await page.goto(`${baseUrl()}/`);
  await heading(/^Sua história/)(page).waitFor();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const { words } = await headlineGaps(page);
    expect(words.map((w) => w.word)).toEqual(['história', 'festa', 'vibe', 'marca', 'tecnologia', 'decoração']);
    // A space is about a third of an em: more is a gap a reader sees.
    for (const { word, before, after } of words) {
      expect({ size: size.name, word, before: before <= 0.4, after: after === null || after <= 0.4 }).toEqual({
        size: size.name,
        word,
        before: true,
        after: true,
      });
    }
  }
  // A fresh page at each size, so the shifts counted are that layout's own.
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`${baseUrl()}/`);
    await heading(/^Sua história/)(page).waitFor();
    expect({ size: size.name, cls: await layoutShiftThroughOneTurn(page) }).toEqual({ size: size.name, cls: 0 });
  }
});

it("the guest's screens fit a phone and a computer; the shop shows several products a row on a computer", async () => {
  await page.setViewportSize(SIZES[0]);
  await logIn(page, 'convidado@cabine.example', 'demo1234');
  await page.getByRole('heading', { name: /^Olá, / }).waitFor();
  for (const screen of GUEST) await visit(screen);

  // The shop, still open, at the computer's size.
  await page.setViewportSize(SIZES[1]);
  const products = page.getByRole('article');
  const boxes = await Promise.all((await products.all()).map((product) => product.boundingBox()));
  const firstRow = boxes.filter((box) => box && Math.abs(box.y - (boxes[0]?.y ?? 0)) < 1);
  expect(firstRow.length).toBeGreaterThanOrEqual(2);
  for (const image of await page.locator('img.product__image').all()) {
    await image.scrollIntoViewIfNeeded();
    const box = await image.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(400);
  }
});

it('the checkout fits a phone and a computer, and on the phone the card panel widens no field', async () => {
  await page.setViewportSize(SIZES[0]);
  await page.goto(`${baseUrl()}/shop?coupon=BEMVINDO10`);
  await page
    .getByRole('article', { name: 'Cabine 360°' })
    .getByRole('button', { name: 'Adicionar ao carrinho' })
    .click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByRole('heading', { name: 'Resumo do pedido' }).waitFor();
  const before = await page.getByLabel('Nome', { exact: true }).boundingBox();
  await fillCustomer(page, newEmail());
  await page.getByRole('button', { name: 'Pagar com Cartão de Crédito' }).click();
  await page.getByLabel('Número do cartão').fill('5031433215406351');
  // The provider's lookup fills the installments (their long labels are what widened the panel).
  await page.locator('.card-preview__brand', { hasText: 'Mastercard' }).waitFor();
  for (const label of ['Nome', 'Número do cartão', 'Parcelas', 'CPF do titular']) {
    const field = await page.getByLabel(label, { exact: true }).boundingBox();
    expect({ label, left: field?.x, width: field?.width }).toEqual({ label, left: before?.x, width: before?.width });
  }
  for (const size of SIZES) await look('/checkout', size);
});

it('the team and partner screens fit a phone and a computer', async () => {
  await page.setViewportSize(SIZES[0]);
  await page.goto(`${baseUrl()}/account`);
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(`${baseUrl()}/`);
  await logIn(page, 'equipe@cabine.example', 'demo1234');
  await page.getByRole('heading', { name: /^Olá, / }).waitFor();
  for (const screen of TEAM) await visit(screen);
  // Alerts would mean a screen refused this visit (a login asked, an empty collection).
  expect(alerts).toEqual([]);
});
