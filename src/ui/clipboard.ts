import { useCallback, useState } from 'react';

/**
 * Copies `text` to the clipboard; false when nothing was copied (no clipboard API on a page served
 * without https, a permission refused, or a call that came too long after the user's tap), so the
 * caller can ask for a copy by hand instead.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * For a copy button that shows its outcome: `copied` is null until the first copy, then whether
 * the last one worked.
 */
export function useCopy(): { copied: boolean | null; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = useCallback(async (text: string) => {
    const ok = await copyText(text);
    setCopied(ok);
    return ok;
  }, []);
  return { copied, copy };
}
