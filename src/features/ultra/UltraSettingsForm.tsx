import { useEffect, useId, useReducer, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/apiError';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { ULTRA_SONGS, ULTRA_SPEEDS } from '../../../contract/ultra';
import { selectAgent, useAppSelector } from '../../session';
import { useStartUltraConfigMutation } from './ultraApi';
import {
  initialUltraSettingsState,
  sendFailed,
  sendRequested,
  sendSucceeded,
  songChosen,
  speedChosen,
  ultraSettingsSlice,
} from './ultraSettingsSlice';

const MIN_SPEED = ULTRA_SPEEDS[0];
const MAX_SPEED = ULTRA_SPEEDS[ULTRA_SPEEDS.length - 1];
const SPEED_STEP = ULTRA_SPEEDS[1] - ULTRA_SPEEDS[0];

interface UltraSettingsFormProps {
  device: string;
  qrid: string;
  bname: string;
}

/** Speed and song for the platform; sent, they start the session and the result screen opens. */
export function UltraSettingsForm({ device, qrid, bname }: UltraSettingsFormProps) {
  const [state, dispatch] = useReducer(ultraSettingsSlice.reducer, initialUltraSettingsState);
  const [start] = useStartUltraConfigMutation();
  const agent = useAppSelector(selectAgent);
  const navigate = useNavigate();
  const speedId = useId();
  const sending = state.status === 'sending';

  useEffect(() => {
    if (state.status === 'sent') navigate(withQuery(ROUTES.ultraLast, { device, bname }));
  }, [state.status, navigate, device, bname]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    dispatch(sendRequested());
    try {
      const reply = await start({ device, qrid, speed: state.speed, music: state.music, agent }).unwrap();
      dispatch(reply === 'success' ? sendSucceeded() : sendFailed('A plataforma 360 não confirmou os ajustes. Tente novamente.'));
    } catch (error) {
      dispatch(sendFailed(errorMessage(error)));
    }
  }

  return (
    <form className="ultra-settings" onSubmit={(event) => void send(event)}>
      <div className="field">
        <label htmlFor={speedId}>Velocidade</label>
        <div className="ultra-settings__speed">
          <input
            id={speedId}
            type="range"
            min={MIN_SPEED}
            max={MAX_SPEED}
            step={SPEED_STEP}
            value={state.speed}
            disabled={sending}
            onChange={(event) => dispatch(speedChosen(Number(event.target.value)))}
          />
          <output htmlFor={speedId} aria-live="polite">
            {state.speed}
          </output>
        </div>
      </div>
      <fieldset className="ultra-settings__songs" disabled={sending}>
        <legend>Música</legend>
        {ULTRA_SONGS.map((song) => (
          <label key={song.id}>
            <input
              type="radio"
              name="music"
              value={song.id}
              checked={state.music === song.id}
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
