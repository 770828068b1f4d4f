import { act, render as renderScreen, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { BACK_ONLINE_VISIBLE_MS } from '../../../../src/app/pwa/connectionSlice';
import { PwaStatus } from '../../../../src/app/pwa/PwaStatus';
import { browserConnection, type ConnectionSource, updateChannel } from '../../../../src/app/pwa/sources';
import { makeStore } from '../../../../src/app/store';

/** The banner as startPwa mounts it: over the app's store. */
const render = (ui: ReactElement) => renderScreen(<Provider store={makeStore()}>{ui}</Provider>);

const OFFLINE = 'Você está sem conexão. Suas fotos salvas continuam aqui.';
const BACK = 'Conexão restabelecida.';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  jest.useRealTimers();
});

describe('the connection banner', () => {
  it('tells the guest the connection is gone, then that it is back, and hides that after a few seconds', async () => {
    jest.useFakeTimers();
    render(<PwaStatus connection={browserConnection()} updates={updateChannel(() => undefined)} />);
    const [banner] = screen.getAllByRole('status');
    expect(banner).toHaveAttribute('aria-live', 'polite');
    expect(banner).toBeEmptyDOMElement();

    act(() => setOnline(false));
    expect(banner).toHaveTextContent(OFFLINE);

    act(() => setOnline(true));
    expect(banner).toHaveTextContent(BACK);
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();

    // The flow's wait resolves a promise: let its continuation run inside act.
    await act(async () => void jest.advanceTimersByTime(BACK_ONLINE_VISIBLE_MS - 1));
    expect(banner).toHaveTextContent(BACK);
    await act(async () => void jest.advanceTimersByTime(1));
    expect(banner).toBeEmptyDOMElement();
  });

  it('says so at once when the page opens with no connection', () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    render(<PwaStatus connection={browserConnection()} updates={updateChannel(() => undefined)} />);
    expect(screen.getByText(OFFLINE).closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
  });

  it('stops listening once it is gone', () => {
    const unsubscribe = jest.fn();
    const connection: ConnectionSource = { isOnline: () => true, subscribe: () => unsubscribe };
    const { unmount } = render(<PwaStatus connection={connection} updates={updateChannel(() => undefined)} />);
    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('the update prompt', () => {
  it('offers the new release once it waits, and lets it take over on Atualizar', async () => {
    const activate = jest.fn();
    const updates = updateChannel(activate);
    render(<PwaStatus connection={browserConnection()} updates={updates} />);
    expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Atualizar' })).not.toBeInTheDocument();

    act(() => updates.announceWaiting());
    expect(screen.getByText('Nova versão disponível').closest('[role="status"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(activate).toHaveBeenCalledTimes(1);
    // A second tap while the page is about to reload asks for nothing more.
    expect(screen.getByRole('button', { name: 'Atualizando...' })).toBeDisabled();
  });

  it('shows a release that was already waiting before the prompt appeared', () => {
    const updates = updateChannel(() => undefined);
    updates.announceWaiting();
    render(<PwaStatus connection={browserConnection()} updates={updates} />);
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
  });
});
