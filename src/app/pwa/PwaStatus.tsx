import './pwa.css';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../session';
import './connectionFlow';
import {
  connectionChecked,
  selectConnection,
  selectConnectionMessage,
  wentOffline,
  wentOnline,
} from './connectionSlice';
import type { ConnectionSource, UpdateSource } from './sources';

const UPDATE_MESSAGE = 'Nova versão disponível';

/**
 * The connection banner: offline for as long as it lasts, 'back online' for a few seconds (the
 * machine of connectionSlice). The browser's online and offline events are handed to it as events.
 */
function ConnectionBanner({ connection }: { connection: ConnectionSource }) {
  const dispatch = useAppDispatch();
  const banner = useAppSelector(selectConnection).status;
  const message = useAppSelector(selectConnectionMessage);
  useEffect(() => {
    dispatch(connectionChecked(connection.isOnline()));
    return connection.subscribe((online) => dispatch(online ? wentOnline() : wentOffline()));
  }, [connection, dispatch]);
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
