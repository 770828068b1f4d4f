import { asOwnAgent } from '../../api/agentRefusal';
import { errorMessage } from '../../api/apiError';
import { selectAgent, useAppDispatch } from '../../session';
import { useHideFaceMutation, useUnhideFaceMutation, type FaceSearchArgs } from './faceApi';

/**
 * 'Não me mostre': the guest's face (their selfie's numbers) is kept only to leave the photos
 * they are in out of other guests' searches, in the events the guest searches; their own search
 * still finds them. Undone here too. What that keeps is said by FaceKeptNotice, once.
 */
export function FaceHiding({ search, hidden }: { search: FaceSearchArgs; hidden: boolean }) {
  const dispatch = useAppDispatch();
  const [hide, hiding] = useHideFaceMutation();
  const [unhide, unhiding] = useUnhideFaceMutation();
  // Under the session's agent as the call goes, and the one the server gives should it refuse it
  // (src/api/agentRefusal.ts), not the one this screen was drawn with.
  const asOwn = (call: (agent: string) => PromiseLike<{ error?: unknown }>) =>
    void dispatch((_dispatch, getState) => asOwnAgent(() => selectAgent(getState()), call));
  const busy = hiding.isLoading || unhiding.isLoading;
  const failure = hiding.error ?? unhiding.error;
  return (
    <div className="face__hiding">
      {hidden ? (
        <button type="button" className="link-button" disabled={busy} onClick={() => asOwn((agent) => unhide(agent))}>
          Voltar a aparecer nas buscas
        </button>
      ) : (
        <>
          <p>Prefere que outros convidados não encontrem as fotos em que você aparece?</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => asOwn((agent) => hide({ ...search, agent }))}
          >
            Não me mostre
          </button>
        </>
      )}
      {failure && <p role="alert">{errorMessage(failure)}</p>}
    </div>
  );
}
