import { useAppDispatch, useAppSelector } from '../../session';
import { deletionAsked, deletionCancelled, deletionConfirmed, selectFaceDeletion } from './faceDeletionSlice';

const FACES_DELETED = 'Sua selfie foi apagada.';

/** The way out the consent text promises: the selfie kept of this visitor, deleted after a second look. */
export function FaceDeletion({ agent }: { agent: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectFaceDeletion);
  if (!agent) return null;
  return (
    <section className="face__deletion" aria-label="Apagar minhas fotos">
      {state.status === 'deleted' && <p role="status">{FACES_DELETED}</p>}
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      {state.status === 'confirming' || state.status === 'deleting' ? (
        <>
          <p>Apagar a selfie guardada deste aparelho? As fotos do evento continuam na galeria.</p>
          <div className="face__buttons face__buttons--start">
            <button type="button" className="button" disabled={state.status === 'deleting'} onClick={() => dispatch(deletionConfirmed())}>
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
