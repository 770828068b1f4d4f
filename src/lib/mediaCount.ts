import { mediaKind, parseMediaPath, type MediaKind } from '../../contract/mediaPath';

/** What a media URL is to a guest: a photo, a GIF (the boomerang's), a video, or something else. */
export type MediaSort = MediaKind | 'other';

const WORDS: Record<MediaSort, readonly [one: string, many: string]> = {
  image: ['foto', 'fotos'],
  gif: ['GIF', 'GIFs'],
  video: ['vídeo', 'vídeos'],
  other: ['item', 'itens'],
};

const ORDER: readonly MediaSort[] = ['image', 'gif', 'video', 'other'];

export function sortOf(url: string): MediaSort {
  const ref = parseMediaPath(url);
  return (ref && mediaKind(ref.file)) ?? 'other';
}

const NUMBER = new Intl.NumberFormat('pt-BR');

/** '1 foto', '3 vídeos', '3.000 fotos'. */
export function counted(n: number, sort: MediaSort): string {
  const [one, many] = WORDS[sort];
  return `${NUMBER.format(n)} ${n === 1 ? one : many}`;
}

/** 'a', 'a e b', 'a, b e c'. */
export function joinedList(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}`;
}

/**
 * How many of each sort `urls` hold, as a guest reads it: '2 fotos e 1 vídeo' (a video is no
 * photo, and is never counted as one); '' for none.
 */
export function countedMedia(urls: readonly string[]): string {
  const counts = new Map<MediaSort, number>();
  for (const url of urls) {
    const sort = sortOf(url);
    counts.set(sort, (counts.get(sort) ?? 0) + 1);
  }
  return joinedList(ORDER.filter((sort) => counts.has(sort)).map((sort) => counted(counts.get(sort) ?? 0, sort)));
}
