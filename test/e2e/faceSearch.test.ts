/**
 * 'Encontre minhas fotos' in Chromium against the whole stack, with the camera fed
 * from a file (`--use-file-for-fake-video-capture`): one guest's face, cut out of one of the
 * group photos shipped with the face model's package. The team turns face search on for Festa da
 * Ana on its dashboard; a booth sends that group photo and another; the guest opens the gallery,
 * follows 'Encontre minhas fotos', gives consent (nothing is sent before), takes the selfie, and
 * 'Suas fotos' lists the photo they are in, not the other, opening the collect screen. Nothing
 * of the selfie is stored as an image; 'Pegar todas' puts every photo found in 'Minha Coleção' in
 * one tap; 'Apagar minhas fotos' deletes its descriptor.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { connectStackDatabase } from '../../scripts/lib/stackDatabase';
import { demoPhoto } from '../support/faceSelfies';
import { expectAccessible } from './support/accessibility';
import { baseUrl } from './support/browser';
import { demoSeed } from './support/demoSeed';
import { browserWithFaceCamera, takeSelfie } from './support/fakeCamera';
import { logIn, newGuest } from './support/guest';
import { DEVICE_PATHS } from '../../contract/devicePaths';

const PAD = (demoSeed().devices ?? []).find((device) => device.id === 'cabine-pad');

let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await browserWithFaceCamera());
});

afterAll(() => closeBrowser());

/** Sends a demo photo as festa_ana's pad booth; its media URL. */
async function boothPhoto(sample: number, file: string): Promise<string> {
  if (!PAD?.key) throw new Error('the demo seed has no cabine-pad with a readable key');
  const response = await fetch(`${baseUrl()}${DEVICE_PATHS.media}?file=${file}`, {
    method: 'POST',
    headers: { 'x-device-id': PAD.id, 'x-device-key': PAD.key, 'content-type': 'image/jpeg' },
    body: new Uint8Array(demoPhoto(sample)),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/**
 * What the stack's database keeps of a visitor's face: their selfie's descriptor, and face images (rows of captures).
 */
async function keptOf(agent: string): Promise<{ selfies: number; captures: number }> {
  const db = await connectStackDatabase(process.env.E2E_DATA_DIR ?? '');
  try {
    const { rows } = await db.query<{ selfies: number; captures: number }>(
      `SELECT (SELECT count(*) FROM face_selfies WHERE agent = $1)::int AS selfies, (SELECT count(*) FROM ` +
        `faces WHERE name = $1)::int AS captures`,
      [agent],
    );
    return rows[0];
  } finally {
    await db.end();
  }
}

/**
 * The stack is shared with every other journey, some of which look for festa_ana's newest seeded
 * photos: this journey's photos are dated long ago while it runs, and deleted after it.
 */
async function keepOutOfTheWay(urls: readonly string[], how: 'date back' | 'delete'): Promise<void> {
  const files = urls.map((url) => url.split('/').pop() ?? '');
  const db = await connectStackDatabase(process.env.E2E_DATA_DIR ?? '');
  try {
    if (how === 'date back') {
      await db.query(
        "UPDATE media SET created_at = '2020-01-01' WHERE event_name = 'festa_ana' AND mode = 'pad' AND file = " +
          'ANY($1::text[])',
        [files],
      );
    } else {
      await db.query("DELETE FROM media WHERE event_name = 'festa_ana' AND mode = 'pad' AND file = ANY($1::text[])", [
        files,
      ]);
    }
  } finally {
    await db.end();
  }
}

/** Festa da Ana's face search section on the team's screen. */
async function openFaceSearchSettings(page: Page) {
  await logIn(page, 'equipe@cabine.example', 'demo1234');
  await page.getByRole('heading', { name: /^Olá, / }).waitFor();
  await page
    .getByRole('navigation', { name: 'Minha conta' })
    .getByRole('button', { name: 'Eventos da equipe' })
    .click();
  await page.getByRole('searchbox', { name: 'Buscar por nome, título ou e-mail do cliente' }).fill('Festa da Ana');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const festa = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Festa da Ana' }) });
  await festa.getByRole('button', { name: 'Telão e impressão' }).click();
  return festa.getByRole('region', { name: 'Encontre minhas fotos' });
}

it(`a guest finds the photos they are in with a selfie from the camera, after consent; 'Pegar todas' puts every one in \
'Minha Coleção'; nothing of it is kept as an image, and 'Apagar minhas fotos' deletes it`, async () => {
  const team = await newGuest(browser);
  const guest = await newGuest(browser, { serviceWorkers: 'block' });
  const settings = await openFaceSearchSettings(team.page);
  const faceSwitch = settings.getByRole('switch');
  let withGuest = '';
  let withoutGuest = '';
  try {
    // The team turns face search on; the booth's photos that come are indexed as they arrive.
    // The switch shows the server's answer: it turns once the server has said so.
    await faceSwitch.click();
    // Exactly the switch's label: the paragraph above it begins 'Com a busca por rosto ligada'.
    await settings.getByText('Busca por rosto ligada', { exact: true }).waitFor();
    withGuest = await boothPhoto(4, 'rostos-grupo-4.jpg');
    withoutGuest = await boothPhoto(5, 'rostos-grupo-5.jpg');
    await keepOutOfTheWay([withGuest, withoutGuest], 'date back');
    // Every photo analysed: the section follows the counts while photos wait (every 5 s).
    await settings.getByText(/ · 0 na fila · /).waitFor({ timeout: 120_000 });

    const { page } = guest;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/uploadFace/')) sent.push(request.url());
    });
    await page.goto(`${baseUrl()}/eventos/evento/pad?evento=festa_ana`);
    await page.getByRole('link', { name: 'Encontre minhas fotos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Encontre minhas fotos' }).waitFor();

    // Consent first: 'Concordo' off, the camera closed, nothing sent.
    const agree = page.getByRole('checkbox', { name: 'Concordo' });
    expect(await agree.isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: 'Abrir a câmera' }).isDisabled()).toBe(true);
    expect(await page.locator('video').count()).toBe(0);
    await expectAccessible(page, '/face (consent)');
    await agree.check();
    await page.getByRole('button', { name: 'Abrir a câmera' }).click();
    // 'Take image' is enabled once the camera runs (how soon is the fake camera's business, not asserted).
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Take image');
      return button !== undefined && !button.disabled;
    });
    expect(sent).toEqual([]);
    await page.getByRole('button', { name: 'Take image' }).click();
    expect(await page.getByRole('img', { name: 'Sua foto, ainda não enviada' }).getAttribute('src')).toMatch(
      /^data:image\/jpeg;base64,/,
    );

    const answered = page.waitForResponse((response) => response.url().includes('/api/uploadFace/'));
    await page.getByRole('button', { name: 'Procurar minhas fotos' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const reply = (await answer.json()) as { found: { url: string }[]; searched: string[] };
    expect(reply.searched).toEqual(['festa_ana']);
    expect(reply.found.map((photo) => photo.url)).toContain(withGuest);
    expect(reply.found.map((photo) => photo.url)).not.toContain(withoutGuest);

    await page.getByRole('heading', { name: 'Suas fotos' }).waitFor();
    const tiles = page.getByRole('button', { name: /em que você aparece: abrir para coletar/ });
    expect(await tiles.count()).toBe(reply.found.length);
    await expectAccessible(page, '/face (Suas fotos)');

    // What the server keeps of the selfie: its descriptor, never an image (no capture row, no file).
    const agent = (await page.context().cookies()).find((cookie) => cookie.name === 'agent')?.value ?? '';
    expect(agent).not.toBe('');
    expect(await keptOf(agent)).toEqual({ selfies: 1, captures: 0 });
    expect(fs.existsSync(path.join(process.env.E2E_DATA_DIR ?? '', 'faces'))).toBe(false);

    // 'Pegar todas': every photo found joins 'Minha Coleção' in one tap, and the screen says how many.
    const count = reply.found.length;
    await page.getByRole('button', { name: 'Pegar todas' }).click();
    await page
      .getByText(count === 1 ? '1 foto adicionada à Minha Coleção.' : `${count} fotos adicionadas à Minha Coleção.`)
      .waitFor();
    await page.getByRole('link', { name: 'Ver Minha Coleção' }).click();
    const collection = page.getByRole('list', { name: 'Minha Coleção' });
    await collection.getByRole('button', { name: `Item 1 de ${count}` }).waitFor();
    const shown = await collection
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    for (const photo of reply.found)
      expect([photo.url, shown.some((src) => src.includes(photo.url.split('/').pop() ?? '-'))]).toEqual([
        photo.url,
        true,
      ]);
    expect(await collection.getByRole('button').count()).toBe(count);
    await page.goBack();
    await page.getByRole('heading', { name: 'Suas fotos' }).waitFor();

    // The photo the guest is in opens the collect screen.
    const index = reply.found.findIndex((photo) => photo.url === withGuest);
    await tiles.nth(index).click();
    await page.waitForURL((url) => url.pathname === '/collect' && url.searchParams.get('id') === withGuest);

    // Back on the face screen, the kept selfie searches again at once; 'Apagar minhas fotos' deletes it.
    await page.goto(`${baseUrl()}/face?evento=festa_ana`);
    await page.getByRole('heading', { name: 'Suas fotos' }).waitFor();
    await page.getByRole('button', { name: 'Apagar minhas fotos' }).click();
    await page.getByRole('button', { name: 'Sim, apagar' }).click();
    await page.getByText('Sua selfie foi apagada: não guardamos mais nada do seu rosto.').waitFor();
    expect(await keptOf(agent)).toEqual({ selfies: 0, captures: 0 });
    await page.reload();
    // Nothing kept: the consent again, no photos.
    await page.getByRole('checkbox', { name: 'Concordo' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Suas fotos' }).count()).toBe(0);
    expect(guest.errors.filter((error) => !/422/.test(error))).toEqual([]);
    expect(team.alerts).toEqual([]);
  } finally {
    // Off again: every face kept of the event's photos is deleted (the other journeys' photos are not analysed).
    // A clean-up, so the switch's own click event: after the search, a pointer click on it found another element at
    // its place for 30 s in a whole run (the dashboard below it grew with the new sections), which a probe of the
    // switch alone does not show; the turning on above is a real click.
    if (await faceSwitch.isChecked()) await faceSwitch.dispatchEvent('click');
    await settings.getByText('Busca por rosto desligada').waitFor();
    await keepOutOfTheWay([withGuest, withoutGuest].filter(Boolean), 'delete');
    await guest.close();
    await team.close();
  }
  // The journey's own budget holds its longest wait: the booth photos' analysis on the server's CPU
  // (face detection in WASM, up to 120 s above), not a response, and slower the busier the machine.
}, 180_000);

it(`a guest whose agent's signature was cleared while the face screen was open finds their search answered, with no \
refusal: the selfie goes again under the agent the server gave`, async () => {
  const guest = await newGuest(browser, { serviceWorkers: 'block' });
  try {
    const { page } = guest;
    const sentAs: { agent: string; status: number }[] = [];
    page.on('response', (response) => {
      const agent = /\/api\/uploadFace\/([^/?]+)/.exec(response.url())?.[1];
      if (agent) sentAs.push({ agent, status: response.status() });
    });
    await page.goto(`${baseUrl()}/face?evento=festa_ana`);
    await takeSelfie(page);
    const signed = (await page.context().cookies()).find((cookie) => cookie.name === 'agent')?.value ?? '';
    expect(signed).not.toBe('');
    // The browser forgets the server's signature (its cookies cleared); the page keeps its agent.
    await page.context().clearCookies({ name: 'agent_sig' });

    await page.getByRole('button', { name: 'Procurar minhas fotos' }).click();
    await page.getByRole('heading', { name: 'Suas fotos' }).waitFor();
    const given = (await page.context().cookies()).find((cookie) => cookie.name === 'agent')?.value ?? '';
    expect(given).not.toBe(signed);
    expect(sentAs).toEqual([
      { agent: signed, status: 403 },
      { agent: given, status: 200 },
    ]);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(guest.errors).toEqual([]);
  } finally {
    await guest.close();
  }
});
