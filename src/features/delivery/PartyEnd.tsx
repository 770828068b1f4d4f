import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { formatMoment } from '../../lib/dates';
import { useEndEventDeliveryMutation } from './deliveryListsApi';

/**
 * 'Encerrar a festa' (docs/product.md#photos-delivered): the owner says the party is over, and each subscribed guest
 * gets one last message with the gallery's link. Asked twice: it cannot be undone, and it is sent once.
 */
export function PartyEnd({ eventName, endedAt }: { eventName: string; endedAt: string | null }) {
  const [asking, setAsking] = useState(false);
  const [end, ending] = useEndEventDeliveryMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // What replaces the button tapped takes the focus: the question, then what was done, or the button again.
  const [moved, setMoved] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moved) (said.current ?? button.current)?.focus();
  }, [moved, asking, endedAt]);
  const ask = (now: boolean) => {
    setMoved(true);
    setAsking(now);
  };

  const confirm = async () => {
    setFailure(null);
    try {
      await end(eventName).unwrap();
      setAsking(false);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  if (endedAt) {
    return (
      <p role="status" className="event-delivery__ended" ref={said} tabIndex={-1}>
        Festa encerrada em {formatMoment(endedAt)}: cada convidado inscrito recebe uma última mensagem com o link da
        galeria.
      </p>
    );
  }
  return (
    <div className="event-delivery__end">
      {asking ? (
        <>
          <p ref={said} tabIndex={-1}>
            Enviar agora, a cada convidado inscrito, a última mensagem com o link da galeria? Ela vai uma vez só: não
            tem como desfazer.
          </p>
          <div className="event-delivery__end-buttons">
            <button type="button" className="button" disabled={ending.isLoading} onClick={() => void confirm()}>
              {ending.isLoading ? 'Encerrando...' : 'Sim, encerrar a festa'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => ask(false)}>
              Cancelar
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="button button--secondary" ref={button} onClick={() => ask(true)}>
          Encerrar a festa
        </button>
      )}
      {failure && <p role="alert">Não foi possível encerrar a festa: {failure}</p>}
    </div>
  );
}
