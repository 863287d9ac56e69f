// The copy button of a secret shown once (a new API key, a webhook secret, a calendar feed's address): 'Copied'
// once the text is on the clipboard, and not when the browser has no clipboard (an insecure page) or refuses it
// (a denied permission), where the text stays on screen to select by hand.
import { useCallback, useState } from 'react';

interface ClipboardCopy {
  copied: boolean;
  /** Puts the text on the clipboard; resolves to whether it got there (never rejects). */
  copy: (text: string) => Promise<boolean>;
  /** Back to 'Copy', e.g. when another secret replaces the one copied. */
  reset: () => void;
}

export function useClipboard(): ClipboardCopy {
  const [copied, setCopied] = useState(false);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      setCopied(false);
      return false;
    }
  }, []);
  const reset = useCallback(() => setCopied(false), []);

  return { copied, copy, reset };
}
