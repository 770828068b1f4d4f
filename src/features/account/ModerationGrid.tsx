import { useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { mediaSource } from '../../api/mediaSource';
import { LoadError } from '../../ui/LoadError';
import { mediaKind, parseMediaPath, thumbUrl } from '../../../contract/mediaPath';
import type { ModeratedMedium, ModerationAction, ModerationFilter } from '../../../contract/wire';
import { LIVE_QUERY } from './dashboardLive';
import { useGetModerationQuery, useModerateMediumMutation } from './moderationApi';

const EMPTY_TEXT: Record<ModerationFilter, string> = {
  todas: 'Nenhuma foto ainda: as fotos das cabines aparecem aqui assim que chegam.',
  fila: 'Nenhuma foto aguardando aprovação.',
  ocultas: 'Nenhuma foto oculta.',
};

const DONE_TEXT: Record<ModerationAction, string> = {
  hide: 'Foto ocultada: ela saiu das galerias, do telão, dos downloads, da busca por rosto e da impressão.',
  show: 'Foto visível de novo em todos os lugares.',
  approve: 'Foto aprovada: ela vai para o telão.',
};

/** One medium: its thumbnail, how it stands, and what the owner may do with it. */
function ModeratedItem({
  eventName,
  medium,
  position,
  onDone,
}: {
  eventName: string;
  medium: ModeratedMedium;
  position: number;
  onDone: (text: string) => void;
}) {
  const [moderate, { isLoading }] = useModerateMediumMutation();
  const ref = parseMediaPath(medium.url);
  const what = ref && mediaKind(ref.file) === 'video' ? 'Vídeo' : 'Foto';
  const state = medium.hidden ? 'oculta' : medium.awaiting ? 'aguardando aprovação' : 'visível';
  const act = async (action: ModerationAction) => {
    try {
      await moderate({ eventName, url: medium.url, action }).unwrap();
      onDone(DONE_TEXT[action]);
    } catch (error) {
      onDone(`Não foi possível mudar a foto: ${errorMessage(error)}`);
    }
  };
  return (
    <li className={`moderation__item${medium.hidden ? ' moderation__item--hidden' : ''}`}>
      {ref && <img src={mediaSource(thumbUrl(ref))} alt={`${what} ${position}, ${state}`} loading="lazy" />}
      <span className="moderation__state">{state}</span>
      <div className="moderation__actions">
        {medium.awaiting && !medium.hidden && (
          <button type="button" className="button" disabled={isLoading} onClick={() => void act('approve')}>
            Aprovar
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={isLoading}
          aria-label={`${medium.hidden ? 'Mostrar' : 'Ocultar'} ${what.toLowerCase()} ${position}`}
          onClick={() => void act(medium.hidden ? 'show' : 'hide')}
        >
          {medium.hidden ? 'Mostrar' : 'Ocultar'}
        </button>
      </div>
    </li>
  );
}

/**
 * One page of the event's media (the first one followed live: photos keep arriving during the party), and the
 * button that opens the next.
 */
function ModerationPage({
  eventName,
  filtro,
  antes,
  first,
  onMore,
  onDone,
}: {
  eventName: string;
  filtro: ModerationFilter;
  antes: string | null;
  first: number;
  onMore: ((next: string) => void) | null;
  onDone: (text: string) => void;
}) {
  const { data, isError, refetch } = useGetModerationQuery(
    { eventName, filtro, antes },
    antes === null ? LIVE_QUERY : { pollingInterval: 0 },
  );
  if (isError) return <LoadError message="Não foi possível carregar as fotos." onRetry={() => void refetch()} />;
  if (!data) return antes === null ? <p role="status">Carregando...</p> : null;
  if (antes === null && data.media.length === 0) return <p>{EMPTY_TEXT[filtro]}</p>;
  return (
    <>
      <ul className="moderation__grid">
        {data.media.map((medium, index) => (
          <ModeratedItem
            key={medium.url}
            eventName={eventName}
            medium={medium}
            position={first + index}
            onDone={onDone}
          />
        ))}
      </ul>
      {onMore && data.next && (
        <button type="button" className="button button--secondary" onClick={() => onMore(data.next ?? '')}>
          Carregar mais
        </button>
      )}
    </>
  );
}

/** The event's media under one filter, newest first, a page at a time, each with 'Ocultar'/'Mostrar' or 'Aprovar'. */
export function ModerationGrid({ eventName, filtro }: { eventName: string; filtro: ModerationFilter }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [said, setSaid] = useState('');
  return (
    <div className="moderation__pages">
      {cursors.map((antes, index) => (
        <ModerationPage
          key={antes ?? 'first'}
          eventName={eventName}
          filtro={filtro}
          antes={antes}
          first={index * 60 + 1}
          onMore={index === cursors.length - 1 ? (next) => setCursors([...cursors, next]) : null}
          onDone={setSaid}
        />
      ))}
      <p role="status" className="moderation__said">
        {said}
      </p>
    </div>
  );
}
