import {
  answer,
  namingTheVictim,
  strangerBrowser,
  thiefBrowsers,
  VICTIM,
  victimBrowser,
  victimMirrorSession,
  victimView,
  victimWithData,
} from './support/accessMatrix/agentThief';
import { server, withMatrixServer } from './support/accessMatrix/world';

/**
 * The access matrix's attacker who knows a visitor's id, against a visitor who has
 * data: their own signed browser naming the victim's agent in paths, queries and bodies, or
 * putting it in the `agent` cookie, reads, changes and erases nothing of the victim's. The matrix
 * (accessMatrix.test.ts, caller `agentThief`) checks every route for the same browser naming
 * agents that hold nothing; this file runs in the same world (support/accessMatrix/world.ts).
 */

withMatrixServer();

let before: Awaited<ReturnType<typeof victimView>>;

beforeAll(async () => {
  await victimWithData();
  before = await victimView();
});

it('finds the victim with something to lose: their events, a selfie that finds a photo, a video, a contact', () => {
  expect({ ligada: before.ligada.status, privada: before.privada.status }).toEqual({ ligada: 200, privada: 401 });
  expect(before.faces.body).toMatchObject({ selfie: true, found: [expect.objectContaining({ event: 'festa_ana' })] });
  expect(before.results.body).toEqual({ product: [expect.stringMatching(/\.mp4$/)] });
  // ligada and privada by their collect links, festa_ana by the 360 platform's QR code.
  expect(before.privacy.body).toMatchObject({ grants: 3, results: 1 });
  expect(before.contacts.body).toEqual([expect.objectContaining({ bname: 'festa_ana', email: 'vitima@exemplo.com' })]);
});

it(`is refused (403 agent_not_vouched) by every route that acts for the agent it names, whichever way the browser \
presents the victim's id`, async () => {
  const requests = await namingTheVictim();
  const actual: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const [browser, headers] of Object.entries(thiefBrowsers())) {
    for (const [name, request] of Object.entries(requests)) {
      actual[`${browser}: ${name}`] = await answer(request, headers);
      expected[`${browser}: ${name}`] = { status: 403, error: 'agent_not_vouched' };
    }
  }
  expect(actual).toEqual(expected);
});

it("opens none of the victim's events: /all answers it what it answers a stranger (404)", async () => {
  for (const event of ['ligada', 'privada']) {
    const request = { method: 'GET' as const, url: `/api/all/${event}/pad` };
    expect(await answer(request, strangerBrowser())).toEqual({ status: 404, error: 'event_not_found' });
    for (const headers of Object.values(thiefBrowsers()))
      expect(await answer(request, headers)).toEqual({ status: 404, error: 'event_not_found' });
  }
});

it("leaves the victim's data as it was, and their mirror session theirs", async () => {
  expect(await victimView()).toEqual(before);
  const started = await server.call({
    method: 'GET',
    url: `/api/espelho/mirror1/${victimMirrorSession}/${VICTIM}/start/0`,
    headers: victimBrowser(),
  });
  expect({ status: started.statusCode, body: started.body }).toEqual({ status: 200, body: 'start_ok' });
});
