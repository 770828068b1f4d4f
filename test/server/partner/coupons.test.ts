import {
  COUPON_CODE_PATTERN,
  COUPON_RANDOM_LENGTH,
  newCouponCode,
} from '../../../server/src/modules/partners/partners';
import {
  contractPayload,
  contracts,
  createContract,
  lastCoupon,
  launch,
  launchBody,
  partner,
  server,
  stranger,
  team,
  withPartnerServer,
} from './support';

withPartnerServer();

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

describe('concurrent requests', () => {
  beforeAll(async () => {
    // Contrato 2 of parceiro1, as the team makes it (contracts.test.ts): 2 coupons.
    expect((await createContract(contractPayload(), team.token)).statusCode).toBe(200);
  });

  it('of coupon launches hand out exactly the contract number of coupons', async () => {
    // Contrato 2 of parceiro1 (made before these tests) has 2 coupons. Eight tabs of the partner
    // page race: each reads the coupon shown and launches it, reloading on a stale one, until none
    // are left.
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
      "SELECT c.code FROM coupons c JOIN contracts k ON k.id = c.contract_id WHERE k.partner = 'parceiro1' AND " +
        "k.title = 'Contrato 2' ORDER BY c.code",
    );
    expect(coupons.rows.map((r) => r.code)).toEqual([...launched].sort());
  });

  it('of one coupon let one launch through', async () => {
    const created = await createContract(contractPayload({ partner: 'parceiro1', n_coupons: 5 }), team.token);
    expect(created.json().message).toMatch(/^Contract "Contrato 3" created for parceiro1: /);
    const shown = await lastCoupon('parceiro1', 'Contrato 3');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => launch(launchBody(shown, { contractTitle: 'Contrato 3' }), partner.token)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await server.call({ method: 'GET', url: `/api/shop/${shown}/agent0001` })).json().discount).toBe(0.15);
  });

  it('of new contracts create each one under its own title', async () => {
    const replies = await Promise.all(
      ['a', 'b', 'c', 'd'].map((kit) =>
        createContract(contractPayload({ partner: 'parceiro2', kit: `Kit ${kit}` }), team.token),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const titles = (await contracts('parceiro2', team.token)).map((c) => c.title).sort();
    expect(titles).toEqual(['Contrato 1', 'Contrato 2', 'Contrato 3', 'Contrato 4']);
  });
});

describe('an expired contract', () => {
  it('leaves the partner page and hands out no more coupons', async () => {
    const shown = await lastCoupon('parceiro1', 'Contrato 3');
    await server.db.query(
      "UPDATE contracts SET expires_at = now() - interval '1 day' WHERE partner = 'parceiro1' AND title = 'Contrato 3'",
    );
    expect((await contracts('parceiro1', partner.token)).map((c) => c.title)).toEqual(['Contrato 1', 'Contrato 2']);
    const response = await launch(launchBody(shown, { contractTitle: 'Contrato 3' }), partner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('contract_expired');
    expect((await server.call({ method: 'GET', url: `/api/shop/${shown}/agent0001` })).statusCode).toBe(404);
  });
});

// --- coupon codes ---------------------------------------------------------------------------------

describe('coupon codes', () => {
  it(`are unique over 1,000 draws, of the pattern the routes and the coupons table accept, with at least 80 random \
bits`, () => {
    const codes = Array.from({ length: 1000 }, () => newCouponCode('parceiro1'));
    expect(new Set(codes).size).toBe(1000);
    for (const code of codes) {
      expect(code).toMatch(COUPON_CODE_PATTERN);
      // The route parameter (platform/http/schemas.ts HASH) and the coupons.code CHECK.
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
