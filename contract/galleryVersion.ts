/**
 * A booth gallery's list carries its version in its ETag (GET /api/all/...), and its live stream
 * says each new version (GET /api/live/...): the page compares the two and asks for the list only
 * when the stream's is not the one it holds.
 */
export function galleryEtag(version: string): string {
  return `W/"g1-${version}"`;
}

/** The version an ETag of `galleryEtag` carries; null for any other. */
export function versionOfGalleryEtag(etag: string | null | undefined): string | null {
  return /^W\/"g1-(.+)"$/.exec(etag ?? '')?.[1] ?? null;
}
