import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authorized, confirmed, invitationSlice, refused, signedInSeen, signedOutSeen, type InvitationState } from '../../../src/features/partner/invitationSlice';
import { newInvitationHash } from '../../../contract/invitationHash';
import { describeMachineGrid } from '../../support/machineGrid';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';
import { renderApp } from '../../support/renderWithProviders';

// A hash of the shape the team's screen makes (8 timestamp characters and 25 random ones).
const hash = newInvitationHash(Date.UTC(2026, 0, 15));
const link = `/invitation?hash=${hash}&partnerName=parceiro_novo`;

const states: Record<InvitationState['status'], InvitationState> = {
  unknown: { status: 'unknown' },
  mustLogin: { status: 'mustLogin' },
  ready: { status: 'ready' },
  confirming: { status: 'confirming' },
  authorized: { status: 'authorized' },
  failed: { status: 'failed' },
};

const events = { signedOutSeen: signedOutSeen(), signedInSeen: signedInSeen(), confirmed: confirmed(), authorized: authorized(), refused: refused() };

// Per state, the events that move it; every other event leaves it as it is.
describeMachineGrid('the invitation machine', invitationSlice, states, events, {
  unknown: { signedOutSeen: { status: 'mustLogin' }, signedInSeen: { status: 'ready' } },
  mustLogin: { signedInSeen: { status: 'ready' } },
  ready: { signedOutSeen: { status: 'mustLogin' }, confirmed: { status: 'confirming' } },
  confirming: { authorized: { status: 'authorized' }, refused: { status: 'failed' } },
  authorized: {},
  failed: { confirmed: { status: 'confirming' } },
});

describe('the invitation screen', () => {
  it("asks a signed-out visitor to log in first and goes to /login after 7.5 s", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { router } = renderApp(link);
      expect(await screen.findByRole('heading', { level: 1, name: 'Linkar Conta ao Parceiro' })).toBeInTheDocument();
      expect(await screen.findByText('Faça Login primeiro')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(7_400));
      expect(router.state.location.pathname).toBe('/invitation');
      act(() => jest.advanceTimersByTime(200));
      expect(router.state.location.pathname).toBe('/login');
    } finally {
      jest.useRealTimers();
    }
  });

  it('links the account on Confirmar, then says so and opens /account', async () => {
    const sent: unknown[] = [];
    network.use(
      http.post(`${API}/authorize_partner`, async ({ request }) => {
        sent.push({ body: await request.json(), token: request.headers.get('idToken') });
        return HttpResponse.text('ok');
      }),
      http.get(`${API}/account`, () => HttpResponse.json({ email: ANA.email, displayName: 'Ana', photoURL: '', partner: 'parceiro_novo', events: [], transactions: [] })),
      http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
      http.get(`${API}/load_events`, () => HttpResponse.json([])),
      http.get(`${API}/check_team`, () => HttpResponse.text('no')),
    );
    const { user, router } = renderApp(link, { identity: fakeIdentity({ signedInAs: ANA, token: 'tok' }) });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(window.alert).toHaveBeenCalledWith('Successfully authorized!');
    expect(router.state.location.pathname).toBe('/account');
    expect(sent).toEqual([{ body: { hash, partnerName: 'parceiro_novo' }, token: 'tok' }]);
  });

  it("alerts 'Failed to authorize' when the server refuses", async () => {
    network.use(http.post(`${API}/authorize_partner`, () => HttpResponse.json({ error: 'invitation_not_found', message: 'Convite inválido.' }, { status: 404 })));
    const { user, router } = renderApp(link, { identity: fakeIdentity({ signedInAs: ANA }) });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(window.alert).toHaveBeenCalledWith('Failed to authorize');
    expect(router.state.location.pathname).toBe('/invitation');
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
  });

  it.each([
    ['an old short hash', '/invitation?hash=lq2x3abcde&partnerName=parceiro_novo'],
    ['a hash with capitals', `/invitation?hash=${hash.toUpperCase()}&partnerName=parceiro_novo`],
    ['no partner name', `/invitation?hash=${hash}`],
    ['a partner name with a slash', `/invitation?hash=${hash}&partnerName=a%2Fb`],
  ])('says the link is invalid for %s, and sends nothing', async (_case, url) => {
    // Any request would fail the test (the network answers none).
    renderApp(url, { identity: fakeIdentity({ signedInAs: ANA }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link de convite é inválido. Peça um novo link à equipe.');
    expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
  });
});
