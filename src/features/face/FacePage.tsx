import './face.css';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EVENT_QUERY } from '../../../contract/eventAddress';
import { isName } from '../../../contract/names';
import { DeliveryOffer } from '../delivery';
import { GuestContactOffer } from '../guestContacts';
import { selectAgent, useAppDispatch, useAppSelector } from '../../session';
import { CameraPermissionHelp } from '../../ui/CameraPermissionHelp';
import { FocusedStep } from '../../ui/FocusedStep';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { FaceCamera } from './FaceCamera';
import { FaceConsent } from './FaceConsent';
import { FaceDeletion } from './FaceDeletion';
import { FaceKeptNotice } from './FaceKeptNotice';
import { FaceResults } from './FaceResults';
import './faceFlow';
import {
  CAMERA_MESSAGES,
  cameraFailed,
  cameraRequested,
  cameraStarted,
  consentChanged,
  consentGiven,
  faceClosed,
  faceOpened,
  imageCaptured,
  selectFace,
  sendRequested,
} from './faceSlice';
import { useFaceSearchEvents } from './useFaceSearchEvents';

/**
 * 'Encontre minhas fotos' (docs/product.md#face-search): the consent, the webcam and 'Take
 * image', the selfie seen before it is sent, then 'Suas fotos'.
 */
export default function FacePage() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectFace);
  const agent = useAppSelector(selectAgent);
  const events = useFaceSearchEvents();
  // The event of the gallery that opened the screen: where 'Quero receber as fotos' asks.
  const pageEvent = useSearchParams()[0].get(EVENT_QUERY) ?? '';
  // Opened once: the visitor's events arriving later (an account's list) change where the next
  // search looks, never the step the guest is at.
  const openedWith = useRef(events);
  useEffect(() => {
    dispatch(faceOpened(openedWith.current));
    return () => void dispatch(faceClosed());
  }, [dispatch]);

  const another = (
    <button type="button" className="button button--secondary" onClick={() => dispatch(cameraRequested())}>
      Tirar outra
    </button>
  );

  return (
    <ScreenFrame title="Encontre minhas fotos" className="face">
      {(state.status === 'idle' || state.status === 'checking') && <p role="status">Carregando...</p>}
      {state.status === 'consent' && (
        <FaceConsent
          agreed={state.agreed}
          onChange={(agreed) => dispatch(consentChanged(agreed))}
          onGiven={() => dispatch(consentGiven())}
        />
      )}
      {(state.status === 'starting' || state.status === 'camera' || state.status === 'cameraError') && (
        <FocusedStep title="Tire a selfie" className="face__step">
          {state.status === 'cameraError' ? (
            <div role="alert" className="face__problem">
              <p>{CAMERA_MESSAGES[state.problem]}</p>
              {state.problem === 'denied' && <CameraPermissionHelp />}
              <button type="button" className="button button--secondary" onClick={() => dispatch(cameraRequested())}>
                Tentar novamente
              </button>
            </div>
          ) : (
            <FaceCamera
              ready={state.status === 'camera'}
              onStarted={() => dispatch(cameraStarted())}
              onFailed={(problem) => dispatch(cameraFailed(problem))}
              onCaptured={(image) => dispatch(imageCaptured(image))}
            />
          )}
        </FocusedStep>
      )}
      {(state.status === 'captured' || state.status === 'sending' || state.status === 'failed') && (
        <FocusedStep title="Sua selfie" className="face__preview">
          <img className="face__image" src={state.image} alt="Sua foto, ainda não enviada" />
          {state.status === 'failed' && <p role="alert">{state.message}</p>}
          {!agent && <p role="alert">Não encontramos a sua identificação de visitante: recarregue a página.</p>}
          <div className="face__buttons">
            <button
              type="button"
              className="button"
              disabled={state.status === 'sending' || !agent}
              onClick={() => dispatch(sendRequested(events))}
            >
              {state.status === 'sending' ? 'Procurando...' : 'Procurar minhas fotos'}
            </button>
            {state.status !== 'sending' && another}
          </div>
        </FocusedStep>
      )}
      {state.status === 'results' && (
        <FaceResults search={{ agent, events }} onRetake={() => dispatch(cameraRequested())} />
      )}
      {/* Once the server has said what it keeps (not while checking), and not while a search is under
          way: its answer would come after the deletion, and change what is kept. */}
      {state.status !== 'idle' && state.status !== 'checking' && state.status !== 'sending' && (
        <FaceKeptNotice search={{ agent, events }} />
      )}
      {state.status !== 'sending' && <FaceDeletion search={{ agent, events }} />}
      {isName(pageEvent) && <GuestContactOffer eventName={pageEvent} />}
      {isName(pageEvent) && <DeliveryOffer eventName={pageEvent} />}
    </ScreenFrame>
  );
}
