import { basicSeed, loadBasicSeed } from '../support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from '../support/testServer';

/**
 * The partners' world, shared by the test files of test/server/partner: a server on a fresh
 * database with the basic seed, partner parceiro1's account, someone of the team and a stranger,
 * and the requests the partner and team pages make. The bindings below are live, set by the
 * hooks `withPartnerServer` registers (each test file has its own copy of this module).
 */
export let server: TestServer;
/** The account of partner parceiro1. */
export let partner: TestUser;
export let stranger: TestUser;
export let team: TestUser;

/** Starts the file's server before its tests and stops it after them. */
export function withPartnerServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    [partner, stranger, team] = await Promise.all([newUser('parceiro'), newUser('estranho'), newTeamMember()]);
    await loadBasicSeed(server, {
      ...basicSeed(),
      accounts: [{ uid: partner.uid, email: partner.email, partner: 'parceiro1' }],
    });
  });

  afterAll(() => server.close());
}

export type Contract = { title: string; description: string; last: string; discount: number; kit: string };

export async function contracts(name: string, token: string): Promise<Contract[]> {
  const response = await server.call({ method: 'GET', url: `/api/contracts/${name}`, token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

export async function lastCoupon(name: string, title: string): Promise<string> {
  const contract = (await contracts(name, team.token)).find((c) => c.title === title);
  if (!contract) throw new Error(`no contract ${name}/${title}`);
  return contract.last;
}

export function launch(body: Record<string, unknown>, token?: string) {
  return server.call({ method: 'POST', url: '/api/launch_coupon', payload: body, token });
}

export function launchBody(lastCouponCode: string, overrides: Record<string, unknown> = {}) {
  return {
    partner: 'parceiro1',
    contractTitle: 'Contrato 1',
    lastCoupon: lastCouponCode,
    discount: 0.05,
    kit: 'kit',
    ...overrides,
  };
}

export function contractPayload(overrides: Record<string, unknown> = {}) {
  return { partner: 'parceiro1', duration: 60, rate: 12.5, discount: 15, kit: 'Kit festa', n_coupons: 2, ...overrides };
}

export function createContract(payload: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/create_contract', payload: payload as object, token });
}

/** The name's status as the team sees it (only the team learns `owned`), or as `viewer` does (null: signed out). */
export async function nameStatus(name: string, viewer: TestUser | null = team): Promise<string> {
  const response = await server.call({ method: 'GET', url: `/api/check_bname_partner/${name}`, token: viewer?.token });
  expect(response.statusCode).toBe(200);
  return response.body;
}

export function authorizeHash(body: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/authorize_hash', payload: body as object, token });
}

export function authorizePartner(body: unknown, token?: string) {
  return server.call({ method: 'POST', url: '/api/authorize_partner', payload: body as object, token });
}

export const ODD_NAMES = [
  encodeURIComponent('parceiro 1'),
  encodeURIComponent('../parceiro1'),
  encodeURIComponent("p1' OR '1'='1"),
  'p'.repeat(65),
];
