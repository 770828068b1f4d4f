import type { ContactOffer, EventContactsReply, MyContactsReply } from '../../contract/wire';
import { purgeExpired } from '../../server/src/modules/privacy/privacy';
import { createMediaStorage } from '../../server/src/modules/media/storage/mediaStorage';
import { loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

/**
 * Guests who leave their contact (docs/privacy.md#guests-contacts): nothing asked while the owner has
 * it off; the consent text the guest agreed to kept word for word and logged; the owner's list; the
 * guest's withdrawal and erasure from the privacy page, and the retention sweep, each logged; a
 * contact checked before it is kept.
 */
let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let visitor = 0;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  owner = await newUser('dona-dos-contatos');
  stranger = await newUser('curioso');
  await server.db.query("UPDATE events SET owner_uid = $1 WHERE name IN ('festa_ana', 'privada')", [owner.uid]);
});

afterAll(() => server.close());

const newAgent = () => `contatoagente${(visitor += 1)}`;
const settings = (enabled: boolean, days = 90, token = owner.token, eventName = 'festa_ana') =>
  server.call({ method: 'PUT', url: `/api/events/${eventName}/contatos`, payload: { enabled, days }, token });
const offer = async (agent: string, eventName = 'festa_ana') => {
  const response = await server.call({
    method: 'GET',
    url: `/api/contatos/${eventName}`,
    headers: { cookie: server.visitorCookie(agent) },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ContactOffer>();
};
const leave = (agent: string | null, payload: Record<string, unknown>) =>
  server.call({
    method: 'POST',
    url: '/api/contatos/festa_ana',
    payload,
    headers: agent ? { cookie: server.visitorCookie(agent) } : {},
  });
const list = async () => {
  const response = await server.call({ method: 'GET', url: '/api/events/festa_ana/contatos', token: owner.token });
  expect(response.statusCode).toBe(200);
  return response.json<EventContactsReply>();
};
const consentLog = async (agent: string) =>
  (
    await server.db.query<{ action: string; consent_hash: string }>(
      'SELECT action, consent_hash FROM contact_consents WHERE agent = $1 ORDER BY id',
      [agent],
    )
  ).rows;
const contactRows = async (agent: string) =>
  (await server.db.query('SELECT * FROM guest_contacts WHERE agent = $1', [agent])).rows;

/** A guest who read the offer and agreed: their contact left, and the hash they agreed to. */
async function leftContact(agent: string, contact: Record<string, string>) {
  const { textHash } = await offer(agent);
  const response = await leave(agent, { ...contact, consent: textHash });
  expect(response.statusCode).toBe(200);
  return textHash;
}

describe('while the owner has it off (the default)', () => {
  it('offers nothing, and keeps nothing sent', async () => {
    const agent = newAgent();
    expect(await offer(agent)).toEqual({
      offered: false,
      title: 'Festa da Ana',
      days: 0,
      text: '',
      textHash: '',
      left: false,
    });
    const refused = await leave(agent, { name: 'Bia', email: 'bia@exemplo.com', consent: 'a'.repeat(64) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'contacts_off' });
    expect(await contactRows(agent)).toEqual([]);
    expect(await consentLog(agent)).toEqual([]);
  });
});

describe('the owner', () => {
  it('turns it on and chooses the days; a stranger may not', async () => {
    expect((await settings(true, 30, stranger.token)).statusCode).toBe(403);
    const on = await settings(true, 30);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ enabled: true, days: 30, contacts: [] });
    expect((await settings(true, 45)).statusCode).toBe(400);
  });

  it('offers a consent text that says what for, how long and how to withdraw', async () => {
    await settings(true, 30);
    const reply = await offer(newAgent());
    expect(reply).toMatchObject({ offered: true, title: 'Festa da Ana', days: 30, left: false });
    expect(reply.text).toContain('Festa da Ana');
    expect(reply.text).toContain('só para me enviar as fotos deste evento');
    expect(reply.text).toContain('guardados por 30 dias');
    expect(reply.text).toContain('Privacidade e seus dados');
    expect(reply.textHash).toMatch(/^[0-9a-f]{64}$/);
    await settings(true, 90);
    expect((await offer(newAgent())).textHash).not.toBe(reply.textHash);
  });
});

