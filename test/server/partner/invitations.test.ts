import { newInvitationHash } from '../../../contract/invitationHash';
import { newUser, type TestUser } from '../support/testServer';
import {
  authorizeHash,
  authorizePartner,
  contractPayload,
  contracts,
  createContract,
  nameStatus,
  partner,
  server,
  stranger,
  team,
  withPartnerServer,
} from './support';

let invitee: TestUser;
let latecomer: TestUser;
let racerA: TestUser;
let racerB: TestUser;

withPartnerServer();

beforeAll(async () => {
  [invitee, latecomer, racerA, racerB] = await Promise.all([
    newUser('convidado'),
    newUser('atrasado'),
    newUser('corrida-a'),
    newUser('corrida-b'),
  ]);
});

describe('GET /api/check_bname_partner/{name}', () => {
  it('answers available, owned, taken or wrong to the team', async () => {
    expect(await nameStatus('livre_123')).toBe('available');
    expect(await nameStatus('parceiro2')).toBe('owned');
    expect(await nameStatus('parceiro1')).toBe('taken');
    for (const name of [
      'ab',
      encodeURIComponent('com espaço'),
      encodeURIComponent('../x'),
      encodeURIComponent("a'b;--"),
      'p'.repeat(65),
    ]) {
      expect({ name, reply: await nameStatus(name) }).toEqual({ name, reply: 'wrong' });
    }
  });

  it('answers taken for an owned name to everybody else, signed out or in', async () => {
    for (const viewer of [null, stranger, partner]) {
      expect(await nameStatus('parceiro2', viewer)).toBe('taken');
      expect(await nameStatus('parceiro1', viewer)).toBe('taken');
      expect(await nameStatus('livre_123', viewer)).toBe('available');
      expect(await nameStatus('ab', viewer)).toBe('wrong');
    }
    expect(
      (await server.call({ method: 'GET', url: '/api/check_bname_partner/parceiro2', token: 'nope' })).statusCode,
    ).toBe(401);
  });

  it('refuses a name longer than 200 characters with 400 and a bare dot segment with 404', async () => {
    expect((await server.call({ method: 'GET', url: `/api/check_bname_partner/${'p'.repeat(201)}` })).statusCode).toBe(
      400,
    );
    expect((await server.call({ method: 'GET', url: '/api/check_bname_partner/%2E%2E' })).statusCode).toBe(404);
  });
});

