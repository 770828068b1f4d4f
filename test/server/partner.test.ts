import { newInvitationHash } from '../../contract/invitationHash';
import { dealBalance } from '../../contract/pricing';
import { COUPON_CODE_PATTERN, COUPON_RANDOM_LENGTH, newCouponCode } from '../../server/src/domain/partners';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

let server: TestServer;
/** The account of partner parceiro1. */
let partner: TestUser;
let stranger: TestUser;
let team: TestUser;
let invitee: TestUser;
let latecomer: TestUser;
let racerA: TestUser;
let racerB: TestUser;
/** The account of partner saldo (linked in the deals-and-balances block). */
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [partner, stranger, team, invitee, latecomer, racerA, racerB, owner] = await Promise.all([
    newUser('parceiro'),
    newUser('estranho'),
    newTeamMember(),
    newUser('convidado'),
    newUser('atrasado'),
    newUser('corrida-a'),
    newUser('corrida-b'),
    newUser('saldo'),
  ]);
  await loadBasicSeed(server, { ...basicSeed(), accounts: [{ uid: partner.uid, email: partner.email, partner: 'parceiro1' }] });
});

afterAll(() => server.close());

// --- helpers -------------------------------------------------------------------------------

type Contract = { title: string; description: string; last: string; discount: number; kit: string };

