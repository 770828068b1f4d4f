import {
  cameraFailed,
  cameraProblemOf,
  cameraRequested,
  cameraStarted,
  consentChanged,
  consentGiven,
  faceClosed,
  faceOpened,
  faceSlice,
  imageCaptured,
  selfieForgotten,
  selfieKept,
  selfieMissing,
  sendFailed,
  sendRequested,
  sendSucceeded,
  type FaceState,
} from '../../../../src/features/face/faceSlice';
import {
  deletionAsked,
  deletionCancelled,
  deletionConfirmed,
  deletionFailed,
  faceDeletionSlice,
  facesDeleted,
  type FaceDeletionState,
} from '../../../../src/features/face/faceDeletionSlice';
import {
  collectAllFailed,
  collectAllQueued,
  collectAllRequested,
  collectAllSucceeded,
  collectFoundSlice,
  type CollectFoundState,
} from '../../../../src/features/face/collectFoundSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const IMAGE = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const OTHER = 'data:image/jpeg;base64,/9j/OTHER==';

const states: Record<FaceState['status'], FaceState> = {
  idle: { status: 'idle' },
  checking: { status: 'checking' },
  consent: { status: 'consent', agreed: false },
  starting: { status: 'starting' },
  camera: { status: 'camera' },
  captured: { status: 'captured', image: IMAGE },
  sending: { status: 'sending', image: IMAGE },
  failed: { status: 'failed', image: IMAGE, message: 'Imagem inválida.' },
  cameraError: { status: 'cameraError', problem: 'denied' },
  results: { status: 'results' },
};

const events = {
  faceOpened: faceOpened('festa_ana'),
  faceClosed: faceClosed(),
  selfieKept: selfieKept(),
  selfieMissing: selfieMissing(),
  agreed: consentChanged(true),
  disagreed: consentChanged(false),
  consentGiven: consentGiven(),
  cameraStarted: cameraStarted(),
  cameraDenied: cameraFailed('denied'),
  cameraMissing: cameraFailed('missing'),
  captured: imageCaptured(OTHER),
  capturedNothing: imageCaptured('data:,'),
  capturedNotAnImage: imageCaptured('data:text/html;base64,PHA+'),
  sendRequested: sendRequested('festa_ana'),
  sendSucceeded: sendSucceeded(),
  sendFailed: sendFailed('Sem conexão com o servidor. Tente novamente.'),
  cameraRequested: cameraRequested(),
  selfieForgotten: selfieForgotten(),
};

const idle = { status: 'idle' } as const;
const starting = { status: 'starting' } as const;
const askConsent = { status: 'consent', agreed: false } as const;

// Per state, the events that move it; every other event leaves it as it is. The camera opens
// only from a consent given with 'Concordo' ticked (the unticked consent ignores 'consentGiven');
// closing the screen starts the next visit over, unless a capture is on its way.
describeMachineGrid('the face search machine', faceSlice, states, events, {
  idle: { faceOpened: { status: 'checking' }, selfieForgotten: askConsent },
  checking: {
    faceClosed: idle,
    selfieKept: { status: 'results' },
    selfieMissing: askConsent,
    selfieForgotten: askConsent,
  },
  consent: {
    faceClosed: idle,
    agreed: { status: 'consent', agreed: true },
    disagreed: askConsent,
    selfieForgotten: askConsent,
  },
  starting: {
    faceClosed: idle,
    cameraStarted: { status: 'camera' },
    cameraDenied: { status: 'cameraError', problem: 'denied' },
    cameraMissing: { status: 'cameraError', problem: 'missing' },
    selfieForgotten: askConsent,
  },
  camera: {
    faceClosed: idle,
    cameraDenied: { status: 'cameraError', problem: 'denied' },
    cameraMissing: { status: 'cameraError', problem: 'missing' },
    captured: { status: 'captured', image: OTHER },
    selfieForgotten: askConsent,
  },
  captured: {
    faceClosed: idle,
    sendRequested: { status: 'sending', image: IMAGE },
    cameraRequested: starting,
    selfieForgotten: askConsent,
  },
  sending: {
    sendSucceeded: { status: 'results' },
    sendFailed: { status: 'failed', image: IMAGE, message: 'Sem conexão com o servidor. Tente novamente.' },
  },
  failed: {
    faceClosed: idle,
    sendRequested: { status: 'sending', image: IMAGE },
    cameraRequested: starting,
    selfieForgotten: askConsent,
  },
  cameraError: { faceClosed: idle, cameraRequested: starting, selfieForgotten: askConsent },
  results: { faceClosed: idle, cameraRequested: starting, selfieForgotten: askConsent },
});

