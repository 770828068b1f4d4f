import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  authorized,
  confirmed,
  invitationClosed,
  invitationOpened,
  invitationSlice,
  loginDelayPassed,
  refused,
  signedInSeen,
  signedOutSeen,
  type InvitationState,
} from '../../../../src/features/partner/invitationSlice';
import { newInvitationHash } from '../../../../contract/invitationHash';
import { describeMachineGrid } from '../../../support/machineGrid';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

// A hash of the shape the team's screen makes (8 timestamp characters and 25 random ones).
const hash = newInvitationHash(Date.UTC(2026, 0, 15));
const link = `/invitation?hash=${hash}&partnerName=parceiro_novo`;

const invitation = { hash, partnerName: 'parceiro_novo' };
const other = { hash: newInvitationHash(Date.UTC(2026, 0, 16)), partnerName: 'outro_parceiro' };

const states: Record<InvitationState['status'], InvitationState> = {
  idle: { status: 'idle' },
  unknown: { status: 'unknown', link: invitation },
  mustLogin: { status: 'mustLogin', link: invitation },
  goingToLogin: { status: 'goingToLogin', link: invitation },
  ready: { status: 'ready', link: invitation },
  confirming: { status: 'confirming', link: invitation },
  authorized: { status: 'authorized', link: invitation },
  failed: { status: 'failed', link: invitation },
};

const events = {
  opened: invitationOpened(invitation),
  openedOtherLink: invitationOpened(other),
  closed: invitationClosed(),
  signedOutSeen: signedOutSeen(),
  signedInSeen: signedInSeen(),
  loginDelayPassed: loginDelayPassed(),
  confirmed: confirmed(),
  authorized: authorized(),
  refused: refused(),
};

const fresh = {
  opened: { status: 'unknown', link: invitation },
  openedOtherLink: { status: 'unknown', link: other },
  closed: { status: 'idle' },
} as const;

// Per state, the events that move it; every other event leaves it as it is. Opening a link starts
// afresh, except while that invitation is being confirmed; closing the screen forgets it.
describeMachineGrid('the invitation machine', invitationSlice, states, events, {
  idle: { opened: fresh.opened, openedOtherLink: fresh.openedOtherLink },
  unknown: {
    ...fresh,
    signedOutSeen: { status: 'mustLogin', link: invitation },
    signedInSeen: { status: 'ready', link: invitation },
  },
  mustLogin: {
    ...fresh,
    signedInSeen: { status: 'ready', link: invitation },
    loginDelayPassed: { status: 'goingToLogin', link: invitation },
  },
  goingToLogin: { ...fresh },
  ready: {
    ...fresh,
    signedOutSeen: { status: 'mustLogin', link: invitation },
    confirmed: { status: 'confirming', link: invitation },
  },
  confirming: {
    openedOtherLink: fresh.openedOtherLink,
    closed: fresh.closed,
    authorized: { status: 'authorized', link: invitation },
    refused: { status: 'failed', link: invitation },
  },
  authorized: { ...fresh },
  failed: { ...fresh, confirmed: { status: 'confirming', link: invitation } },
});

describe('the invitation screen', () => {
  it('asks a signed-out visitor to log in first and goes to /login after 7.5 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { router } = renderApp(link);
      expect(await screen.findByRole('heading', { level: 1, name: 'Linkar Conta ao Parceiro' })).toBeInTheDocument();
      expect(await screen.findByText('Faça Login primeiro')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(7_400));
      expect(router.state.location.pathname).toBe('/invitation');
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(router.state.location.pathname).toBe('/login');
      // The login brings the visitor back to the invitation.
      expect(router.state.location.state).toEqual({
        returnTo: { pathname: '/invitation', search: link.slice('/invitation'.length), state: null },
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts the 7.5 s afresh for another invitation opened meanwhile', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { router } = renderApp(link);
      expect(await screen.findByText('Faça Login primeiro')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(5_000));
      await act(() => router.navigate(`/invitation?hash=${other.hash}&partnerName=${other.partnerName}`));
      expect(await screen.findByText('Parceiro: outro_parceiro')).toBeInTheDocument();
      expect(await screen.findByText('Faça Login primeiro')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(5_000));
      expect(router.state.location.pathname).toBe('/invitation');
      await act(() => jest.advanceTimersByTimeAsync(2_600));
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.state).toEqual({
        returnTo: { pathname: '/invitation', search: `?hash=${other.hash}&partnerName=outro_parceiro`, state: null },
      });
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
      http.get(`${API}/account`, () =>
        HttpResponse.json({
          email: ANA.email,
          displayName: 'Ana',
          photoURL: '',
          partner: 'parceiro_novo',
          events: [],
          transactions: [],
        }),
      ),
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
    network.use(
      http.post(`${API}/authorize_partner`, () =>
        HttpResponse.json({ error: 'invitation_not_found', message: 'Convite inválido.' }, { status: 404 }),
      ),
    );
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link de convite é inválido. Peça um novo link à equipe.',
    );
    expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
  });
});