async function contracts(name: string, token: string): Promise<Contract[]> {
  const response = await server.call({ method: 'GET', url: `/api/contracts/${name}`, token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function lastCoupon(name: string, title: string): Promise<string> {
  const contract = (await contracts(name, team.token)).find((c) => c.title === title);
  if (!contract) throw new Error(`no contract ${name}/${title}`);
  return contract.last;
}

function launch(body: Record<string, unknown>, token?: string) {
  return server.call({ method: 'POST', url: '/api/launch_coupon', payload: body, token });
}

function launchBody(lastCouponCode: string, overrides: Record<string, unknown> = {}) {
  return { partner: 'parceiro1', contractTitle: 'Contrato 1', lastCoupon: lastCouponCode, discount: 0.05, kit: 'kit', ...overrides };
}

function contractPayload(overrides: Record<string, unknown> = {}) {
  return { partner: 'parceiro1', duration: 60, rate: 12.5, discount: 15, kit: 'Kit festa', n_coupons: 2, ...overrides };
}

function createContract(payload: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/create_contract', payload: payload as object, token });
}

/** The name's status as the team sees it (only the team learns `owned`), or as `viewer` does (null: signed out). */
async function nameStatus(name: string, viewer: TestUser | null = team): Promise<string> {
  const response = await server.call({ method: 'GET', url: `/api/check_bname_partner/${name}`, token: viewer?.token });
  expect(response.statusCode).toBe(200);
  return response.body;
}

function authorizeHash(body: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/authorize_hash', payload: body as object, token });
}

function authorizePartner(body: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/authorize_partner', payload: body as object, token });
}

async function contractCount(): Promise<number> {
  return (await server.db.query('SELECT count(*)::int AS n FROM contracts')).rows[0].n;
}

/** A Pix order with coupon `coupon`: Cabine 360 for 3 h with Neon (1350). */
async function pixOrder(coupon: string, orderId: string, eventName: string) {
  const response = await server.call({
    method: 'POST',
    url: `/api/order/${coupon}`,
    payload: {
      products: [{ id: 'cabine360', name: 'Cabine 360', type: 'service', hours: 3, quantity: 1, selectedAccessories: [{ name: 'Neon', price: 150 }], unitPrice: 1350, totalPrice: 1350 }],
      total: 1350,
      clientName: 'Cliente do Parceiro',
      eventName,
      eventDate: '2030-07-01',
      eventTime: '20:00',
      paymentMethod: 'pix',
      email: 'cliente@example.com',
      cpf: '12345678909',
      orderId,
      claim: `claim-${orderId}-parceiro`,
    },
  });
  expect(response.statusCode).toBe(200);
}

const ODD_NAMES = [encodeURIComponent('parceiro 1'), encodeURIComponent('../parceiro1'), encodeURIComponent("p1' OR '1'='1"), 'p'.repeat(65)];

// --- contracts ------------------------------------------------------------------------------

describe('GET /api/contracts/{partner}', () => {
  const seeded: Contract = { title: 'Contrato 1', description: '', last: 'P1-NEXT', discount: 0.05, kit: 'kit' };

  it("answers the partner's contracts to the partner's own account", async () => {
    const response = await server.call({ method: 'GET', url: '/api/contracts/parceiro1', token: partner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([seeded]);
  });

  it('answers them to the team too, and an empty list for a partner without contracts', async () => {
    expect(await contracts('parceiro1', team.token)).toEqual([seeded]);
    expect(await contracts('parceiro2', team.token)).toEqual([]);
  });

  it('answers 401 without a valid token', async () => {
    expect((await server.call({ method: 'GET', url: '/api/contracts/parceiro1' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/contracts/parceiro1', token: 'nope' })).statusCode).toBe(401);
  });

  it("answers 403 to another user and to a partner asking for another partner's contracts", async () => {
    const other = await server.call({ method: 'GET', url: '/api/contracts/parceiro1', token: stranger.token });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'not_your_partner', message: 'Você não tem acesso a este parceiro.' });
    expect((await server.call({ method: 'GET', url: '/api/contracts/parceiro2', token: partner.token })).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/contracts/desconhecido', token: stranger.token })).statusCode).toBe(403);
  });

  it('refuses odd or very long names with 400', async () => {
    for (const name of ODD_NAMES) {
      const response = await server.call({ method: 'GET', url: `/api/contracts/${name}`, token: team.token });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
    }
  });
});

// --- coupons --------------------------------------------------------------------------------

describe('POST /api/launch_coupon', () => {
  it('makes the shown coupon usable in the shop, with the contract discount, and shows the next one', async () => {
    expect((await server.call({ method: 'GET', url: '/api/shop/P1-NEXT/agent0001' })).statusCode).toBe(404);
    // The client's discount and kit are not trusted: the contract's are.
    const response = await launch(launchBody('P1-NEXT', { discount: 0.9, kit: 'outro' }), partner.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('success');
    const shop = await server.call({ method: 'GET', url: '/api/shop/P1-NEXT/agent0001' });
    expect(shop.statusCode).toBe(200);
    expect(shop.json().discount).toBe(0.05);
    const [contract] = await contracts('parceiro1', partner.token);
    expect(contract.last).toMatch(/^PARCEIRO1-[0-9A-Z]{16}$/);
    expect(contract.last).not.toBe('P1-NEXT');
    expect((await server.call({ method: 'GET', url: `/api/shop/${contract.last}/agent0001` })).statusCode).toBe(404);
  });

  it('refuses a stale coupon with 409', async () => {
    const response = await launch(launchBody('P1-NEXT'), partner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('stale_coupon');
  });

  it('refuses launches beyond the contract number of coupons with 409', async () => {
    const second = await lastCoupon('parceiro1', 'Contrato 1');
    expect((await launch(launchBody(second), partner.token)).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: `/api/shop/${second}/agent0001` })).statusCode).toBe(200);
    const third = await lastCoupon('parceiro1', 'Contrato 1');
    const response = await launch(launchBody(third), partner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('no_coupons_left');
    expect((await server.call({ method: 'GET', url: `/api/shop/${third}/agent0001` })).statusCode).toBe(404);
    expect(await lastCoupon('parceiro1', 'Contrato 1')).toBe(third);
  });

  it('answers 404 for an unknown contract', async () => {
    const response = await launch(launchBody('P1-NEXT', { contractTitle: 'Contrato 99' }), partner.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('contract_not_found');
  });

  it("is only for the partner's own account: 401 anonymous, 403 for others and the team", async () => {
    const last = await lastCoupon('parceiro1', 'Contrato 1');
    expect((await launch(launchBody(last))).statusCode).toBe(401);
    expect((await launch(launchBody(last), 'nope')).statusCode).toBe(401);
    expect((await launch(launchBody(last), stranger.token)).statusCode).toBe(403);
    expect((await launch(launchBody(last), team.token)).statusCode).toBe(403);
    expect((await launch(launchBody(last, { partner: 'parceiro2' }), partner.token)).statusCode).toBe(403);
    expect(await lastCoupon('parceiro1', 'Contrato 1')).toBe(last);
  });

  it.each([
    ['an odd partner', { partner: '../parceiro1' }],
    ['a very long partner', { partner: 'p'.repeat(65) }],
    ['a numeric partner', { partner: 1 }],
    ['an odd coupon', { lastCoupon: "P1' OR '1'='1" }],
    ['a very long coupon', { lastCoupon: 'P'.repeat(65) }],
    ['an empty title', { contractTitle: '' }],
    ['a very long title', { contractTitle: 'C'.repeat(201) }],
    ['a string discount', { discount: '0.05' }],
    ['a numeric kit', { kit: 5 }],
    ['no coupon', { lastCoupon: undefined }],
    ['no title', { contractTitle: undefined }],
  ])('refuses %s with 400', async (_case, overrides) => {
    const response = await launch(launchBody('P1-NEXT', overrides), partner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
  });
});

// --- deals ----------------------------------------------------------------------------------

describe('GET /api/deals/{partner}', () => {
  beforeAll(async () => {
    await pixOrder('P1-NEXT', '200000001', 'Festa do Parceiro');
    await pixOrder('DEZ', '200000002', 'Festa sem Parceiro');
  });

  it("lists the orders placed with the partner's coupons", async () => {
    const response = await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: partner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        eventName: 'Festa do Parceiro',
        clientName: 'Cliente do Parceiro',
        eventDate: '2030-07-01',
        eventTime: '20:00',
        products: [{ name: 'Cabine 360', hours: 3, quantity: 1, accessories: [{ name: 'Neon' }] }],
        total: 1350,
        rate: 10,
        discount: 0.05,
        status: 'pending',
      },
    ]);
    expect((await server.db.query("SELECT discounted_total FROM orders WHERE order_id = '200000001'")).rows).toEqual([{ discounted_total: 1282.5 }]);
  });

  it('answers them to the team, and an empty list for a partner without deals', async () => {
    const response = await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: team.token });
    expect(response.json()).toHaveLength(1);
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro2', token: team.token })).json()).toEqual([]);
  });

  it('answers 401 without a valid token, 403 to others, 400 to odd names', async () => {
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro1' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: 'nope' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro1', token: stranger.token })).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/deals/parceiro2', token: partner.token })).statusCode).toBe(403);
    for (const name of ODD_NAMES) {
      const response = await server.call({ method: 'GET', url: `/api/deals/${name}`, token: team.token });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
    }
  });
});

// --- the team ---------------------------------------------------------------------------------

describe('GET /api/check_team', () => {
  it('answers ok to the team and no to anyone else', async () => {
    const yes = await server.call({ method: 'GET', url: '/api/check_team', token: team.token });
    expect(yes.statusCode).toBe(200);
    expect(yes.body).toBe('ok');
    const no = await server.call({ method: 'GET', url: '/api/check_team', token: partner.token });
    expect(no.statusCode).toBe(200);
    expect(no.body).toBe('no');
  });

  it('answers 401 without a valid token', async () => {
    expect((await server.call({ method: 'GET', url: '/api/check_team' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/check_team', token: 'nope' })).statusCode).toBe(401);
  });
});

describe('POST /api/create_contract', () => {
  it('creates the next contract of a partner, visible in its contracts', async () => {
    const response = await createContract(contractPayload(), team.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Contract "Contrato 2" created for parceiro1: 15% discount, 12.5% commission, 2 coupons, valid for 60 days.' });
    const created = (await contracts('parceiro1', partner.token)).find((c) => c.title === 'Contrato 2');
    expect(created).toEqual({
      title: 'Contrato 2',
      description: '15% de desconto para o cliente, 12.5% de comissão, 2 cupons, válido por 60 dias. Kit: Kit festa.',
      last: expect.stringMatching(/^PARCEIRO1-[0-9A-Z]{16}$/),
      discount: 0.15,
      kit: 'Kit festa',
    });
    const stored = await server.db.query("SELECT rate, n_coupons, expires_at > now() + interval '59 days' AS long FROM contracts WHERE title = 'Contrato 2'");
    expect(stored.rows).toEqual([{ rate: 12.5, n_coupons: 2, long: true }]);
  });

  it('creates a contract for a new partner, whose name then is owned', async () => {
    expect(await nameStatus('novo_parceiro')).toBe('available');
    const response = await createContract(contractPayload({ partner: 'novo_parceiro' }), team.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Contract "Contrato 1" created for novo_parceiro: 15% discount, 12.5% commission, 2 coupons, valid for 60 days.' });
    expect(await contracts('novo_parceiro', team.token)).toHaveLength(1);
    expect(await nameStatus('novo_parceiro')).toBe('owned');
  });

  it('answers 401 without a valid token and 403 to anyone but the team', async () => {
    const before = await contractCount();
    expect((await createContract(contractPayload())).statusCode).toBe(401);
    expect((await createContract(contractPayload(), 'nope')).statusCode).toBe(401);
    const partnerTry = await createContract(contractPayload(), partner.token);
    expect(partnerTry.statusCode).toBe(403);
    expect(partnerTry.json().error).toBe('not_team');
    expect((await createContract(contractPayload(), stranger.token)).statusCode).toBe(403);
    expect(await contractCount()).toBe(before);
  });

  const RULE = {
    partner: 'partner must be 3 to 64 letters, numbers, hyphens (-) or underlines (_)',
    duration: 'duration must be a whole number of days from 1 to 3650',
    rate: 'rate (commission) must be a number from 0 to 100, in percent, with at most 2 decimals',
    discount: 'discount must be a number from 0 to 99, in percent, with at most 2 decimals',
    kit: 'kit must be 1 to 500 characters, not only spaces',
    n_coupons: 'n_coupons must be a whole number from 1 to 10000',
  };
  const FIELDS = ['partner', 'duration', 'rate', 'discount', 'kit', 'n_coupons'] as const;
  const NOT_AN_OBJECT = 'Invalid contract: send a JSON object with partner, duration, rate, discount, kit, n_coupons.';

  it.each([
    ...FIELDS.map((field) => [`without ${field}`, { [field]: undefined }, `Invalid contract: ${field} is required; ${RULE[field]}.`] as [string, Record<string, unknown>, string]),
    ...FIELDS.map((field) => [`with a null ${field}`, { [field]: null }, `Invalid contract: ${RULE[field]}.`] as [string, Record<string, unknown>, string]),
    ['a string duration', { duration: '60' }, `Invalid contract: ${RULE.duration}.`],
    ['a string rate', { rate: '12.5' }, `Invalid contract: ${RULE.rate}.`],
    ['a string discount', { discount: '15' }, `Invalid contract: ${RULE.discount}.`],
    ['a string number of coupons', { n_coupons: '2' }, `Invalid contract: ${RULE.n_coupons}.`],
    ['a boolean rate', { rate: true }, `Invalid contract: ${RULE.rate}.`],
    ['a fractional duration', { duration: 1.5 }, `Invalid contract: ${RULE.duration}.`],
    ['a zero duration', { duration: 0 }, `Invalid contract: ${RULE.duration}.`],
    ['a duration of 11 years', { duration: 3651 }, `Invalid contract: ${RULE.duration}.`],
    ['a negative rate', { rate: -1 }, `Invalid contract: ${RULE.rate}.`],
    ['a rate above 100', { rate: 101 }, `Invalid contract: ${RULE.rate}.`],
    ['a rate of 3 decimals', { rate: 12.345 }, `Invalid contract: ${RULE.rate}.`],
    ['a negative discount', { discount: -5 }, `Invalid contract: ${RULE.discount}.`],
    ['a discount of 100 %', { discount: 100 }, `Invalid contract: ${RULE.discount}.`],
    ['a discount of 3 decimals', { discount: 15.001 }, `Invalid contract: ${RULE.discount}.`],
    ['no coupons', { n_coupons: 0 }, `Invalid contract: ${RULE.n_coupons}.`],
    ['a fractional number of coupons', { n_coupons: 2.5 }, `Invalid contract: ${RULE.n_coupons}.`],
    ['a partner with a space', { partner: 'novo parceiro' }, `Invalid contract: ${RULE.partner}.`],
    ['a partner with dots', { partner: '../parceiro1' }, `Invalid contract: ${RULE.partner}.`],
    ['a partner of 2 characters', { partner: 'ab' }, `Invalid contract: ${RULE.partner}.`],
    ['a very long partner', { partner: 'p'.repeat(65) }, `Invalid contract: ${RULE.partner}.`],
    ['an empty kit', { kit: '' }, `Invalid contract: ${RULE.kit}.`],
    ['a kit of spaces', { kit: '   ' }, `Invalid contract: ${RULE.kit}.`],
    ['a very long kit', { kit: 'k'.repeat(501) }, `Invalid contract: ${RULE.kit}.`],
    ['an unknown field', { admin: true }, 'Invalid contract: unknown field "admin"; the fields are partner, duration, rate, discount, kit, n_coupons.'],
  ])('refuses a contract %s with 400, a message naming the rule, and creates nothing', async (_case, overrides, message) => {
    const before = await contractCount();
    const partners = (await server.db.query('SELECT count(*)::int AS n FROM partners')).rows[0].n;
    const response = await createContract(contractPayload({ partner: 'nao_criado', ...overrides }), team.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_contract', message });
    expect(await contractCount()).toBe(before);
    expect((await server.db.query('SELECT count(*)::int AS n FROM partners')).rows[0].n).toBe(partners);
  });

  it('refuses a body that is not an object with 400', async () => {
    const before = await contractCount();
    for (const payload of [[contractPayload()], 'texto', 42, null]) {
      const response = await server.call({ method: 'POST', url: '/api/create_contract', payload: JSON.stringify(payload), token: team.token, headers: { 'content-type': 'application/json' } });
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({ payload, status: 400, body: { error: 'invalid_contract', message: NOT_AN_OBJECT } });
    }
    const text = await server.call({ method: 'POST', url: '/api/create_contract', payload: 'partner=x', token: team.token, headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(NOT_AN_OBJECT);
    expect(await contractCount()).toBe(before);
  });

  it('answers 401 before judging the body of a caller signed out, 403 of a caller not in the team', async () => {
    expect((await createContract({ admin: true })).statusCode).toBe(401);
    expect((await createContract({ admin: true }, partner.token)).statusCode).toBe(403);
  });

  it('reads well for one coupon and one day', async () => {
    const response = await createContract(contractPayload({ partner: 'parceiro_curto', duration: 1, n_coupons: 1, rate: 7, discount: 0 }), team.token);
    expect(response.json()).toEqual({ message: 'Contract "Contrato 1" created for parceiro_curto: 0% discount, 7% commission, 1 coupon, valid for 1 day.' });
  });
});

describe('concurrent requests', () => {
  it('of coupon launches hand out exactly the contract number of coupons', async () => {
    // Contrato 2 of parceiro1 (created above) has 2 coupons. Eight tabs of the partner page race:
    // each reads the coupon shown and launches it, reloading on a stale one, until none are left.
    const launched: string[] = [];
    const statuses: number[] = [];
    const tab = async () => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const shown = await lastCoupon('parceiro1', 'Contrato 2');
        const response = await launch(launchBody(shown, { contractTitle: 'Contrato 2' }), partner.token);
        statuses.push(response.statusCode);
        if (response.statusCode === 200) launched.push(shown);
        else if (response.json().error === 'no_coupons_left') return;
        else expect(response.json().error).toBe('stale_coupon');
      }
    };
    await Promise.all(Array.from({ length: 8 }, tab));
    expect(launched).toHaveLength(2);
    expect(new Set(launched).size).toBe(2);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const coupons = await server.db.query(
      "SELECT c.code FROM coupons c JOIN contracts k ON k.id = c.contract_id WHERE k.partner = 'parceiro1' AND k.title = 'Contrato 2' ORDER BY c.code",
    );
    expect(coupons.rows.map((r) => r.code)).toEqual([...launched].sort());
  });

  it('of one coupon let one launch through', async () => {
    const created = await createContract(contractPayload({ partner: 'parceiro1', n_coupons: 5 }), team.token);
    expect(created.json().message).toMatch(/^Contract "Contrato 3" created for parceiro1: /);
    const shown = await lastCoupon('parceiro1', 'Contrato 3');
    const replies = await Promise.all(Array.from({ length: 10 }, () => launch(launchBody(shown, { contractTitle: 'Contrato 3' }), partner.token)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await server.call({ method: 'GET', url: `/api/shop/${shown}/agent0001` })).json().discount).toBe(0.15);
  });

  it('of new contracts create each one under its own title', async () => {
    const replies = await Promise.all(
      ['a', 'b', 'c', 'd'].map((kit) => createContract(contractPayload({ partner: 'parceiro2', kit: `Kit ${kit}` }), team.token)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const titles = (await contracts('parceiro2', team.token)).map((c) => c.title).sort();
    expect(titles).toEqual(['Contrato 1', 'Contrato 2', 'Contrato 3', 'Contrato 4']);
  });
});

describe('an expired contract', () => {
  it('leaves the partner page and hands out no more coupons', async () => {
    const shown = await lastCoupon('parceiro1', 'Contrato 3');
    await server.db.query("UPDATE contracts SET expires_at = now() - interval '1 day' WHERE partner = 'parceiro1' AND title = 'Contrato 3'");
    expect((await contracts('parceiro1', partner.token)).map((c) => c.title)).toEqual(['Contrato 1', 'Contrato 2']);
    const response = await launch(launchBody(shown, { contractTitle: 'Contrato 3' }), partner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('contract_expired');
    expect((await server.call({ method: 'GET', url: `/api/shop/${shown}/agent0001` })).statusCode).toBe(404);
  });
});

// --- partner names and invitations --------------------------------------------------------------

describe('GET /api/check_bname_partner/{name}', () => {
  it('answers available, owned, taken or wrong to the team', async () => {
    expect(await nameStatus('livre_123')).toBe('available');
    expect(await nameStatus('parceiro2')).toBe('owned');
    expect(await nameStatus('parceiro1')).toBe('taken');
    for (const name of ['ab', encodeURIComponent('com espaço'), encodeURIComponent('../x'), encodeURIComponent("a'b;--"), 'p'.repeat(65)]) {
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
    expect((await server.call({ method: 'GET', url: '/api/check_bname_partner/parceiro2', token: 'nope' })).statusCode).toBe(401);
  });

  it('refuses a name longer than 200 characters with 400 and a bare dot segment with 404', async () => {
    expect((await server.call({ method: 'GET', url: `/api/check_bname_partner/${'p'.repeat(201)}` })).statusCode).toBe(400);
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
    expect((await authorizeHash({ partnerName: 'parceiro2', hash: newInvitationHash() }, team.token)).statusCode).toBe(200);
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
    const response = await authorizeHash({ partnerName: 'nome_livre', hash: newInvitationHash(), ...overrides }, team.token);
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
    expect((await server.call({ method: 'GET', url: '/api/contracts/convidado', token: invitee.token })).statusCode).toBe(403);
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
    expect((await server.call({ method: 'GET', url: '/api/deals/convidado', token: invitee.token })).json()).toEqual([]);
    // Accepting again is harmless.
    expect((await authorizePartner(invitation, invitee.token)).statusCode).toBe(200);
  });

  it('refuses an invitation already used by another user with 409', async () => {
    const response = await authorizePartner(invitation, latecomer.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('invitation_used');
    expect((await server.call({ method: 'GET', url: '/api/contracts/convidado', token: latecomer.token })).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/account', token: invitee.token })).json().partner).toBe('convidado');
  });

  it('refuses a new invitation for the now taken name with 409', async () => {
    expect((await authorizeHash({ partnerName: 'convidado', hash: newInvitationHash() }, team.token)).statusCode).toBe(409);
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
      expect((await server.db.query('SELECT count(*)::int AS n FROM accounts WHERE partner = $1', [partnerName])).rows[0].n).toBe(1);
    }
  });
});

// --- coupon codes ---------------------------------------------------------------------------------

describe('coupon codes', () => {
  it('are unique over 1,000 draws, of the pattern the routes and the coupons table accept, with at least 80 random bits', () => {
    const codes = Array.from({ length: 1000 }, () => newCouponCode('parceiro1'));
    expect(new Set(codes).size).toBe(1000);
    for (const code of codes) {
      expect(code).toMatch(COUPON_CODE_PATTERN);
      // The route parameter (http/schemas.ts HASH) and the coupons.code CHECK.
      expect(code).toMatch(/^[A-Za-z0-9_-]{3,64}$/);
      const random = code.slice('PARCEIRO1-'.length);
      expect(random).toHaveLength(COUPON_RANDOM_LENGTH);
      expect(random.length * Math.log2(36)).toBeGreaterThanOrEqual(80);
    }
  });

  it('draw every base-36 character about as often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i += 1) {
      for (const char of newCouponCode('p').slice(2)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    // 16,000 characters: about 444 of each of 36.
    expect([...counts.keys()].sort().join('')).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    for (const [char, n] of counts) expect({ char, fair: n > 330 && n < 560 }).toEqual({ char, fair: true });
  });

  it('stay within 64 characters for the longest partner name', () => {
    const code = newCouponCode('p'.repeat(64));
    expect(code).toMatch(COUPON_CODE_PATTERN);
    expect(code.length).toBeLessThanOrEqual(64);
  });
});

// --- deals and balances -------------------------------------------------------------------------

describe('the deals of a partner with two contracts', () => {
  const deals = async (token: string) => {
    const response = await server.call({ method: 'GET', url: '/api/deals/saldo', token });
    expect(response.statusCode).toBe(200);
    return response.json() as { eventName: string; total: number; rate: number; discount: number; status: string }[];
  };

  async function launchFirst(title: string): Promise<string> {
    const shown = (await contracts('saldo', owner.token)).find((c) => c.title === title)?.last ?? '';
    const response = await launch({ partner: 'saldo', contractTitle: title, lastCoupon: shown }, owner.token);
    expect(response.statusCode).toBe(200);
    return shown;
  }

  beforeAll(async () => {
    const hash = newInvitationHash();
    expect((await authorizeHash({ partnerName: 'saldo', hash }, team.token)).statusCode).toBe(200);
    expect((await authorizePartner({ partnerName: 'saldo', hash }, owner.token)).statusCode).toBe(200);
    // Balance of 1350 at 10 % with 10 % off: 121.5, rounded up to 122; at 1 % with none: 13.5, 14.
    expect((await createContract(contractPayload({ partner: 'saldo', rate: 10, discount: 10, n_coupons: 3 }), team.token)).statusCode).toBe(200);
    expect((await createContract(contractPayload({ partner: 'saldo', rate: 1, discount: 0, n_coupons: 3 }), team.token)).statusCode).toBe(200);
    const [first, second] = [await launchFirst('Contrato 1'), await launchFirst('Contrato 2')];
    const another = await launchFirst('Contrato 1');
    await pixOrder(first, '300000001', 'Festa Pendente');
    await pixOrder(another, '300000002', 'Festa Aprovada');
    await pixOrder(second, '300000003', 'Festa Recusada');
    // Not the partner's: a coupon of no contract, and parceiro1's (order 200000001, above).
    await pixOrder('DEZ', '300000004', 'Festa de Outro');
    for (const [orderId, status] of [['300000002', 'approved'], ['300000003', 'rejected']]) {
      const settled = await server.call({ method: 'POST', url: `/api/team_orders/${orderId}`, payload: { status }, token: team.token });
      expect(settled.statusCode).toBe(200);
    }
  });

  it('include every order placed with any of its coupons, with its payment status', async () => {
    const found = await deals(owner.token);
    expect(found.map((d) => [d.eventName, d.status, d.rate, d.discount]).sort()).toEqual([
      ['Festa Aprovada', 'approved', 10, 0.1],
      ['Festa Pendente', 'pending', 10, 0.1],
      ['Festa Recusada', 'rejected', 1, 0],
    ]);
    expect(await deals(team.token)).toEqual(found);
    for (const deal of found) expect(['pending', 'approved', 'rejected']).toContain(deal.status);
  });

  it('carry what the balance is computed from, rounding a half up', async () => {
    const balances = Object.fromEntries((await deals(owner.token)).map((d) => [d.eventName, dealBalance(d.total, d.rate, d.discount)]));
    expect(balances).toEqual({ 'Festa Pendente': 122, 'Festa Aprovada': 122, 'Festa Recusada': 14 });
  });

  it('stay with the partner once a contract expired', async () => {
    await server.db.query("UPDATE contracts SET expires_at = now() - interval '1 day' WHERE partner = 'saldo' AND title = 'Contrato 2'");
    expect((await deals(owner.token)).map((d) => d.eventName).sort()).toEqual(['Festa Aprovada', 'Festa Pendente', 'Festa Recusada']);
  });
});
