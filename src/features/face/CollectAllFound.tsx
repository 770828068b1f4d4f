import { Link } from 'react-router-dom';
import { ROUTES } from '../../../contract/routePaths';
import { useAppDispatch, useAppSelector } from '../../session';
import { collectedMessage, queuedMessage } from './collectFoundMessage';
import { collectAllRequested, selectCollectFound, type FoundPhoto } from './collectFoundSlice';
import './collectFoundFlow';

/** 'Pegar todas': every photo found goes to 'Minha Coleção' in one tap, and the screen says how it went. */
export function CollectAllFound({ photos }: { photos: FoundPhoto[] }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectCollectFound);
  return (
    <div className="face__collect-all">
      <button
        type="button"
        className="button"
        disabled={state.status === 'collecting'}
        onClick={() => dispatch(collectAllRequested(photos))}
      >
        Pegar todas
      </button>
      {state.status === 'collecting' && <p role="status">Adicionando à Minha Coleção...</p>}
      {(state.status === 'collected' || state.status === 'queued') && (
        <p role="status">
          {state.status === 'collected' ? collectedMessage(state) : queuedMessage(state.count)}{' '}
          <Link to={ROUTES.collection}>Ver Minha Coleção</Link>
        </p>
      )}
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
    </div>
  );
}
