import { useEffect } from 'react';
import { isAgentId } from '../../../contract/agentId';
import { useAppDispatch, useAppSelector, useSession } from '../../session';
import { Modal } from '../../ui/Modal';
import './eraseFlow';
import { eraseAsked, eraseCancelled, eraseConfirmed, eraseOpened, selectEraseMyData } from './eraseSlice';
import './privacy.css';

const ERASE_BUTTON = 'Apagar minhas fotos';
const DATA_ERASED = 'Seus dados foram apagados.';

/**
 * 'Apagar minhas fotos' (LGPD): a confirmation that says exactly what goes and what stays, then
 * the erasure as the machine tells it (eraseSlice; the server's call and the device's forgetting
 * are the flow's, eraseFlow.ts). `quiet` where it sits below what the guest came for ('Minha
 * Coleção'): outlined, not a red block that draws the eye first.
 */
export default function EraseMyData({ quiet = false }: { quiet?: boolean }) {
  const dispatch = useAppDispatch();
  const { agent, identity } = useSession();
  const erase = useAppSelector(selectEraseMyData);
  const signedIn = identity.status === 'signedIn';
  const where = signedIn ? 'neste aparelho e na sua conta' : 'neste aparelho';
  const erasing = erase.status === 'erasing';

  useEffect(() => {
    dispatch(eraseOpened());
  }, [dispatch]);

  return (
    <div className="erase">
      {erase.status === 'erased' && (
        <p className="erase__done" role="status">
          {DATA_ERASED} Sua coleção está vazia.
        </p>
      )}
      <button
        type="button"
        className={quiet ? 'button button--danger-quiet' : 'button button--danger'}
        disabled={!isAgentId(agent)}
        onClick={() => dispatch(eraseAsked())}
      >
        {ERASE_BUTTON}
      </button>
      {(erase.status === 'confirming' || erasing || erase.status === 'failed') && (
        <Modal title="Apagar minhas fotos?" onClose={() => dispatch(eraseCancelled())} className="erase__dialog">
          <p>Isto apaga agora, e não tem como desfazer:</p>
          <ul>
            <li>a sua coleção (Minha Coleção) {where};</li>
            <li>a lista de eventos e os packs de impressões salvos {where};</li>
            <li>
              o que guardamos do seu rosto para encontrar você nas fotos (a selfie e &ldquo;Não me mostre&rdquo;);
            </li>
            <li>as imagens do espelho com IA e os vídeos 360 guardados para você;</li>
            <li>os contatos que você deixou para receber as fotos de um evento;</li>
            <li>
              os pedidos para receber fotos por WhatsApp ou e-mail e as mensagens já enviadas (nada mais é enviado);
            </li>
            <li>
              a sua presença nos eventos com link ou privados: para ver as fotos de novo, abra outra vez o link que
              recebeu.
            </li>
          </ul>
          <p>Continuam guardados:</p>
          <ul>
            <li>pedidos e pagamentos, como exige a lei fiscal;</li>
            <li>as fotos e vídeos na galeria do evento, que pertencem ao evento;</li>
            <li>os packs de impressões, que continuam valendo pelo QR code ou link do pack{signedIn ? ';' : '.'}</li>
            {signedIn && <li>a sua conta: você continua entrando com o mesmo login.</li>}
          </ul>
          {erase.status === 'failed' && <p role="alert">{erase.message}</p>}
          <div className="erase__buttons">
            <button type="button" className="button button--secondary" onClick={() => dispatch(eraseCancelled())}>
              Cancelar
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => dispatch(eraseConfirmed())}
              disabled={erasing}
            >
              {erasing ? 'Apagando...' : 'Sim, apagar tudo'}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
