import { eventFrame, hashtagBands, hashtagFrame, polaroidCard, type EventTitle } from './frames';
import { partyScene, type SceneOptions } from './partyScene';
import { nested, svgDocument } from './svg';

/**
 * The finished output of each booth type, as SVG documents: what the demo media are made of
 * and what the simulated camera uploads. `overlay` is drawn last (the camera's clock).
 */
export type Scene = Omit<SceneOptions, 'width' | 'height'>;

export const PHOTO_SIZES = {
  pad: { width: 900, height: 1200 },
  feed: { width: 1080, height: 1350 },
  hashtrack: { width: 1080, height: 1080 },
  polaroid: { width: 900, height: 1080 },
  boomerang: { width: 360, height: 450 },
} as const;

/** A pad or feed photo: the scene with the event's frame. */
export function framedPhoto(width: number, height: number, scene: Scene, title: EventTitle, overlay = ''): string {
  return svgDocument(
    width,
    height,
    partyScene({ ...scene, width, height }) + eventFrame(width, height, title) + overlay,
  );
}

/** A hashtrack post: the scene between an account bar and the hashtag band. */
export function hashtagPhoto(scene: Scene, tag: string, account: string, overlay = ''): string {
  const { width: s } = PHOTO_SIZES.hashtrack;
  const { bar, band } = hashtagBands(s);
  const height = s - bar - band;
  const body = nested(0, bar, s, height, partyScene({ shoulderLine: 0.62, ...scene, width: s, height }));
  return svgDocument(s, s, body + hashtagFrame(s, s, tag, account, ['#ff4f9a', '#7b5cff']) + overlay);
}

export function polaroidPhoto(scene: Scene, caption: string, date: string, overlay = ''): string {
  const { width, height } = PHOTO_SIZES.polaroid;
  return svgDocument(
    width,
    height,
    polaroidCard(
      width,
      height,
      (size) => partyScene({ shoulderLine: 0.62, ...scene, width: size, height: size }),
      caption,
      date,
    ) + overlay,
  );
}

/** The frames of a boomerang: forward, then backward without repeating the ends. */
export function boomerangFrames(scene: Scene, title: EventTitle, overlay = '', forward = 6): string[] {
  const { width, height } = PHOTO_SIZES.boomerang;
  const phases = Array.from({ length: forward }, (_, i) => i / (forward - 1));
  const sequence = [...phases, ...phases.slice(1, -1).reverse()];
  return sequence.map((phase) => framedPhoto(width, height, { ...scene, phase }, title, overlay));
}
