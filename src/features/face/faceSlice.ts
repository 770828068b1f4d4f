import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';

/**
 * 'Encontre minhas fotos' (docs/product.md#face-search) as a state machine. When the screen
 * opens (idle → checking) it asks whether a selfie of the visitor is still kept (checking): then their photos show
 * at once (results). Otherwise the consent comes first (LGPD art. 11: a face is biometric data):
 * 'Concordo' is off until the guest ticks it, and nothing opens the camera, let alone sends a
 * picture, before it. Then the camera starts, the guest takes an image and sees it, and sends it
 * or takes another; a refused or missing camera is its own state. Only a JPEG, PNG or WebP data
 * URL counts as a capture (the server takes nothing else). The calls are the flow's (faceFlow.ts).
 */
export type CameraProblem = 'denied' | 'missing';

export type FaceState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'consent'; agreed: boolean }
  | { status: 'starting' }
  | { status: 'camera' }
  | { status: 'captured'; image: string }
  | { status: 'sending'; image: string }
  | { status: 'failed'; image: string; message: string }
  | { status: 'cameraError'; problem: CameraProblem }
  | { status: 'results' };

const initialFaceState = { status: 'idle' } as FaceState;

const IMAGE_DATA_URL = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/;

const faceMachine = createSlice({
  name: 'face',
  initialState: initialFaceState,
  reducers: {
    /**
     * The screen opened, to search these events: is a selfie of the visitor kept? (A capture on its way answers that
     * itself.)
     */
    faceOpened: (state, _action: PayloadAction<string>): FaceState =>
      state.status === 'idle' ? { status: 'checking' } : state,
    /** The screen closed: the next visit starts over, unless a capture is still on its way to the server. */
    faceClosed: (state): FaceState => (state.status === 'sending' ? state : { status: 'idle' }),
    /** The server keeps a selfie of the visitor from earlier in their session: their photos show. */
    selfieKept: (state): FaceState => (state.status === 'checking' ? { status: 'results' } : state),
    /** None is kept (or the server could not say): the consent comes first. */
    selfieMissing: (state): FaceState => (state.status === 'checking' ? { status: 'consent', agreed: false } : state),
    /** 'Concordo', ticked or not. */
    consentChanged: (state, action: PayloadAction<boolean>): FaceState =>
      state.status === 'consent' ? { status: 'consent', agreed: action.payload } : state,
    /** 'Abrir a câmera', only once 'Concordo' is ticked. */
    consentGiven: (state): FaceState => (state.status === 'consent' && state.agreed ? { status: 'starting' } : state),
    cameraStarted: (state): FaceState => (state.status === 'starting' ? { status: 'camera' } : state),
    cameraFailed: (state, action: PayloadAction<CameraProblem>): FaceState =>
      state.status === 'starting' || state.status === 'camera'
        ? { status: 'cameraError', problem: action.payload }
        : state,
    imageCaptured: (state, action: PayloadAction<string>): FaceState =>
      state.status === 'camera' && IMAGE_DATA_URL.test(action.payload)
        ? { status: 'captured', image: action.payload }
        : state,
    /** 'Procurar minhas fotos': the capture goes, with the events to search. */
    sendRequested: (state, _action: PayloadAction<string>): FaceState =>
      state.status === 'captured' || state.status === 'failed' ? { status: 'sending', image: state.image } : state,
    sendSucceeded: (state): FaceState => (state.status === 'sending' ? { status: 'results' } : state),
    sendFailed: (state, action: PayloadAction<string>): FaceState =>
      state.status === 'sending' ? { status: 'failed', image: state.image, message: action.payload } : state,
    /**
     * 'Tirar outra' after a capture, 'Tentar novamente' after a camera problem, 'Tirar outra selfie' over the results.
     */
    cameraRequested: (state): FaceState =>
      state.status === 'captured' ||
      state.status === 'failed' ||
      state.status === 'cameraError' ||
      state.status === 'results'
        ? { status: 'starting' }
        : state,
    /** 'Apagar minhas fotos' took the selfie: a new search needs the consent again. */
    selfieForgotten: (state): FaceState => (state.status === 'sending' ? state : { status: 'consent', agreed: false }),
  },
  selectors: {
    selectFace: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof faceMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const faceSlice = faceMachine.injectInto(rootReducer);

export const { selectFace } = faceSlice.selectors;
export const {
  faceOpened,
  faceClosed,
  selfieKept,
  selfieMissing,
  consentChanged,
  consentGiven,
  cameraStarted,
  cameraFailed,
  imageCaptured,
  sendRequested,
  sendSucceeded,
  sendFailed,
  cameraRequested,
  selfieForgotten,
} = faceSlice.actions;

/** What `onUserMediaError` reports: a refusal, or no usable camera (every other failure). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : String(error);
  return /NotAllowedError|PermissionDeniedError|SecurityError/.test(name) ? 'denied' : 'missing';
}

export const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  denied: 'Permita o acesso à câmera para tirar a foto.',
  missing: 'Não encontramos uma câmera neste aparelho.',
};