describe('a guest leaves their contact', () => {
  beforeAll(() => settings(true, 90));

  it('keeps it with the exact text agreed to, and logs the consent once per change', async () => {
    const agent = newAgent();
    const hash = await leftContact(agent, { name: '  Bia   Souza ', whatsapp: '(11) 98765-4321' });
    expect(await offer(agent)).toMatchObject({ left: true });
    const [row] = await contactRows(agent);
    expect(row).toMatchObject({ event_name: 'festa_ana', name: 'Bia Souza', whatsapp: '+5511987654321', email: null });
    const days = (row.expires_at.getTime() - row.left_at.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(90, 3);
    const text = await server.db.query('SELECT version, body FROM consent_texts WHERE hash = $1', [hash]);
    expect(text.rows[0].body).toBe((await offer(agent)).text);
    expect(await consentLog(agent)).toEqual([{ action: 'given', consent_hash: hash }]);

    // A retry of the same contact changes nothing; a corrected one replaces it.
    expect((await leave(agent, { name: 'Bia Souza', whatsapp: '+55 11 98765 4321', consent: hash })).statusCode).toBe(
      200,
    );
    expect(await consentLog(agent)).toHaveLength(1);
    expect((await leave(agent, { name: 'Bia', email: 'Bia@Exemplo.com', consent: hash })).statusCode).toBe(200);
    expect(await contactRows(agent)).toEqual([
      expect.objectContaining({ name: 'Bia', whatsapp: null, email: 'bia@exemplo.com' }),
    ]);
    expect(await consentLog(agent)).toHaveLength(2);
  });

  it.each([
    [{ name: 'Caio' }, 'no_contact'],
    [{ name: 'Caio', whatsapp: '(20) 98765-4321' }, 'invalid_whatsapp'],
    [{ name: 'Caio', whatsapp: '(11) 3456-7890' }, 'invalid_whatsapp'],
    [{ name: 'Caio', whatsapp: '+1 415 555 0100' }, 'invalid_whatsapp'],
    [{ name: 'Caio', email: 'caio@semponto' }, 'invalid_email'],
    [{ name: 'C'.repeat(81), email: 'caio@exemplo.com' }, 'invalid_name'],
  ])('refuses %j (%s) in Portuguese, keeping nothing', async (contact, error) => {
    const agent = newAgent();
    const { textHash } = await offer(agent);
    const refused = await leave(agent, { ...contact, consent: textHash });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error, message: expect.stringMatching(/[a-zã]/) });
    expect(await contactRows(agent)).toEqual([]);
  });

  it('refuses a consent to a text other than the one the event shows now', async () => {
    const agent = newAgent();
    const refused = await leave(agent, { name: 'Dani', email: 'dani@exemplo.com', consent: 'f'.repeat(64) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'consent_changed' });
    expect(await consentLog(agent)).toEqual([]);
  });

  it('refuses a browser the server gave no agent', async () => {
    const { textHash } = await offer(newAgent());
    const refused = await leave(null, { name: 'Eva', email: 'eva@exemplo.com', consent: textHash });
    expect(refused.statusCode).toBe(403);
  });

  it('is not offered at a private event to someone who was not there', async () => {
    await settings(true, 90, owner.token, 'privada');
    const response = await server.call({ method: 'GET', url: '/api/contatos/privada', token: stranger.token });
    expect(response.statusCode).toBe(404);
  });
});

describe("the owner's list", () => {
  it('lists the contacts newest first, as they were kept', async () => {
    await settings(true, 90);
    await leftContact(newAgent(), { name: 'Fábio; "o Fá"', email: 'fabio@exemplo.com' });
    await leftContact(newAgent(), { name: '=HYPERLINK("x")', whatsapp: '21987654321' });
    const { contacts } = await list();
    expect(contacts.slice(0, 2)).toEqual([
      expect.objectContaining({ name: '=HYPERLINK("x")', whatsapp: '+5521987654321', email: null }),
      expect.objectContaining({ name: 'Fábio; "o Fá"', whatsapp: null, email: 'fabio@exemplo.com' }),
    ]);
  });
});

describe('the guest takes it back', () => {
  beforeAll(() => settings(true, 90));

  it('sees their contacts and withdraws one: it goes at once, the withdrawal logged', async () => {
    const agent = newAgent();
    const hash = await leftContact(agent, { name: 'Gil', email: 'gil@exemplo.com' });
    const cookie = server.visitorCookie(agent);
    const mine = await server.call({ method: 'GET', url: `/api/privacy/contacts/${agent}`, headers: { cookie } });
    expect(mine.json<MyContactsReply>()).toEqual([
      expect.objectContaining({ bname: 'festa_ana', title: 'Festa da Ana', name: 'Gil', email: 'gil@exemplo.com' }),
    ]);
    const withdraw = () =>
      server.call({ method: 'DELETE', url: `/api/privacy/contacts/${agent}/festa_ana`, headers: { cookie } });
    expect((await withdraw()).json()).toEqual({ removed: 1 });
    expect(await contactRows(agent)).toEqual([]);
    expect((await list()).contacts.map((contact) => contact.name)).not.toContain('Gil');
    expect(await consentLog(agent)).toEqual([
      { action: 'given', consent_hash: hash },
      { action: 'withdrawn', consent_hash: hash },
    ]);
    expect((await withdraw()).json()).toEqual({ removed: 0 });
    expect(await consentLog(agent)).toHaveLength(2);
  });

  it("'Apagar minhas fotos' erases it too", async () => {
    const agent = newAgent();
    await leftContact(agent, { name: 'Hugo', whatsapp: '(31) 99876-5432' });
    const erased = await server.call({
      method: 'POST',
      url: '/api/privacy/erase',
      payload: { agent },
      headers: { cookie: server.visitorCookie(agent) },
    });
    expect(erased.statusCode).toBe(200);
    expect(await contactRows(agent)).toEqual([]);
    expect((await consentLog(agent)).map((line) => line.action)).toEqual(['given', 'erased']);
  });
});

describe('the retention sweep', () => {
  it('deletes a contact once its days are over, and logs it', async () => {
    await settings(true, 30);
    const agent = newAgent();
    await leftContact(agent, { name: 'Íris', email: 'iris@exemplo.com' });
    const storage = createMediaStorage(server.dataDir);
    expect((await purgeExpired(server.db, storage, new Date(Date.now() + 29 * 86_400_000))).contacts).toBe(0);
    expect(await contactRows(agent)).toHaveLength(1);
    const purged = await purgeExpired(server.db, storage, new Date(Date.now() + 31 * 86_400_000));
    expect(purged.contacts).toBeGreaterThanOrEqual(1);
    expect(await contactRows(agent)).toEqual([]);
    expect((await consentLog(agent)).map((line) => line.action)).toEqual(['given', 'expired']);
  });
});
