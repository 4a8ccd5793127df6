import { useEffect, useRef } from 'react';
import type { SavedBom } from '../../../contract/bom.ts';
import { storeDraft, takeDraft, type BomDraft } from './bom-draft.ts';
import type { BomToolPaths } from './bom-tool-paths.ts';

function draftOfSaved(saved: SavedBom): BomDraft {
  return { sheet: saved.sheet, options: saved.options, choices: saved.choices, name: saved.name, bomId: saved.bomId, isMappingCorrected: false };
}

/**
 * Where the page's work starts once it runs in the browser: the draft a visitor left before
 * logging in (read once: it is removed as it is read), else the saved BOM the address opened
 * (/bom?id=N, /m/bom?id=N). A draft of another BOM than the one opened is dropped.
 */
export function useBomDraft({ savedBom, paths, onRestore }: { savedBom: SavedBom | null; paths: BomToolPaths; onRestore: (draft: BomDraft) => void }) {
  const start = useRef({ savedBom, onRestore });
  useEffect(() => {
    start.current = { savedBom, onRestore };
  });

  useEffect(() => {
    const { savedBom: saved, onRestore: restore } = start.current;
    const kept = takeDraft();
    if (kept && (saved === null || kept.bomId === saved.bomId)) restore(kept);
    else if (saved) restore(draftOfSaved(saved));
  }, []);

  /** Keeps the draft and goes to log in, coming back to this BOM afterwards. */
  function logInKeepingDraft(draft: BomDraft) {
    storeDraft(draft);
    window.location.href = paths.login(draft.bomId === null ? paths.tool : paths.edit(draft.bomId));
  }

  return { logInKeepingDraft };
}
