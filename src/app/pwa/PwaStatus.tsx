import './pwa.css';
import { useEffect, useReducer, useState } from 'react';
import { BACK_ONLINE_VISIBLE_MS, bannerMessage, initialBanner, nextBanner } from '../../lib/connection';
import type { ConnectionSource, UpdateSource } from './sources';

export const UPDATE_MESSAGE = 'Nova versão disponível';

/** The connection banner: offline for as long as it lasts, 'back online' for a few seconds. */
export function ConnectionBanner({ connection }: { connection: ConnectionSource }) {
  const [banner, dispatch] = useReducer(nextBanner, connection.isOnline(), initialBanner);
  useEffect(() => {
    // The state may have changed between the first render and this subscription.
    if (!connection.isOnline()) dispatch('offline');
    return connection.subscribe((online) => dispatch(online ? 'online' : 'offline'));
  }, [connection]);
  useEffect(() => {
    if (banner !== 'backOnline') return;
    const timer = setTimeout(() => dispatch('backOnlineExpired'), BACK_ONLINE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  const message = bannerMessage(banner);
  // The live region stays in the page, empty when there is nothing to say: screen readers
  // announce a change inside a region they already know, not a region that just appeared.
  return (
    <div role="status" aria-live="polite" className={`pwa-banner pwa-banner--${banner}`}>
      {message && <p className="pwa-banner__text">{message}</p>}
    </div>
  );
}

/** 'Nova versão disponível' with 'Atualizar', once a new release waits to take over. */
export function UpdatePrompt({ updates }: { updates: UpdateSource }) {
  const [waiting, setWaiting] = useState(false);
  const [updating, setUpdating] = useState(false);
  useEffect(() => updates.onWaiting(() => setWaiting(true)), [updates]);
  const update = () => {
    setUpdating(true);
    updates.activate();
  };
  return (
    <div role="status" aria-live="polite" className={waiting ? 'pwa-update pwa-update--shown' : 'pwa-update'}>
      {waiting && (
        <>
          <p className="pwa-update__text">{UPDATE_MESSAGE}</p>
          <button type="button" className="pwa-update__button" onClick={update} disabled={updating}>
            {updating ? 'Atualizando...' : 'Atualizar'}
          </button>
        </>
      )}
    </div>
  );
}

export function PwaStatus({ connection, updates }: { connection: ConnectionSource; updates: UpdateSource }) {
  return (
    <div className="pwa-status">
      <ConnectionBanner connection={connection} />
      <UpdatePrompt updates={updates} />
    </div>
  );
}