it("opens the camera from a consent only once 'Concordo' is ticked", () => {
  const ticked = faceSlice.reducer({ status: 'consent', agreed: true }, consentGiven());
  expect(ticked).toEqual(starting);
  expect(faceSlice.reducer(askConsent, consentGiven())).toEqual(askConsent);
});

describe('what a camera failure means', () => {
  it.each([
    ['NotAllowedError', new DOMException('Permission denied', 'NotAllowedError'), 'denied'],
    ['SecurityError', new DOMException('Insecure context', 'SecurityError'), 'denied'],
    ['NotFoundError', new DOMException('Requested device not found', 'NotFoundError'), 'missing'],
    ['NotReadableError', new DOMException('Could not start video source', 'NotReadableError'), 'missing'],
    ['a text', 'getUserMedia not supported', 'missing'],
  ])('%s: %s', (_name, error, problem) => {
    expect(cameraProblemOf(error)).toBe(problem);
  });
});

const deletionStates: Record<FaceDeletionState['status'], FaceDeletionState> = {
  idle: { status: 'idle' },
  confirming: { status: 'confirming' },
  deleting: { status: 'deleting' },
  deleted: { status: 'deleted' },
  failed: { status: 'failed', message: 'Sem conexão com o servidor. Tente novamente.' },
};

const deletionEvents = {
  asked: deletionAsked(),
  cancelled: deletionCancelled(),
  confirmed: deletionConfirmed(),
  deleted: facesDeleted(),
  failed: deletionFailed('Erro 500'),
  screenClosed: faceClosed(),
  newSelfieKept: sendSucceeded(),
};

const notDeleting = { status: 'idle' } as const;
const confirming = { status: 'confirming' } as const;

// 'Apagar minhas fotos': a second look, then the deletion; closing the screen forgets
// what was said, but not a deletion on its way.
describeMachineGrid(
  'the face deletion machine',
  faceDeletionSlice,
  deletionStates,
  deletionEvents,
  {
    idle: { asked: confirming },
    confirming: { cancelled: notDeleting, confirmed: { status: 'deleting' }, screenClosed: notDeleting },
    deleting: { deleted: { status: 'deleted' }, failed: { status: 'failed', message: 'Erro 500' } },
    // A new selfie kept: 'Sua selfie foi apagada' is no longer true.
    deleted: { asked: confirming, screenClosed: notDeleting, newSelfieKept: notDeleting },
    failed: { asked: confirming, screenClosed: notDeleting, newSelfieKept: notDeleting },
  },
  [faceClosed, sendSucceeded],
);

const found = [
  { url: '/media/festa_ana/pad/a1.jpg', event: 'festa_ana' },
  { url: '/media/festa_ana/pad/a2.jpg', event: 'festa_ana' },
];

const collectStates: Record<CollectFoundState['status'], CollectFoundState> = {
  idle: { status: 'idle' },
  collecting: { status: 'collecting', photos: found },
  collected: { status: 'collected', added: 2, already: 0, refused: 0 },
  queued: { status: 'queued', count: 2 },
  failed: { status: 'failed', message: 'Sem conexão com o servidor. Tente novamente.' },
};

const collectEvents = {
  requested: collectAllRequested(found),
  requestedNothing: collectAllRequested([]),
  succeeded: collectAllSucceeded({ added: 1, already: 1, refused: 0 }),
  queued: collectAllQueued(1),
  failed: collectAllFailed('Muitas tentativas em pouco tempo.'),
  screenClosed: faceClosed(),
};

const collecting = { status: 'collecting', photos: found } as const;

// 'Pegar todas': one request at a time; tapped again once it answered, it goes again.
describeMachineGrid(
  "the 'Pegar todas' machine",
  collectFoundSlice,
  collectStates,
  collectEvents,
  {
    idle: { requested: collecting },
    collecting: {
      succeeded: { status: 'collected', added: 1, already: 1, refused: 0 },
      queued: { status: 'queued', count: 1 },
      failed: { status: 'failed', message: 'Muitas tentativas em pouco tempo.' },
    },
    collected: { requested: collecting, screenClosed: { status: 'idle' } },
    queued: { requested: collecting, screenClosed: { status: 'idle' } },
    failed: { requested: collecting, screenClosed: { status: 'idle' } },
  },
  [faceClosed],
);
