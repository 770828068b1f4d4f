import { useId, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { LoadError } from '../../ui/LoadError';
import { useAppSelector } from '../../session';
import { accountApi, useGetFaceSearchQuery, useSetFaceSearchMutation } from './accountApi';
import { LIVE_QUERY } from './dashboardLive';
import type { EventName } from '../../../contract/names';

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/**
 * 'Encontre minhas fotos' in the owner's (and the team's) hands: off by default; the
 * text says what turning it on does before it is turned; while on, how far the index is.
 */
export function EventFaceSearch({ eventName }: { eventName: EventName }) {
  const headingId = useId();
  // Followed while it is on: photos keep arriving during the party, and the counts move as they
  // are indexed, as the printers do. Off, nothing moves.
  const on = useAppSelector(
    (state) => accountApi.endpoints.getFaceSearch.select(eventName)(state).data?.enabled === true,
  );
  const { data, isError, refetch } = useGetFaceSearchQuery(eventName, on ? LIVE_QUERY : { pollingInterval: 0 });
  const [save, saving] = useSetFaceSearchMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const turn = async (enabled: boolean) => {
    setFailure(null);
    try {
      await save({ eventName, enabled }).unwrap();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <section className="event-faces" aria-labelledby={headingId}>
      <h4 id={headingId}>Encontre minhas fotos</h4>
      <p>
        Com a busca por rosto ligada, cada convidado encontra as fotos em que aparece tirando uma selfie. As fotos das
        cabines são analisadas nos nossos servidores, e de cada rosto guardamos só uma descrição numérica, apagada
        quando a busca é desligada ou o evento é apagado. A selfie não é guardada.
      </p>
      {isError && <LoadError message="Não foi possível ver a busca por rosto." onRetry={() => void refetch()} />}
      {data && (
        <label className="event-faces__switch">
          <input
            type="checkbox"
            role="switch"
            checked={data.enabled}
            disabled={saving.isLoading}
            onChange={(event) => void turn(event.target.checked)}
          />
          Busca por rosto {data.enabled ? 'ligada' : 'desligada'}
        </label>
      )}
      {failure && <p role="alert">Não foi possível mudar a busca por rosto: {failure}</p>}
      <p role="status">
        {data?.enabled
          ? `${counted(data.indexed, 'foto analisada', 'fotos analisadas')} · ` +
            `${counted(data.waiting, 'na fila', 'na fila')} · ` +
            `${counted(data.faces, 'rosto encontrado', 'rostos encontrados')}`
          : ''}
      </p>
    </section>
  );
}
