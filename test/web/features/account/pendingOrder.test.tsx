/**
 * An order placed while signed out waits for a sign-in (SPEC section 4: the cookies transaction
 * and loginRequired, every page but login, signup and account leading to /account). The customer
 * is told so, on the account page, instead of the 'not logged in' alert.
 */
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

const WAITING = 'Seu pedido 123456789 foi registrado. Entre ou crie sua conta para acompanhá-lo.';
const pending = withSession({ loginRequired: true, pendingTransaction: '123456789', pendingClaim: 'k'.repeat(22) });

describe('an order waiting for a sign-in', () => {
  it('the account page says the order is registered and how to follow it, with no alert, and stays', async () => {
    const { router } = renderApp('/account', { preloadedState: pending });
    expect(await screen.findByText(WAITING)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Conta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/signup');
    expect(window.alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/account');
  });

  it.each(['/', '/eventos', '/collection', '/shop?coupon=C1', '/nao-existe'])('%s leads to that message on /account, without an alert', async (url) => {
    const { router } = renderApp(url, { preloadedState: pending });
    expect(await screen.findByText(WAITING)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it.each([
    ['/login', 'Login'],
    ['/signup', 'Criar conta'],
  ])('%s, where the customer goes next, says it too', async (url, title) => {
    renderApp(url, { preloadedState: pending });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(WAITING)).toBeInTheDocument();
  });

  it("without a waiting order, the account still alerts 'Você não está logado!' and goes to /login", async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.alert).toHaveBeenCalledWith('Você não está logado!');
    expect(screen.queryByText(/Seu pedido/)).not.toBeInTheDocument();
  });
});
