/**
 * Photos delivered as their faces are found (docs/product.md#photos-delivered), against the whole stack: the team turns
 * face search and delivery on for Festa da Ana; a guest searches with a selfie from the fake camera (consent given),
 * then asks on the face screen for their photos by e-mail, the face matches ticked; the booth sends a group photo the
 * guest is in and one they are not; once both are analysed, the mail stand-in has exactly one message, with the photo
 * they are in, whose links open.
 */
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import { demoPhoto } from '../support/faceSelfies';
import { baseUrl } from './support/browser';
import { demoSeed } from './support/demoSeed';
import { askForPhotos, expectLinksOpen, festaAnaTools, linksOfMail, TITLE } from './support/deliveryJourney';
import { stackQuery } from './support/stackQuery';
import { mailsTo } from './support/deliveryStandIns';
import { eventually } from './support/eventually';
import { browserWithFaceCamera, takeSelfie } from './support/fakeCamera';
import { newGuest } from './support/guest';

const PAD = (demoSeed().devices ?? []).find((device) => device.id === 'cabine-pad');
const tag = crypto.randomBytes(4).toString('hex');
const email = `rosto-${tag}@example.com`;

let browser: Browser;
let closeBrowser: () => Promise<void>;
const uploaded: string[] = [];
let agent = '';

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await browserWithFaceCamera());
});

afterAll(async () => {
  // festa_ana as the other journeys expect it: none of this journey's guest or photos, delivery off.
  await stackQuery("UPDATE events SET delivery = false, delivery_ended_at = NULL WHERE name = 'festa_ana'", []);
  for (const table of ['delivery_subscriptions', 'delivery_messages', 'delivery_consents', 'face_selfies'])
    await stackQuery(`DELETE FROM ${table} WHERE agent = $1`, [agent]);
  const files = uploaded.map((url) => url.split('/').pop() ?? '');
  await stackQuery("DELETE FROM media WHERE event_name = 'festa_ana' AND mode = 'pad' AND file = ANY($1::text[])", [
    files,
  ]);
  await closeBrowser();
});

/** Sends a demo group photo as festa_ana's pad booth; its media URL. */
async function boothPhoto(sample: number): Promise<string> {
  if (!PAD?.key) throw new Error('the demo seed has no cabine-pad with a readable key');
  const file = `rostos-entrega-${tag}-${sample}.jpg`;
  const response = await fetch(`${baseUrl()}${DEVICE_PATHS.media}?file=${file}`, {
    method: 'POST',
    headers: { 'x-device-id': PAD.id, 'x-device-key': PAD.key, 'content-type': 'image/jpeg' },
    body: new Uint8Array(demoPhoto(sample)),
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  uploaded.push(url);
  return url;
}

it(`a guest who searched with a selfie and asked for the photos their face is found in gets, by e-mail, the new \
photo they are in, once, and not the one they are not in`, async () => {
  const team = await newGuest(browser);
  const guest = await newGuest(browser, { serviceWorkers: 'block' });
  const festa = await festaAnaTools(team.page);
  const faces = festa.getByRole('region', { name: 'Encontre minhas fotos' });
  const faceSwitch = faces.getByRole('switch');
  try {
    await faceSwitch.click();
    await faces.getByText('Busca por rosto ligada', { exact: true }).waitFor();
    const delivery = festa.getByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
    await delivery.getByRole('switch', { name: 'Enviar as fotos aos convidados (desligado)' }).click();
    await delivery.getByRole('switch', { name: 'Enviar as fotos aos convidados (ligado)' }).waitFor();

    // The selfie first (with consent): only then are the face matches offered.
    const { page } = guest;
    await page.goto(`${baseUrl()}/face?evento=festa_ana`);
    await takeSelfie(page);
    await page.getByRole('button', { name: 'Procurar minhas fotos' }).click();
    await page.getByRole('heading', { name: 'Suas fotos' }).waitFor();
    agent = (await page.context().cookies()).find((cookie) => cookie.name === 'agent')?.value ?? '';
    expect(agent).not.toBe('');
    await page.reload();
    await page.getByRole('heading', { name: 'Suas fotos' }).waitFor();
    await askForPhotos(page, 'Edu', { email }, true);

    const withGuest = await boothPhoto(4);
    const withoutGuest = await boothPhoto(5);
    // Both analysed: the faces found in a photo and the guests it goes to are noted in one transaction, so from then on
    // what is to be sent is known. Then the message of the one they are in.
    await eventually(async () => {
      const indexed = await stackQuery<{ file: string }>(
        `SELECT m.file FROM face_photos f JOIN media m ON m.id = f.media_id
          WHERE f.status = 'indexed' AND m.file = ANY($1::text[]) ORDER BY m.file`,
        [uploaded.map((url) => url.split('/').pop() ?? '')],
      );
      expect(indexed).toHaveLength(2);
    }, 120_000);
    await eventually(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(1), 60_000);
    const mails = mailsTo(email);
    expect(mails.map((mail) => mail.headers.subject)).toEqual([`Sua foto de ${TITLE}`]);
    await expectLinksOpen(linksOfMail(mails[0]), withGuest);
    expect(mails[0].text).not.toContain(encodeURIComponent(withoutGuest));
    expect(
      await stackQuery<{ via: string; file: string }>(
        `SELECT p.via, m.file FROM delivery_photos p JOIN delivery_subscriptions s ON s.id = p.subscription_id
           JOIN media m ON m.id = p.media_id WHERE s.agent = $1`,
        [agent],
      ),
    ).toEqual([{ via: 'face', file: withGuest.split('/').pop() }]);
    expect(guest.errors.filter((error) => !/422/.test(error))).toEqual([]);
  } finally {
    // Off again, as faceSearch.test.ts leaves it: a clean-up, so the switch's own click event.
    if (await faceSwitch.isChecked()) await faceSwitch.dispatchEvent('click');
    await faces.getByText('Busca por rosto desligada').waitFor();
    await guest.close();
    await team.close();
  }
  // The journey's own budget holds its longest wait: the booth photos' analysis on the server's CPU (face detection
  // in WASM), as in faceSearch.test.ts.
}, 180_000);
