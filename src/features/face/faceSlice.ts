import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../session';

/**
 * Face capture (SPEC section 2, face) as a state machine: the camera starts, the guest takes an
 * image and sees it, then sends it or takes another; a refused or missing camera is its own
 * state. Only a JPEG, PNG or WebP data URL counts as a capture (the server takes nothing else).
 * The screen starts it afresh when it opens; the upload is the flow's (faceFlow.ts).
 */
export type CameraProblem = 'denied' | 'missing';

export type FaceState =
  | { status: 'starting' }
  | { status: 'camera' }
  | { status: 'captured'; image: string }
  | { status: 'sending'; image: string }
  | { status: 'sent' }
  | { status: 'failed'; image: string; message: string }
  | { status: 'cameraError'; problem: CameraProblem };

const initialFaceState = { status: 'starting' } as FaceState;

const IMAGE_DATA_URL = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/;

const faceMachine = createSlice({
  name: 'face',
  initialState: initialFaceState,
  reducers: {
    /**
     * The screen closed: the next visit starts with the camera, unless a capture is still on its
     * way to the server. (Closing, not opening, resets it: the camera reports it started from the
     * screen's child, whose effects run before the screen's own.)
     */
    faceClosed: (state): FaceState => (state.status === 'sending' ? state : { status: 'starting' }),
    cameraStarted: (state): FaceState => (state.status === 'starting' ? { status: 'camera' } : state),
    cameraFailed: (state, action: PayloadAction<CameraProblem>): FaceState =>
      state.status === 'starting' || state.status === 'camera' ? { status: 'cameraError', problem: action.payload } : state,
    imageCaptured: (state, action: PayloadAction<string>): FaceState =>
      state.status === 'camera' && IMAGE_DATA_URL.test(action.payload) ? { status: 'captured', image: action.payload } : state,
    sendRequested: (state): FaceState => (state.status === 'captured' || state.status === 'failed' ? { status: 'sending', image: state.image } : state),
    sendSucceeded: (state): FaceState => (state.status === 'sending' ? { status: 'sent' } : state),
    sendFailed: (state, action: PayloadAction<string>): FaceState =>
      state.status === 'sending' ? { status: 'failed', image: state.image, message: action.payload } : state,
    /** 'Tirar outra' after a capture, and 'Tentar novamente' after a camera problem. */
    cameraRequested: (state): FaceState =>
      state.status === 'captured' || state.status === 'failed' || state.status === 'sent' || state.status === 'cameraError' ? { status: 'starting' } : state,
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
export const { faceClosed, cameraStarted, cameraFailed, imageCaptured, sendRequested, sendSucceeded, sendFailed, cameraRequested } = faceSlice.actions;

/** What `onUserMediaError` reports: a refusal, or no usable camera (every other failure). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : String(error);
  return /NotAllowedError|PermissionDeniedError|SecurityError/.test(name) ? 'denied' : 'missing';
}

export const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  denied: 'Permita o acesso à câmera para tirar a foto.',
  missing: 'Não encontramos uma câmera neste aparelho.',
};
