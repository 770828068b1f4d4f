import { lazy, Suspense, useRef } from 'react';
import type Webcam from 'react-webcam';
import { cameraProblemOf, type CameraProblem } from './faceSlice';

/** The camera library loads only here, once the face screen shows the camera. */
const LazyWebcam = lazy(() => import(/* webpackChunkName: "webcam" */ 'react-webcam'));

/** The capture sent: a JPEG 640 px wide, quality 0.85 (small enough for venue Wi-Fi). */
const CAPTURE_WIDTH = 640;
const CAPTURE_QUALITY = 0.85;

interface FaceCameraProps {
  /** The camera shows a picture: the image can be taken. */
  ready: boolean;
  onStarted: () => void;
  onFailed: (problem: CameraProblem) => void;
  onCaptured: (image: string) => void;
}

/** The live front camera and 'Take image'. */
export function FaceCamera({ ready, onStarted, onFailed, onCaptured }: FaceCameraProps) {
  const webcam = useRef<Webcam>(null);

  function take() {
    const camera = webcam.current;
    if (!camera) return;
    const video = camera.video;
    const size =
      video && video.videoWidth > 0 && video.videoHeight > 0
        ? { width: CAPTURE_WIDTH, height: Math.round((CAPTURE_WIDTH * video.videoHeight) / video.videoWidth) }
        : undefined;
    const image = camera.getScreenshot(size);
    if (image) onCaptured(image);
  }

  return (
    <div className="face__camera">
      <Suspense fallback={<p role="status">Abrindo a câmera...</p>}>
        <LazyWebcam
          ref={webcam}
          className="face__video"
          audio={false}
          screenshotFormat="image/jpeg"
          screenshotQuality={CAPTURE_QUALITY}
          videoConstraints={{ facingMode: 'user' }}
          onUserMedia={onStarted}
          onUserMediaError={(error) => onFailed(cameraProblemOf(error))}
          aria-label="Câmera"
        />
      </Suspense>
      <button type="button" className="button button--big" disabled={!ready} onClick={take}>
        Take image
      </button>
    </div>
  );
}
