/** The accessibility check the journeys run on every screen fails, and says what and where. */
import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { launchBrowser, phoneContext } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

it(`fails on serious and critical violations with their rule, impact and target, and passes a clean \
screen`, async () => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html lang="pt-BR"><head><title>Teste</title></head><body><main>
    <h1>Teste</h1>
    <button id="sem-nome"></button>
    <p style="color:#999;background:#fff">Texto claro demais</p>
  </main></body></html>`);
  const failure = await expectAccessible(page, 'a bad screen').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('a bad screen: 2 serious or critical accessibility violation(s)');
  expect(failure).toMatch(/button-name \(critical\): .*\n\s+#sem-nome: /);
  expect(failure).toMatch(/color-contrast \(serious\): .*\n\s+p: .*contrast of 2\.84/);

  await page.setContent(`<!doctype html><html lang="pt-BR"><head><title>Teste</title></head><body><main>
    <h1>Teste</h1><button>Enviar</button></main></body></html>`);
  await expectAccessible(page, 'a good screen');
  await context.close();
});
