import { errorMessage } from '../../api/apiError';
import { useHideFaceMutation, useUnhideFaceMutation } from './faceApi';

/**
 * 'Não me mostre': the guest's face (their selfie's numbers) is kept only to leave the photos
 * they are in out of other guests' searches; their own search still finds them. Undone here too.
 */
export function FaceHiding({ agent, hidden }: { agent: string; hidden: boolean }) {
  const [hide, hiding] = useHideFaceMutation();
  const [unhide, unhiding] = useUnhideFaceMutation();
  const busy = hiding.isLoading || unhiding.isLoading;
  const failure = hiding.error ?? unhiding.error;
  return (
    <section className="face__hiding" aria-label="Não me mostre">
      {hidden ? (
        <>
          <p role="status">Você não aparece nas buscas de outros convidados: as fotos em que você está ficam de fora dos resultados deles.</p>
          <button type="button" className="link-button" disabled={busy} onClick={() => void unhide(agent)}>
            Voltar a aparecer nas buscas
          </button>
        </>
      ) : (
        <>
          <p>Prefere que outros convidados não encontrem as fotos em que você aparece?</p>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void hide(agent)}>
            Não me mostre
          </button>
        </>
      )}
      {failure && <p role="alert">{errorMessage(failure)}</p>}
    </section>
  );
}
