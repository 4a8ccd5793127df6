import { useState } from 'react';
import { toastIfMessage } from '../../ui/toast.ts';

/** Copies a text to the clipboard, toasting the outcome; `isCopied` stays true once it worked. */
export function useCopyText(successMessage: string) {
  const [isCopied, setIsCopied] = useState(false);
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      toastIfMessage(successMessage);
    } catch {
      // No clipboard (an insecure origin, a denied permission): the text stays selectable in its field.
      toastIfMessage('复制失败，请手动复制链接');
    }
  }
  return { isCopied, copy };
}
