import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVICE_PATHS } from '../../../contract/devicePaths';
import type { DeliveryOffer, EventDeliveryReply, MyDeliveriesReply } from '../../../contract/wire';
import type { FaceEngine } from '../../../server/src/modules/faces/model/faceEngine';
import { descriptorBytes } from '../../../server/src/modules/faces/model/faceMatch';
import { fakeTransports } from './fakeTransports';
import { DEVICE_KEYS, jpeg, loadBasicSeed } from './fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './testServer';

/**
 * The world of the delivery's test files: festa_ana with its owner, the SPA's pages (a collect link's visit collects),
 * fake transports for both channels, and a face engine that finds, in every booth photo, the face FACE_A (so that a
 * guest whose selfie is FACE_A is in each, one whose selfie is FACE_B in none). Live bindings, set by
 * `withDeliveryWorld`.
 */
export let server: TestServer;
export let owner: TestUser;
export let transports: ReturnType<typeof fakeTransports>;

const face = (value: number) => Float32Array.from({ length: 128 }, (_, i) => (i === 0 ? value : 0));
export const FACE_A = face(0.1);
export const FACE_B = face(0.9);

const alwaysFaceA: () => FaceEngine = () => ({
  closed: false,
  findFaces: async () => [{ box: [0, 0, 10, 10], score: 0.99, descriptor: FACE_A }],
  close: async () => undefined,
});

let agents = 0;
export const newAgent = (prefix = 'entrega') => `${prefix}${(agents += 1)}`;

/** `overrides`: the server's environment beside the world's, or what gives it once the hooks run (a bucket started). */
export function withDeliveryWorld(overrides: Record<string, string> | (() => Record<string, string>) = {}): void {
  beforeAll(async () => {
    const distDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'spa-')), 'dist');
    fs.mkdirSync(distDir, { recursive: true });
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(
      path.join(distDir, 'app.html'),
      '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><script defer src="/assets/main.js"></script>' +
        '</head><body><div id="root"></div></body></html>',
    );
    transports = fakeTransports();
    server = await startTestServer(
      { DIST_DIR: distDir, ...(typeof overrides === 'function' ? overrides() : overrides) },
      { deliveryTransports: transports, faceEngine: alwaysFaceA },
    );
    await loadBasicSeed(server);
    owner = await newUser('dona-das-entregas');
    await server.db.query("UPDATE events SET owner_uid = $1 WHERE name IN ('festa_ana', 'privada')", [owner.uid]);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    for (const transport of [transports.email, transports.whatsapp]) {
      transport.calls.length = 0;
      transport.next = [];
    }
  });
}

export async function settings(enabled: boolean, cap = 500): Promise<EventDeliveryReply> {
  const response = await server.call({
    method: 'PUT',
    url: '/api/events/festa_ana/entregas',
    payload: { enabled, cap },
    token: owner.token,
  });
  expect(response.statusCode).toBe(200);
  return response.json<EventDeliveryReply>();
}

export async function figures(): Promise<EventDeliveryReply['figures']> {
  const response = await server.call({ method: 'GET', url: '/api/events/festa_ana/entregas', token: owner.token });
  expect(response.statusCode).toBe(200);
  return response.json<EventDeliveryReply>().figures;
}

export async function offer(agent: string): Promise<DeliveryOffer> {
  const response = await server.call({
    method: 'GET',
    url: '/api/entregas/festa_ana',
    headers: { cookie: server.visitorCookie(agent) },
  });
  expect(response.statusCode).toBe(200);
  return response.json<DeliveryOffer>();
}

export function subscribeAs(agent: string, payload: Record<string, unknown>) {
  return server.call({
    method: 'POST',
    url: '/api/entregas/festa_ana',
    payload,
    headers: { cookie: server.visitorCookie(agent) },
  });
}

/** A guest who read the offer and agreed: subscribed by e-mail (or as `extra` says). */
export async function subscribed(agent: string, extra: Record<string, unknown> = {}): Promise<void> {
  const { textHash } = await offer(agent);
  const response = await subscribeAs(agent, {
    name: 'Convidada',
    channel: 'email',
    address: `${agent}@exemplo.com`,
    consent: textHash,
    faceMatches: false,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
}

/** The guest opens a photo's collect link (the page), as a phone does from the booth's QR code. */
export async function collect(agent: string, url: string): Promise<void> {
  const response = await server.call({
    method: 'GET',
    url: `/collect?id=${url}`,
    headers: { accept: 'text/html', cookie: server.visitorCookie(agent) },
  });
  expect(response.statusCode).toBe(200);
}

/** The booth uploads a photo to festa_ana's pad; answers its URL. */
export async function upload(file: string): Promise<string> {
  const response = await server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' },
    payload: await jpeg(64, 48),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ url: string }>().url;
}

/** Keeps a selfie for the visitor, as a face search with consent does (the model itself is not needed here). */
export async function keepSelfie(agent: string, descriptor: Float32Array): Promise<void> {
  await server.db.query(
    `INSERT INTO face_selfies (agent, descriptor, expires_at) VALUES ($1, $2, now() + interval '1 hour')
     ON CONFLICT (agent) DO UPDATE SET descriptor = excluded.descriptor`,
    [agent, descriptorBytes(descriptor)],
  );
}

/** The messages of a visitor as kept. */
export async function messagesOf(agent: string) {
  const { rows } = await server.db.query<{ kind: string; status: string; photos: number; reason: string | null }>(
    'SELECT kind, status, photos, reason FROM delivery_messages WHERE agent = $1 ORDER BY id',
    [agent],
  );
  return rows;
}

/** What reached an address, through either channel. */
export const receivedBy = (address: string) =>
  [...transports.email.accepted, ...transports.whatsapp.accepted].filter((message) => message.to === address);

/** The privacy page's list of the visitor's subscriptions and their messages, asked by their own browser. */
export async function myDeliveries(agent: string): Promise<MyDeliveriesReply> {
  const response = await server.call({
    method: 'GET',
    url: `/api/privacy/entregas/${agent}`,
    headers: { cookie: server.visitorCookie(agent) },
  });
  expect(response.statusCode).toBe(200);
  return response.json<MyDeliveriesReply>();
}
