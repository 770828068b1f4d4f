import { useAppDispatch, useAppSelector } from '../../session';
import { faceApi, type FaceSearchArgs } from './faceApi';
import { deletionAsked, deletionCancelled, deletionConfirmed, selectFaceDeletion } from './faceDeletionSlice';

/**
 * The way out the consent text promises: the selfie kept of this visitor, deleted after a second
 * look. What is kept once it is gone is said by FaceKeptNotice; the second look says beforehand
 * what stays (a face hidden by 'Não me mostre').
 */
export function FaceDeletion({ search }: { search: FaceSearchArgs }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectFaceDeletion);
  // Read, not asked: the screen's own search holds it.
  const hidden = faceApi.endpoints.getFaceMatches.useQueryState(search, { skip: !search.agent }).data?.hidden === true;
  if (!search.agent) return null;
  return (
    <section className="face__deletion" aria-label="Apagar minhas fotos">
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      {state.status === 'confirming' || state.status === 'deleting' ? (
        <>
          <p>
            Apagar a selfie guardada deste aparelho? As fotos do evento continuam na galeria.
            {hidden &&
              ' Os números do seu rosto guardados para "Não me mostre" continuam, até você voltar a aparecer ' +
                'nas buscas.'}
          </p>
          <div className="face__buttons face__buttons--start">
            <button
              type="button"
              className="button"
              disabled={state.status === 'deleting'}
              onClick={() => dispatch(deletionConfirmed())}
            >
              Sim, apagar
            </button>
            <button type="button" className="button button--secondary" onClick={() => dispatch(deletionCancelled())}>
              Cancelar
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="link-button" onClick={() => dispatch(deletionAsked())}>
          Apagar minhas fotos
        </button>
      )}
    </section>
  );
}
