import { useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { isAgentId } from '../../../contract/agentId';
import { guestDataErased, useAppDispatch, useSession } from '../../session';
import { Modal } from '../../ui/Modal';
import { clearCachedMedia } from './deviceCaches';
import { useEraseMyDataMutation } from './privacyApi';
import './privacy.css';

export const ERASE_BUTTON = 'Apagar minhas fotos';
export const DATA_ERASED = 'Seus dados foram apagados.';

interface EraseMyDataProps {
  /** Told before the device's lists empty, so a screen that reacts to an empty collection knows why. */
  onErased?: () => void;
}

/**
 * 'Apagar minhas fotos' (LGPD): a confirmation that says exactly what goes and what stays, then
 * the server erases what it keeps of this device (and of the account, when signed in), and only
 * once it has, the device forgets its lists and cached media too. A refusal changes nothing.
 */
export default function EraseMyData({ onErased }: EraseMyDataProps) {
  const dispatch = useAppDispatch();
  const { agent, identity } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const [erase, erasure] = useEraseMyDataMutation();
  const signedIn = identity.status === 'signedIn';
  const where = signedIn ? 'neste aparelho e na sua conta' : 'neste aparelho';

  const confirm = async () => {
    const result = await erase({ agent });
    if (result.error) return;
    onErased?.();
    dispatch(guestDataErased());
    await clearCachedMedia();
    setConfirming(false);
    setDone(true);
  };

  const cancel = () => {
    if (erasure.isLoading) return;
    erasure.reset();
    setConfirming(false);
  };

  return (
    <div className="erase">
      {done && (
        <p className="erase__done" role="status">
          {DATA_ERASED} Sua coleção está vazia.
        </p>
      )}
      <button
        type="button"
        className="button button--danger"
        disabled={!isAgentId(agent)}
        onClick={() => {
          setDone(false);
          setConfirming(true);
        }}
      >
        {ERASE_BUTTON}
      </button>
      {confirming && (
        <Modal title="Apagar minhas fotos?" onClose={cancel} className="erase__dialog">
          <p>Isto apaga agora, e não tem como desfazer:</p>
          <ul>
            <li>a sua coleção (Minha Coleção) {where};</li>
            <li>a lista de eventos e os pacotes de impressão salvos {where};</li>
            <li>as fotos de rosto enviadas para encontrar você nas fotos;</li>
            <li>as imagens do espelho com IA e os vídeos 360 guardados para você.</li>
          </ul>
          <p>Continuam guardados:</p>
          <ul>
            <li>pedidos e pagamentos, como exige a lei fiscal;</li>
            <li>as fotos e vídeos na galeria do evento, que pertencem ao evento;</li>
            <li>os pacotes de impressão, que continuam valendo pelo QR code ou link do pacote{signedIn ? ';' : '.'}</li>
            {signedIn && <li>a sua conta: você continua entrando com o mesmo login.</li>}
          </ul>
          {erasure.isError && <p role="alert">{errorMessage(erasure.error)}</p>}
          <div className="erase__buttons">
            <button type="button" className="button button--secondary" onClick={cancel}>
              Cancelar
            </button>
            <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={erasure.isLoading}>
              {erasure.isLoading ? 'Apagando...' : 'Sim, apagar tudo'}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
