import { boomerangFrames, framedPhoto, hashtagPhoto, PHOTO_SIZES, polaroidPhoto, type Scene } from './art/boothPhotos';
import { clockBadge, hashtagBands } from './art/frames';
import { PALETTES, type PaletteName } from './art/partyScene';
import { animatedGif, jpeg } from './encode';

/**
 * A new picture from the simulated camera, in the format of its booth type: a party scene
 * drawn from the current time, with the time printed on it, so that each upload is visibly new.
 */
export interface Shot {
  file: string;
  bytes: Buffer;
}

interface Titles {
  title: string;
  subtitle: string;
  hashtag: string;
}

/** Titles of the demo events, as on their demo media; any other event shows its name. */
const TITLES: Record<string, Titles> = {
  festa_ana: { title: 'Festa da Ana', subtitle: '14 · 03 · 2026', hashtag: 'festadaana' },
  casamento_bia_e_leo: { title: 'Bia & Leo', subtitle: '09 · 05 · 2026', hashtag: 'biaeleo' },
  formatura_privada: { title: 'Formatura', subtitle: 'TURMA 2026', hashtag: 'formatura2026' },
};

const two = (value: number) => String(value).padStart(2, '0');

function clock(now: Date): string {
  return `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`;
}

/** `20260314-213005-042`: sorts by time and never repeats within one camera. */
function stamp(now: Date): string {
  return (
    `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-${two(now.getHours())}` +
    `${two(now.getMinutes())}${two(now.getSeconds())}-${String(now.getMilliseconds()).padStart(3, '0')}`
  );
}

function eventTitles(event: string, now: Date): Titles {
  const known = TITLES[event];
  if (known) return known;
  const title = event.replace(/[_-]+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  return {
    title,
    subtitle: `${two(now.getDate())} · ${two(now.getMonth() + 1)} · ${now.getFullYear()}`,
    hashtag: event.replace(/[^A-Za-z0-9]/g, '').toLowerCase(),
  };
}

export async function takePhoto(event: string, mode: string, now = new Date()): Promise<Shot> {
  const seed = now.getTime() % 1_000_000_007;
  const palettes = Object.keys(PALETTES) as PaletteName[];
  const scene: Scene = {
    seed,
    palette: palettes[seed % palettes.length],
    people: 1 + (seed % 4),
    discoBall: seed % 3 === 0,
  };
  const title = eventTitles(event, now);
  const file = (extension: string) => `${mode}-${stamp(now)}.${extension}`;
  const badge = (width: number) => clockBadge(width, clock(now));
  switch (mode) {
    case 'pad':
    case 'feed': {
      const { width, height } = PHOTO_SIZES[mode];
      return { file: file('jpg'), bytes: await jpeg(framedPhoto(width, height, scene, title, badge(width))) };
    }
    case 'hashtrack': {
      const { width } = PHOTO_SIZES.hashtrack;
      // Below the account bar, which has its own menu at the top right.
      const clockBelowBar = clockBadge(width, clock(now), hashtagBands(width).bar + width * 0.03);
      return {
        file: file('jpg'),
        bytes: await jpeg(hashtagPhoto(scene, `#${title.hashtag}`, title.hashtag, clockBelowBar)),
      };
    }
    case 'polaroid':
      return {
        file: file('jpg'),
        bytes: await jpeg(polaroidPhoto(scene, title.title, title.subtitle, badge(PHOTO_SIZES.polaroid.width))),
      };
    case 'boomerang':
      return {
        file: file('gif'),
        bytes: await animatedGif(boomerangFrames(scene, title, badge(PHOTO_SIZES.boomerang.width)), 90),
      };
    default:
      throw new Error(`a câmera não sabe fotografar no modo "${mode}" (vídeos 360 são da plataforma: --only ultra)`);
  }
}
