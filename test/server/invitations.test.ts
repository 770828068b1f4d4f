import { newInvitationHash } from '../../contract/invitationHash';
import { buildApp } from '../../server/src/app';
import { firebaseVerifier } from '../../server/src/modules/identity/http/identityTokens';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

/** Invitation rules: expiry, single use, hashes of the right time, failed guesses slowed down. */

let server: TestServer;
let team: TestUser;

const DAY = 24 * 60 * 60 * 1000;
const EXPIRED = { error: 'invitation_expired', message: 'Este convite expirou. Peça um novo à equipe.' };
const LOCKED = { error: 'too_many_attempts', message: 'Muitas tentativas. Tente novamente em alguns minutos.' };
const UNKNOWN = { error: 'invitation_not_found', message: 'Convite inválido.' };
const INVALID_HASH = { error: 'invalid_hash', message: 'Invalid invitation hash' };

beforeAll(async () => {
  server = await startTestServer();
  team = await newTeamMember();
  await loadBasicSeed(server, basicSeed());
});

afterAll(() => server.close());

function authorizeHash(body: { partnerName: string; hash: string }, token = team.token) {
  return server.call({ method: 'POST', url: '/api/authorize_hash', payload: body, token });
}

function authorizePartner(body: { partnerName: string; hash: string }, token: string) {
  return server.call({ method: 'POST', url: '/api/authorize_partner', payload: body, token });
}

/** The team reserves `partnerName` under a new hash. */
async function invite(partnerName: string): Promise<{ partnerName: string; hash: string }> {
  const invitation = { partnerName, hash: newInvitationHash() };
  const response = await authorizeHash(invitation);
  expect(response.statusCode).toBe(200);
  return invitation;
}

async function partnerOf(user: TestUser): Promise<string> {
  const { rows } = await server.db.query<{ partner: string }>('SELECT partner FROM accounts WHERE uid = $1', [
    user.uid,
  ]);
  return rows[0]?.partner ?? '';
}

async function attemptsOf(user: TestUser): Promise<number> {
  return (await server.db.query('SELECT count(*)::int AS n FROM invitation_attempts WHERE uid = $1', [user.uid]))
    .rows[0].n;
}

async function usedBy(hash: string): Promise<string | null> {
  return (await server.db.query('SELECT used_by FROM invitations WHERE hash = $1', [hash])).rows[0].used_by;
}

describe('an invitation', () => {
  it('expires 7 days after the team registered it', async () => {
    const user = await newUser('expira');
    const old = await invite('expirado');
    await server.db.query("UPDATE invitations SET created_at = now() - interval '7 days 1 minute' WHERE hash = $1", [
      old.hash,
    ]);
    const response = await authorizePartner(old, user.token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual(EXPIRED);
    expect(await partnerOf(user)).toBe('');
    expect(await usedBy(old.hash)).toBeNull();
    // The hash was right: no failed guess.
    expect(await attemptsOf(user)).toBe(0);
  });

  it('is still good a little before the 7 days', async () => {
    const user = await newUser('quase');
    const recent = await invite('quase_expirado');
    await server.db.query("UPDATE invitations SET created_at = now() - interval '6 days 23 hours' WHERE hash = $1", [
      recent.hash,
    ]);
    expect((await authorizePartner(recent, user.token)).statusCode).toBe(200);
    expect(await partnerOf(user)).toBe('quase_expirado');
  });

  it('is used once: another account is refused with 409, its own account may accept again', async () => {
    const [first, second] = [await newUser('primeiro'), await newUser('segundo')];
    const invitation = await invite('uso_unico');
    expect((await authorizePartner(invitation, first.token)).statusCode).toBe(200);
    const reused = await authorizePartner(invitation, second.token);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ error: 'invitation_used', message: 'Este convite já foi usado.' });
    expect(await partnerOf(second)).toBe('');
    expect(await usedBy(invitation.hash)).toBe(first.uid);
    expect((await authorizePartner(invitation, first.token)).statusCode).toBe(200);
    expect(await attemptsOf(second)).toBe(0);
  });
});

describe('POST /api/authorize_hash', () => {
  it.each([
    ['25 hours ago', -25 * 60 * 60 * 1000],
    ['25 hours ahead', 25 * 60 * 60 * 1000],
    ['a year ago', -365 * DAY],
    ['in 2040', Date.UTC(2040, 0, 1) - Date.now()],
  ])('refuses a hash made %s with 400 invalid_hash', async (_case, offset) => {
    const response = await authorizeHash({
      partnerName: 'nome_do_relogio',
      hash: newInvitationHash(Date.now() + offset),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_HASH);
    expect(
      (await server.db.query("SELECT count(*)::int AS n FROM partners WHERE name = 'nome_do_relogio'")).rows[0].n,
    ).toBe(0);
  });

  it.each([
    ['the epoch', '0'.repeat(33)],
    ['the largest timestamp', 'z'.repeat(33)],
  ])('refuses a hash of %s with 400 invalid_hash', async (_case, hash) => {
    const response = await authorizeHash({ partnerName: 'nome_do_relogio', hash });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_HASH);
  });

  it.each([
    ['23 hours ago', -23 * 60 * 60 * 1000],
    ['23 hours ahead (a clock running fast)', 23 * 60 * 60 * 1000],
  ])('accepts a hash made %s', async (_case, offset) => {
    const response = await authorizeHash({
      partnerName: `relogio_${offset > 0 ? 'adiantado' : 'atrasado'}`,
      hash: newInvitationHash(Date.now() + offset),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a hash already registered with 409, for the same name or another', async () => {
    const invitation = await invite('registrado');
    for (const partnerName of ['registrado', 'outro_registrado']) {
      const response = await authorizeHash({ partnerName, hash: invitation.hash });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'hash_taken', message: 'This invitation hash is already registered' });
    }
    expect(
      (await server.db.query("SELECT count(*)::int AS n FROM partners WHERE name = 'outro_registrado'")).rows[0].n,
    ).toBe(0);
  });
});

