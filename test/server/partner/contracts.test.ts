import {
  contractPayload,
  contracts,
  createContract,
  nameStatus,
  ODD_NAMES,
  partner,
  server,
  stranger,
  team,
  withPartnerServer,
  type Contract,
} from './support';

withPartnerServer();

async function contractCount(): Promise<number> {
  return (await server.db.query('SELECT count(*)::int AS n FROM contracts')).rows[0].n;
}

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
    expect(
      (await server.call({ method: 'GET', url: '/api/contracts/parceiro2', token: partner.token })).statusCode,
    ).toBe(403);
    expect(
      (await server.call({ method: 'GET', url: '/api/contracts/desconhecido', token: stranger.token })).statusCode,
    ).toBe(403);
  });

  it('refuses odd or very long names with 400', async () => {
    for (const name of ODD_NAMES) {
      const response = await server.call({ method: 'GET', url: `/api/contracts/${name}`, token: team.token });
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
    expect(response.json()).toEqual({
      message:
        'Contract "Contrato 2" created for parceiro1: 15% discount, 12.5% commission, 2 coupons, valid for 60 days.',
    });
    const created = (await contracts('parceiro1', partner.token)).find((c) => c.title === 'Contrato 2');
    expect(created).toEqual({
      title: 'Contrato 2',
      description: '15% de desconto para o cliente, 12.5% de comissão, 2 cupons, válido por 60 dias. Kit: Kit festa.',
      last: expect.stringMatching(/^PARCEIRO1-[0-9A-Z]{16}$/),
      discount: 0.15,
      kit: 'Kit festa',
    });
    const stored = await server.db.query(
      "SELECT rate, n_coupons, expires_at > now() + interval '59 days' AS long FROM contracts WHERE title = " +
        "'Contrato 2'",
    );
    expect(stored.rows).toEqual([{ rate: 12.5, n_coupons: 2, long: true }]);
  });

  it('creates a contract for a new partner, whose name then is owned', async () => {
    expect(await nameStatus('novo_parceiro')).toBe('available');
    const response = await createContract(contractPayload({ partner: 'novo_parceiro' }), team.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message:
        'Contract "Contrato 1" created for novo_parceiro: 15% discount, 12.5% commission, 2 coupons, valid for ' +
        '60 days.',
    });
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
    ...FIELDS.map(
      (field) =>
        [`without ${field}`, { [field]: undefined }, `Invalid contract: ${field} is required; ${RULE[field]}.`] as [
          string,
          Record<string, unknown>,
          string,
        ],
    ),
    ...FIELDS.map(
      (field) =>
        [`with a null ${field}`, { [field]: null }, `Invalid contract: ${RULE[field]}.`] as [
          string,
          Record<string, unknown>,
          string,
        ],
    ),
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
    [
      'an unknown field',
      { admin: true },
      'Invalid contract: unknown field "admin"; the fields are partner, duration, rate, discount, kit, n_coupons.',
    ],
  ])(
    'refuses a contract %s with 400, a message naming the rule, and creates nothing',
    async (_case, overrides, message) => {
      const before = await contractCount();
      const partners = (await server.db.query('SELECT count(*)::int AS n FROM partners')).rows[0].n;
      const response = await createContract(contractPayload({ partner: 'nao_criado', ...overrides }), team.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_contract', message });
      expect(await contractCount()).toBe(before);
      expect((await server.db.query('SELECT count(*)::int AS n FROM partners')).rows[0].n).toBe(partners);
    },
  );

  it('refuses a body that is not an object with 400', async () => {
    const before = await contractCount();
    for (const payload of [[contractPayload()], 'texto', 42, null]) {
      const response = await server.call({
        method: 'POST',
        url: '/api/create_contract',
        payload: JSON.stringify(payload),
        token: team.token,
        headers: { 'content-type': 'application/json' },
      });
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status: 400,
        body: { error: 'invalid_contract', message: NOT_AN_OBJECT },
      });
    }
    const text = await server.call({
      method: 'POST',
      url: '/api/create_contract',
      payload: 'partner=x',
      token: team.token,
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(NOT_AN_OBJECT);
    expect(await contractCount()).toBe(before);
  });

  it('answers 401 before judging the body of a caller signed out, 403 of a caller not in the team', async () => {
    expect((await createContract({ admin: true })).statusCode).toBe(401);
    expect((await createContract({ admin: true }, partner.token)).statusCode).toBe(403);
  });

  it('reads well for one coupon and one day', async () => {
    const response = await createContract(
      contractPayload({ partner: 'parceiro_curto', duration: 1, n_coupons: 1, rate: 7, discount: 0 }),
      team.token,
    );
    expect(response.json()).toEqual({
      message:
        'Contract "Contrato 1" created for parceiro_curto: 0% discount, 7% commission, 1 coupon, valid for 1 day.',
    });
  });
});
