import { useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { useDeleteFacesMutation } from './faceApi';

export const FACES_DELETED = 'Suas fotos de rosto foram apagadas.';

/** The way out the consent text promises: every face capture of this visitor, deleted after a second look. */
export function FaceDeletion({ agent }: { agent: string }) {
  const [confirming, setConfirming] = useState(false);
  const [remove, removal] = useDeleteFacesMutation();
  if (!agent) return null;
  return (
    <section className="face__deletion" aria-label="Apagar fotos de rosto">
      {removal.isSuccess && <p role="status">{FACES_DELETED}</p>}
      {removal.isError && <p role="alert">{errorMessage(removal.error)}</p>}
      {confirming ? (
        <>
          <p>Apagar todas as fotos de rosto enviadas deste aparelho?</p>
          <button
            type="button"
            className="button"
            disabled={removal.isLoading}
            onClick={() => {
              setConfirming(false);
              void remove(agent);
            }}
          >
            Sim, apagar
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Cancelar
          </button>
        </>
      ) : (
        <button type="button" className="link-button" onClick={() => setConfirming(true)}>
          Apagar minhas fotos de rosto
        </button>
      )}
    </section>
  );
}
