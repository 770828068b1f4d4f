import { mediaKind, mimeOf, parseMediaPath } from '../../../contract/mediaPath';

/**
 * How many photos one share hands to the system sheet: WhatsApp takes at most 30 at once; fewer keeps a phone's memory
 * and a venue's Wi-Fi in reach.
 */
export const SHARE_ALL_MAX = 20;

/** The photos of `urls` (newest first) a share can hand over: images, the newest SHARE_ALL_MAX. */
export function shareablePhotos(urls: readonly string[]): string[] {
  return urls.filter((url) => mediaKind(parseMediaPath(url)?.file ?? '') === 'image').slice(0, SHARE_ALL_MAX);
}

/** Fetches each photo as a File for the share sheet; those that fail are left out. */
export async function fetchShareFiles(
  urls: readonly string[],
  source: (url: string) => string,
  signal?: AbortSignal,
): Promise<File[]> {
  const files = await Promise.all(
    urls.map(async (url) => {
      const name = parseMediaPath(url)?.file ?? 'foto.jpg';
      try {
        const response = await fetch(source(url), { signal, credentials: 'include' });
        if (!response.ok) return null;
        const blob = await response.blob();
        return new File([blob], name, { type: blob.type || mimeOf(name) });
      } catch {
        return null;
      }
    }),
  );
  return files.filter((file): file is File => file !== null);
}
