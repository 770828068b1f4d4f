import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DELIVERY_STOP_TOKEN_SOURCE } from '../../../contract/delivery';
import { ROUTES } from '../../../contract/routePaths';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { stopLinkProblem } from './stopLinkProblem';
import { useStopByLinkMutation } from './deliveryApi';

const TOKEN = new RegExp(DELIVERY_STOP_TOKEN_SOURCE);

/**
 * 'Parar de receber' from a message's link (docs/product.md#photos-delivered): says what stopping does, one button,
 * then that it was done. The link's signed token stands for the subscription: no login, and nothing is stopped by
 * opening the page (a mail scanner following the link must not stop it).
 */
export default function StopPage() {
  const token = useParams().token ?? '';
  const [stop, stopped] = useStopByLinkMutation();
  const valid = TOKEN.test(token);
  // The button tapped goes away with the answer: the focus goes on from what it says.
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (stopped.isSuccess) done.current?.focus();
  }, [stopped.isSuccess]);

  return (
    <ScreenFrame title="Parar de receber fotos">
      {!valid ? (
        <p role="alert">Este link não é válido: confira se ele veio inteiro da mensagem que você recebeu.</p>
      ) : stopped.isSuccess ? (
        <p role="status" ref={done} tabIndex={-1}>
          {stopped.data.stopped
            ? `Pronto: você não vai mais receber as fotos de ${stopped.data.title}.`
            : 'Você já tinha parado de receber: nada mais será enviado.'}
        </p>
      ) : (
        <>
          <p>
            Ao parar, não enviamos mais nenhuma foto deste evento para o seu WhatsApp ou e-mail, nem a mensagem do fim
            do evento. Vale na hora. As fotos que você já coletou continuam na sua coleção.
          </p>
          <button type="button" className="button" disabled={stopped.isLoading} onClick={() => void stop(token)}>
            {stopped.isLoading ? 'Parando...' : 'Parar de receber'}
          </button>
          {stopped.isError && <p role="alert">{stopLinkProblem(stopped.error)}</p>}
        </>
      )}
      <p>
        Para ver ou apagar o que guardamos sobre você, vá em <Link to={ROUTES.privacy}>Privacidade e seus dados</Link>.
      </p>
    </ScreenFrame>
  );
}
