import { useEffect, useId, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { ULTRA_SONGS, ULTRA_SPEEDS } from '../../../contract/ultra';
import { useAppDispatch, useAppSelector } from '../../session';
import './ultraSettingsFlow';
import {
  DEFAULT_ULTRA_CHOICE,
  selectUltraSettings,
  sendRequested,
  songChosen,
  speedChosen,
  ultraSettingsOpened,
} from './ultraSettingsSlice';
import type { EventName } from '../../../contract/names';

const MIN_SPEED = ULTRA_SPEEDS[0];
const MAX_SPEED = ULTRA_SPEEDS[ULTRA_SPEEDS.length - 1];
const SPEED_STEP = ULTRA_SPEEDS[1] - ULTRA_SPEEDS[0];

interface UltraSettingsFormProps {
  device: string;
  qrid: string;
  eventName: EventName;
}

/**
 * Speed and song for the platform (the machine of ultraSettingsSlice; the call is its flow's);
 * sent, they start the session and the result screen opens.
 */
export function UltraSettingsForm({ device, qrid, eventName }: UltraSettingsFormProps) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectUltraSettings);
  const speedId = useId();
  const sending = state.status === 'sending';
  const choice = state.status === 'idle' ? DEFAULT_ULTRA_CHOICE : state;

  useEffect(() => {
    dispatch(ultraSettingsOpened({ device, qrid, eventName }));
  }, [dispatch, device, qrid, eventName]);

  if (state.status === 'sent') return <Navigate to={withQuery(ROUTES.ultraLast, { device, bname: eventName })} />;

  function send(event: FormEvent) {
    event.preventDefault();
    dispatch(sendRequested());
  }

  return (
    <form className="ultra-settings" onSubmit={send}>
      <div className="field">
        <label htmlFor={speedId}>Velocidade</label>
        <div className="ultra-settings__speed">
          <input
            id={speedId}
            type="range"
            min={MIN_SPEED}
            max={MAX_SPEED}
            step={SPEED_STEP}
            value={choice.speed}
            disabled={sending}
            onChange={(event) => dispatch(speedChosen(Number(event.target.value)))}
          />
          <output htmlFor={speedId} aria-live="polite">
            {choice.speed}
          </output>
        </div>
      </div>
      <fieldset className="ultra-settings__songs" disabled={sending}>
        <legend>Música</legend>
        {ULTRA_SONGS.map((song) => (
          <label key={song.id} className="choice">
            <input
              type="radio"
              name="music"
              value={song.id}
              checked={choice.music === song.id}
              onChange={() => dispatch(songChosen(song.id))}
            />
            {song.label}
          </label>
        ))}
      </fieldset>
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      <button type="submit" className="button button--big" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar'}
      </button>
    </form>
  );
}