describe('failed guesses of POST /api/authorize_partner', () => {
  it('lock the account after 5 within 15 minutes: a 6th try is refused with 429, the right hash too', async () => {
    const guesser = await newUser('adivinho');
    const invitation = await invite('cobicado');
    const guesses = [
      { partnerName: 'cobicado', hash: newInvitationHash() },
      { partnerName: 'cobicado', hash: newInvitationHash() },
      { partnerName: 'parceiro2', hash: invitation.hash },
      { partnerName: 'cobicado', hash: newInvitationHash() },
      { partnerName: 'outro_nome', hash: invitation.hash },
    ];
    for (const guess of guesses) {
      const response = await authorizePartner(guess, guesser.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(UNKNOWN);
    }
    const right = await authorizePartner(invitation, guesser.token);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(LOCKED);
    expect(
      (await authorizePartner({ partnerName: 'cobicado', hash: newInvitationHash() }, guesser.token)).statusCode,
    ).toBe(429);
    expect(await partnerOf(guesser)).toBe('');
    expect(await usedBy(invitation.hash)).toBeNull();
    // Refusals without a look-up are not counted.
    expect(await attemptsOf(guesser)).toBe(5);
  });

  it('hold on another app server of the same database (and so across a restart)', async () => {
    const guesser = await newUser('reinicio');
    for (let i = 0; i < 5; i += 1)
      expect(
        (await authorizePartner({ partnerName: 'cobicado', hash: newInvitationHash() }, guesser.token)).statusCode,
      ).toBe(404);
    const other = await buildApp({
      config: server.config,
      db: server.db,
      verifier: firebaseVerifier(server.config.firebaseProjectId, server.config.authEmulatorHost),
      logger: false,
    });
    try {
      const response = await other.inject({
        method: 'POST',
        url: '/api/authorize_partner',
        payload: { partnerName: 'cobicado', hash: newInvitationHash() },
        headers: { idToken: guesser.token },
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('lock only the account that made them', async () => {
    const [guesser, invitee] = [await newUser('adivinha'), await newUser('convidada')];
    const invitation = await invite('por_conta');
    for (let i = 0; i < 5; i += 1)
      await authorizePartner({ partnerName: 'por_conta', hash: newInvitationHash() }, guesser.token);
    expect((await authorizePartner(invitation, guesser.token)).statusCode).toBe(429);
    expect((await authorizePartner(invitation, invitee.token)).statusCode).toBe(200);
    expect(await partnerOf(invitee)).toBe('por_conta');
  });

  it('count 15 minutes back: older failures no longer lock', async () => {
    const guesser = await newUser('paciente');
    const invitation = await invite('paciencia');
    for (let i = 0; i < 5; i += 1)
      await authorizePartner({ partnerName: 'paciencia', hash: newInvitationHash() }, guesser.token);
    expect((await authorizePartner(invitation, guesser.token)).statusCode).toBe(429);
    await server.db.query(
      "UPDATE invitation_attempts SET attempted_at = now() - interval '14 minutes' WHERE uid = $1",
      [guesser.uid],
    );
    expect((await authorizePartner(invitation, guesser.token)).statusCode).toBe(429);
    await server.db.query(
      "UPDATE invitation_attempts SET attempted_at = now() - interval '16 minutes' WHERE uid = $1",
      [guesser.uid],
    );
    expect((await authorizePartner(invitation, guesser.token)).statusCode).toBe(200);
    expect(await partnerOf(guesser)).toBe('paciencia');
  });

  it('are counted, not successes: 4 failures then the right hash links the account', async () => {
    const user = await newUser('quatro');
    const invitation = await invite('quatro_erros');
    for (let i = 0; i < 4; i += 1)
      expect(
        (await authorizePartner({ partnerName: 'quatro_erros', hash: newInvitationHash() }, user.token)).statusCode,
      ).toBe(404);
    expect((await authorizePartner(invitation, user.token)).statusCode).toBe(200);
    expect(await attemptsOf(user)).toBe(4);
    // A second look at its own invitation is no guess either.
    expect((await authorizePartner(invitation, user.token)).statusCode).toBe(200);
    expect(await attemptsOf(user)).toBe(4);
    expect(
      (await authorizePartner({ partnerName: 'quatro_erros', hash: newInvitationHash() }, user.token)).statusCode,
    ).toBe(404);
    expect((await authorizePartner(invitation, user.token)).statusCode).toBe(429);
  });

  it('sent all at once are let through 5 at most', async () => {
    const guesser = await newUser('rajada');
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        authorizePartner({ partnerName: 'cobicado', hash: newInvitationHash() }, guesser.token),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(404), ...Array(7).fill(429)]);
    expect(await attemptsOf(guesser)).toBe(5);
  });
});