describe('POST /api/authorize_hash and POST /api/authorize_partner', () => {
  const invitation = { partnerName: 'convidado', hash: newInvitationHash() };

  it('lets the team reserve a free name under a hash', async () => {
    const response = await authorizeHash(invitation, team.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect(await nameStatus('convidado')).toBe('owned');
  });

  it('lets the team issue a second invitation for an owned name', async () => {
    expect((await authorizeHash({ partnerName: 'parceiro2', hash: newInvitationHash() }, team.token)).statusCode).toBe(
      200,
    );
  });

  it('refuses a reused hash and a taken name with 409', async () => {
    const reused = await authorizeHash({ partnerName: 'outro_nome', hash: invitation.hash }, team.token);
    expect(reused.statusCode).toBe(409);
    const taken = await authorizeHash({ partnerName: 'parceiro1', hash: newInvitationHash() }, team.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'name_taken', message: 'Name already exists' });
    expect(await nameStatus('outro_nome')).toBe('available');
  });

  it('is for the team only', async () => {
    const hash = newInvitationHash();
    expect((await authorizeHash({ partnerName: 'nome_livre', hash })).statusCode).toBe(401);
    expect((await authorizeHash({ partnerName: 'nome_livre', hash }, 'nope')).statusCode).toBe(401);
    expect((await authorizeHash({ partnerName: 'nome_livre', hash }, partner.token)).statusCode).toBe(403);
    expect((await authorizeHash({ partnerName: 'nome_livre', hash }, stranger.token)).statusCode).toBe(403);
    expect(await nameStatus('nome_livre')).toBe('available');
  });

  const BAD_INVITATIONS: [string, Record<string, unknown>][] = [
    ['an upper-case hash', { hash: newInvitationHash().toUpperCase() }],
    ['an old short hash', { hash: 'lq2x3abcde' }],
    ['a hash of 5 characters', { hash: 'abcde' }],
    ['a hash with 24 random characters', { hash: newInvitationHash().slice(0, -1) }],
    ['a hash with 26 random characters', { hash: `${newInvitationHash()}a` }],
    ['a hash of 65 characters', { hash: 'a'.repeat(65) }],
    ['a hash with dots', { hash: `../${newInvitationHash().slice(3)}` }],
    ['a hash with a dash', { hash: `${newInvitationHash().slice(0, -1)}-` }],
    ['a numeric hash', { hash: 1234567 }],
    ['a partner with a space', { partnerName: 'nome livre' }],
    ['a partner of 2 characters', { partnerName: 'ab' }],
    ['a very long partner', { partnerName: 'p'.repeat(65) }],
    ['no partner', { partnerName: undefined }],
    ['no hash', { hash: undefined }],
    ['an unknown field', { uid: 'x' }],
  ];

  it.each(BAD_INVITATIONS)('refuses to authorize %s with 400', async (_case, overrides) => {
    const response = await authorizeHash(
      { partnerName: 'nome_livre', hash: newInvitationHash(), ...overrides },
      team.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
    expect(await nameStatus('nome_livre')).toBe('available');
  });

  it.each(BAD_INVITATIONS)('refuses to accept %s with 400', async (_case, overrides) => {
    const response = await authorizePartner({ ...invitation, ...overrides }, latecomer.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
  });

  it('answers 404 to a wrong hash or a wrong partner, and 401 without a valid token', async () => {
    const wrongHash = await authorizePartner({ ...invitation, hash: newInvitationHash() }, invitee.token);
    expect(wrongHash.statusCode).toBe(404);
    expect(wrongHash.json().error).toBe('invitation_not_found');
    expect((await authorizePartner({ ...invitation, partnerName: 'parceiro2' }, invitee.token)).statusCode).toBe(404);
    expect((await authorizePartner(invitation)).statusCode).toBe(401);
    expect((await authorizePartner(invitation, 'nope')).statusCode).toBe(401);
    expect(await nameStatus('convidado')).toBe('owned');
  });

  it('links the accepting account to the partner, who can then read its contracts', async () => {
    expect(
      (await server.call({ method: 'GET', url: '/api/contracts/convidado', token: invitee.token })).statusCode,
    ).toBe(403);
    const response = await authorizePartner(invitation, invitee.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    const account = await server.call({ method: 'GET', url: '/api/account', token: invitee.token });
    expect(account.statusCode).toBe(200);
    expect(account.json().partner).toBe('convidado');
    expect(await nameStatus('convidado')).toBe('taken');
    expect(await contracts('convidado', invitee.token)).toEqual([]);
    expect((await createContract(contractPayload({ partner: 'convidado' }), team.token)).statusCode).toBe(200);
    expect((await contracts('convidado', invitee.token)).map((c) => c.title)).toEqual(['Contrato 1']);
    expect((await server.call({ method: 'GET', url: '/api/deals/convidado', token: invitee.token })).json()).toEqual(
      [],
    );
    // Accepting again is harmless.
    expect((await authorizePartner(invitation, invitee.token)).statusCode).toBe(200);
  });

  it('refuses an invitation already used by another user with 409', async () => {
    const response = await authorizePartner(invitation, latecomer.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('invitation_used');
    expect(
      (await server.call({ method: 'GET', url: '/api/contracts/convidado', token: latecomer.token })).statusCode,
    ).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/account', token: invitee.token })).json().partner).toBe(
      'convidado',
    );
  });

  it('refuses a new invitation for the now taken name with 409', async () => {
    expect((await authorizeHash({ partnerName: 'convidado', hash: newInvitationHash() }, team.token)).statusCode).toBe(
      409,
    );
  });

  it('refuses a second invitation of a name once another user holds it with 409', async () => {
    const [first, other] = [newInvitationHash(), newInvitationHash()];
    expect((await authorizeHash({ partnerName: 'dobrado', hash: first }, team.token)).statusCode).toBe(200);
    expect((await authorizeHash({ partnerName: 'dobrado', hash: other }, team.token)).statusCode).toBe(200);
    expect((await authorizePartner({ partnerName: 'dobrado', hash: first }, racerA.token)).statusCode).toBe(200);
    const second = await authorizePartner({ partnerName: 'dobrado', hash: other }, racerB.token);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('name_taken');
  });

  it('links one account only when two users accept two invitations of one name at once', async () => {
    // A few rounds: the race is short.
    for (let round = 0; round < 6; round += 1) {
      const partnerName = `disputado${round}`;
      const [one, two] = [newInvitationHash(), newInvitationHash()];
      expect((await authorizeHash({ partnerName, hash: one }, team.token)).statusCode).toBe(200);
      expect((await authorizeHash({ partnerName, hash: two }, team.token)).statusCode).toBe(200);
      const [a, b] = await Promise.all([
        authorizePartner({ partnerName, hash: one }, racerA.token),
        authorizePartner({ partnerName, hash: two }, racerB.token),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(
        (await server.db.query('SELECT count(*)::int AS n FROM accounts WHERE partner = $1', [partnerName])).rows[0].n,
      ).toBe(1);
    }
  });
});
