/**
 * 'Baixar todas' in Chromium, against the whole stack with the demo seed: a guest who
 * collected photos downloads 'Minha Coleção' as one ZIP whose entries are exactly the collection's
 * files, byte for byte; and a booth gallery's ZIP holds exactly what the gallery lists.
 */
import { unzipSync } from 'fflate';
import type { Browser, Download } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { openCollectLink } from './support/collectLink';
import { downloadBytes } from './support/downloadBytes';
import { seededMedia } from './support/demoSeed';
import { newGuest } from './support/guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

/** The ZIP a download saved: its entries by name. */
async function entriesOf(download: Download): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await downloadBytes(download)));
}

const bytesOf = async (url: string) => Buffer.from(await (await fetch(`${baseUrl()}${url}`)).arrayBuffer());
const nameOf = (url: string) => url.split('/').pop() ?? '';

it("downloads 'Minha Coleção' as one ZIP of exactly its files, byte for byte, named after the event", async () => {
  const { page, errors, alerts, close } = await newGuest(browser);
  const collected = [...seededMedia('festa_ana', 'pad').slice(0, 2), seededMedia('festa_ana', 'feed')[0]];
  for (const url of collected) await openCollectLink(page, `${baseUrl()}/collect?id=${url}`);
  await page.goto(`${baseUrl()}/collection`);
  await page.getByRole('list', { name: 'Minha Coleção' }).getByRole('button').first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar todas' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Festa da Ana.zip');
  const entries = await entriesOf(download);
  // Newest first, as the collection shows them.
  expect(Object.keys(entries)).toEqual([...collected].reverse().map(nameOf));
  for (const url of collected)
    expect({ url, same: Buffer.from(entries[nameOf(url)]).equals(await bytesOf(url)) }).toEqual({ url, same: true });
  // The page stayed where it was: the download did not take the guest away.
  expect(new URL(page.url()).pathname).toBe('/collection');
  expect(errors).toEqual([]);
  expect(alerts).toEqual([]);
  await close();
});

it("downloads a booth gallery's ZIP of exactly what the gallery lists", async () => {
  const { page, errors, close } = await newGuest(browser);
  await page.goto(`${baseUrl()}/collect?id=${seededMedia('festa_ana', 'pad')[0]}`);
  await page.getByText('Coletado!').waitFor();
  await page.getByRole('button', { name: 'Ir para Evento' }).click();
  await page.getByRole('heading', { level: 2, name: 'Pad' }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar todas' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Festa da Ana - Pad.zip');
  const { product } = (await (await fetch(`${baseUrl()}/api/all/festa_ana/pad`)).json()) as { product: string[] };
  const entries = await entriesOf(download);
  expect(Object.keys(entries)).toEqual([...product].reverse().map(nameOf));
  for (const url of product)
    expect({ url, same: Buffer.from(entries[nameOf(url)]).equals(await bytesOf(url)) }).toEqual({ url, same: true });
  expect(errors).toEqual([]);
  await close();
});
