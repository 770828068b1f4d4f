import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { INVITATION_HASH_PATTERN } from '../../../../contract/invitationHash';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

type Answer = 'taken' | 'wrong' | 'owned' | 'available';

interface Calls {
  checks: string[];
  authorized: { body: unknown; idToken: string | null }[];
}

/** The team check says ok; names are answered from `answers` (else available) and recorded. */
function serve(
  answers: Record<string, Answer | Promise<Answer>> = {},
  authorize: () => Response = () => HttpResponse.text('ok'),
): Calls {
  const calls: Calls = { checks: [], authorized: [] };
  network.use(
    http.get(`${API}/check_team`, () => HttpResponse.text('ok')),
    http.get(`${API}/check_bname_partner/:name`, async ({ params }) => {
      const name = String(params.name);
      calls.checks.push(name);
      return HttpResponse.text(await (answers[name] ?? 'available'));
    }),
    http.post(`${API}/authorize_hash`, async ({ request }) => {
      calls.authorized.push({ body: await request.json(), idToken: request.headers.get('idToken') });
      return authorize();
    }),
  );
  return calls;
}

const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

async function openScreen() {
  jest.useFakeTimers({ advanceTimers: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { router } = renderApp('/authorizePartner', { identity: fakeIdentity({ signedInAs: ANA }) });
  await screen.findByRole('heading', { level: 1, name: 'Authorize partner' });
  const input = screen.getByLabelText('Partner name');
  const authorizeButton = () => screen.getByRole('button', { name: 'Authorize' });
  return { user, input, authorizeButton, router };
}

afterEach(() => jest.useRealTimers());

describe('authorizePartner: the name check', () => {
  it('asks nothing of a name under 3 characters, and says so', async () => {
    const calls = serve();
    const { user, input, authorizeButton } = await openScreen();
    await user.type(input, 'ab');
    await wait(2_000);
    expect(input).toHaveAccessibleDescription('Name must be at least 3 characters');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(authorizeButton()).toBeDisabled();
    expect(calls.checks).toEqual([]);
  });

  it('checks the name 1000 ms after typing stops, once', async () => {
    const calls = serve();
    const { user, input } = await openScreen();
    await user.type(input, 'parc');
    await wait(900);
    await user.type(input, 'eiro');
    await wait(900);
    expect(calls.checks).toEqual([]);
    await wait(100);
    expect(await screen.findByText('Name available')).toBeInTheDocument();
    expect(calls.checks).toEqual(['parceiro']);
  });

  it.each<[Answer, string, boolean]>([
    ['taken', 'Name already exists', false],
    ['wrong', 'Use only letters, numbers, hyphens (-), and underlines (_)', false],
    ['owned', 'Bucket is owned', true],
    ['available', 'Name available', true],
  ])('answered %s, says %j (Authorize enabled: %s)', async (answer, message, enabled) => {
    serve({ 'nome-do-parceiro': answer });
    const { user, input, authorizeButton } = await openScreen();
    await user.type(input, 'nome-do-parceiro');
    expect(authorizeButton()).toBeDisabled();
    await wait(1_000);
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveAttribute('aria-invalid', String(!enabled));
    if (enabled) expect(authorizeButton()).toBeEnabled();
    else expect(authorizeButton()).toBeDisabled();
  });

  it('ignores the answer for an older name than the one typed', async () => {
    let answerOld: (answer: Answer) => void = () => undefined;
    const calls = serve({ parc: new Promise<Answer>((resolve) => (answerOld = resolve)), parceiro: 'taken' });
    const { user, input, authorizeButton } = await openScreen();
    await user.type(input, 'parc');
    await wait(1_000);
    await waitFor(() => expect(calls.checks).toEqual(['parc']));
    await user.type(input, 'eiro');
    await wait(1_000);
    expect(await screen.findByText('Name already exists')).toBeInTheDocument();
    answerOld('available');
    await wait(50);
    expect(screen.queryByText('Name available')).not.toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Name already exists');
    expect(authorizeButton()).toBeDisabled();
  });

  it('offers to check again when the check cannot reach the server', async () => {
    let fail = true;
    network.use(
      http.get(`${API}/check_team`, () => HttpResponse.text('ok')),
      http.get(`${API}/check_bname_partner/:name`, () =>
        fail ? HttpResponse.error() : HttpResponse.text('available'),
      ),
    );
    const { user, input, authorizeButton } = await openScreen();
    await user.type(input, 'parceiro');
    await wait(1_000);
    expect(await screen.findByText('The name could not be checked.')).toBeInTheDocument();
    expect(authorizeButton()).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Name available')).toBeInTheDocument();
    expect(authorizeButton()).toBeEnabled();
  });
});

describe('authorizePartner: the invitation link', () => {
  async function authorizeName(name: string, answer: Answer = 'available', authorize?: () => Response) {
    const calls = serve({ [name]: answer }, authorize);
    const screenParts = await openScreen();
    await screenParts.user.type(screenParts.input, name);
    await wait(1_000);
    await waitFor(() => expect(screenParts.authorizeButton()).toBeEnabled());
    return { calls, ...screenParts };
  }

  it('registers a fresh hash, copies the link and shows it to copy by hand', async () => {
    const { calls, user, authorizeButton } = await authorizeName('parceiro_1');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(authorizeButton());

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Link generated and copied to clipboard'));
    expect(calls.authorized).toHaveLength(1);
    const { body, idToken } = calls.authorized[0]!;
    const { hash, partnerName } = body as { hash: string; partnerName: string };
    expect(partnerName).toBe('parceiro_1');
    expect(hash).toMatch(INVITATION_HASH_PATTERN);
    expect(idToken).toEqual(expect.any(String));

    const link = `http://localhost/invitation?hash=${hash}&partnerName=parceiro_1`;
    expect(writeText).toHaveBeenCalledWith(link);
    const field = screen.getByLabelText('Invitation link');
    expect(field).toHaveValue(link);
    expect(field).toHaveAttribute('readonly');

    // Its own button copies it again.
    writeText.mockClear();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
  });

  it('authorizes an owned name too, with a new hash each time', async () => {
    const { calls, user, input, authorizeButton } = await authorizeName('minha-marca', 'owned');
    await user.click(authorizeButton());
    await screen.findByLabelText('Invitation link');
    await user.clear(input);
    await user.type(input, 'minha-marca');
    await wait(1_000);
    await waitFor(() => expect(authorizeButton()).toBeEnabled());
    await user.click(authorizeButton());
    await waitFor(() => expect(calls.authorized).toHaveLength(2));
    const [first, second] = calls.authorized.map(({ body }) => (body as { hash: string }).hash);
    expect(first).not.toEqual(second);
  });

  it('says to copy by hand when the clipboard refuses, and still shows the link', async () => {
    const { calls, user, authorizeButton } = await authorizeName('parceiro_1');
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(authorizeButton());
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to copy link. Please copy manually.'));
    expect(window.alert).toHaveBeenCalledTimes(1);
    const { hash } = calls.authorized[0]!.body as { hash: string };
    expect(screen.getByLabelText('Invitation link')).toHaveValue(
      `http://localhost/invitation?hash=${hash}&partnerName=parceiro_1`,
    );
  });

  it.each([
    ['an answer other than ok', () => HttpResponse.text('taken')],
    ['a server error', () => HttpResponse.json({ error: 'internal' }, { status: 500 })],
  ])("alerts 'Failed to generate the link' on %s, shows no link and lets it be tried again", async (_what, reply) => {
    const { calls, user, authorizeButton } = await authorizeName('parceiro_1', 'available', reply);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(authorizeButton());
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to generate the link'));
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Invitation link')).not.toBeInTheDocument();
    expect(authorizeButton()).toBeEnabled();
    await user.click(authorizeButton());
    await waitFor(() => expect(calls.authorized).toHaveLength(2));
  });
});

describe('authorizePartner opened again', () => {
  it('starts with no name, no link and nothing asked', async () => {
    const calls = serve();
    const { user, input, authorizeButton, router } = await openScreen();
    await user.type(input, 'parceiro');
    await wait(1_000);
    await waitFor(() => expect(authorizeButton()).toBeEnabled());
    await user.click(authorizeButton());
    await screen.findByLabelText('Invitation link');
    await act(() => router.navigate('/createContract'));
    await screen.findByRole('heading', { level: 1, name: 'Create contract' });
    await act(() => router.navigate('/authorizePartner'));
    await screen.findByRole('heading', { level: 1, name: 'Authorize partner' });
    expect(screen.getByLabelText('Partner name')).toHaveValue('');
    expect(screen.queryByLabelText('Invitation link')).not.toBeInTheDocument();
    expect(authorizeButton()).toBeDisabled();
    expect(calls.checks).toEqual(['parceiro']);
  });
});

describe('authorizePartner is for the team only', () => {
  it('shows a user who is not on the team nothing of the screen', async () => {
    network.use(http.get(`${API}/check_team`, () => HttpResponse.text('no')));
    renderApp('/authorizePartner', { identity: fakeIdentity({ signedInAs: ANA }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.queryByText(/authorize|partner/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a signed-out visitor nothing of it', async () => {
    renderApp('/authorizePartner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.queryByText(/authorize|partner/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Authorize' })).not.toBeInTheDocument();
  });
});
