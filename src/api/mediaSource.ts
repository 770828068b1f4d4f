import { apiBaseUrl } from './apiSlice';

/**
 * Where a media URL of the contract (`/media/...`, `/thumbs/...`) is fetched from: the backend's
 * origin, which is the page's own unless API_BASE names another.
 */
export function mediaSource(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  const base = apiBaseUrl();
  try {
    return new URL(url, new URL(base).origin).toString();
  } catch {
    return url;
  }
}
