/** The page's Web Storage, or null where the browser refuses it (private mode, blocked cookies). */
export function storageOrNull(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}
