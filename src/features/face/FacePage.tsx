import './face.css';
import { useEffect } from 'react';
import { selectAgent, useAppDispatch, useAppSelector } from '../../session';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { FaceCamera } from './FaceCamera';
import { FaceDeletion } from './FaceDeletion';
import './faceFlow';
import { CAMERA_MESSAGES, cameraFailed, cameraRequested, cameraStarted, faceClosed, imageCaptured, selectFace, sendRequested } from './faceSlice';

const FACE_CONSENT =
  'Usamos esta foto só para encontrar você nas fotos deste evento. Você pode apagá-la quando quiser, aqui mesmo, em "Apagar minhas fotos de rosto".';

/** Face capture (SPEC section 2, face): the guest's photo, seen before it is sent under their agent. */
export default function FacePage() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectFace);
  const agent = useAppSelector(selectAgent);
  useEffect(() => () => void dispatch(faceClosed()), [dispatch]);

  const another = (
    <button type="button" className="button button--secondary" onClick={() => dispatch(cameraRequested())}>
      Tirar outra
    </button>
  );

  return (
    <ScreenFrame title="Captura de rosto" className="face">
      <p className="face__consent">{FACE_CONSENT}</p>
      {(state.status === 'starting' || state.status === 'camera') && (
        <FaceCamera
          ready={state.status === 'camera'}
          onStarted={() => dispatch(cameraStarted())}
          onFailed={(problem) => dispatch(cameraFailed(problem))}
          onCaptured={(image) => dispatch(imageCaptured(image))}
        />
      )}
      {state.status === 'cameraError' && (
        <div role="alert" className="face__problem">
          <p>{CAMERA_MESSAGES[state.problem]}</p>
          <button type="button" className="button button--secondary" onClick={() => dispatch(cameraRequested())}>
            Tentar novamente
          </button>
        </div>
      )}
      {(state.status === 'captured' || state.status === 'sending' || state.status === 'failed') && (
        <div className="face__preview">
          <img className="face__image" src={state.image} alt="Sua foto, ainda não enviada" />
          {state.status === 'failed' && <p role="alert">{state.message}</p>}
          {!agent && <p role="alert">Não encontramos a sua identificação de visitante: recarregue a página.</p>}
          <div className="face__buttons">
            <button type="button" className="button" disabled={state.status === 'sending' || !agent} onClick={() => dispatch(sendRequested())}>
              {state.status === 'sending' ? 'Enviando...' : 'Enviar'}
            </button>
            {state.status !== 'sending' && another}
          </div>
        </div>
      )}
      {state.status === 'sent' && (
        <div className="face__sent">
          <p role="status">Foto enviada!</p>
          {another}
        </div>
      )}
      <FaceDeletion agent={agent} />
    </ScreenFrame>
  );
}
