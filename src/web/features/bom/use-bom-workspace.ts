import { useMemo, useState } from 'react';
import type { BomPageData } from '../../../contract/bom.ts';
import { defaultCandidateFilters, type CandidateFilters } from './bom-candidates.ts';
import { priceLines, savedChoicesOf, totalsOf } from './bom-choices.ts';
import type { BomDraft } from './bom-draft.ts';
import { defaultBomName } from './bom-mapping.ts';
import { desktopBomToolPaths, type BomToolPaths } from './bom-tool-paths.ts';
import { useBomActions } from './use-bom-actions.ts';
import { useBomDraft } from './use-bom-draft.ts';
import { useBomLineChoices } from './use-bom-line-choices.ts';
import { useBomMatch } from './use-bom-match.ts';
import { useBomSheet } from './use-bom-sheet.ts';
import { useBomUpload } from './use-bom-upload.ts';

interface Saved {
  bomId: number | null;
  name: string;
}

/**
 * The BOM tool's whole state (/bom, and /m/bom with the phone's paths): the sheet read from a file
 * or a paste, its mapping and quantity options, the matched lines with the buyer's choices, and the
 * member actions on them.
 */
export function useBomWorkspace(data: BomPageData, paths: BomToolPaths = desktopBomToolPaths) {
  const [saved, setSaved] = useState<Saved>({ bomId: data.savedBom?.bomId ?? null, name: data.savedBom?.name ?? '' });
  const [filters, setFilters] = useState<CandidateFilters>(defaultCandidateFilters);
  const matching = useBomMatch();
  const sheetState = useBomSheet(data.savedBom, matching);
  const lines = useBomLineChoices(matching);
  const priced = useMemo(() => (matching.result ? priceLines(matching.result.lines, matching.choices) : []), [matching.result, matching.choices]);
  const totals = useMemo(() => totalsOf(priced), [priced]);

  const { logInKeepingDraft } = useBomDraft({
    savedBom: data.savedBom,
    paths,
    onRestore: (draft) => {
      setSaved({ bomId: draft.bomId, name: draft.name || defaultBomName(draft.sheet.fileName) });
      sheetState.begin({ sheet: draft.sheet, options: draft.options, isMappingCorrected: draft.isMappingCorrected, savedChoices: draft.choices });
    },
  });

  const upload = useBomUpload((sheet) => {
    setSaved({ bomId: null, name: defaultBomName(sheet.fileName) });
    window.history.replaceState(null, '', paths.tool);
    sheetState.begin({ sheet, options: sheetState.options, isMappingCorrected: false });
  });

  function draft(): BomDraft {
    const { sheet, options, isMappingCorrected } = sheetState;
    if (!sheet) throw new Error('no BOM to keep');
    return { sheet, options, choices: savedChoicesOf(priced), name: saved.name, bomId: saved.bomId, isMappingCorrected };
  }

  const actions = useBomActions({
    isLoggedIn: data.isLoggedIn,
    paths,
    draft,
    priced,
    logInKeepingDraft,
    onSaved: (bomId, name) => setSaved({ bomId, name }),
  });

  function startOver() {
    sheetState.clear();
    setSaved({ bomId: null, name: '' });
    window.history.replaceState(null, '', paths.tool);
  }

  return {
    generation: sheetState.generation,
    sheet: sheetState.sheet,
    options: sheetState.options,
    mappingIssue: sheetState.mappingIssue,
    setColumnRole: sheetState.setColumnRole,
    changeOptions: sheetState.changeOptions,
    saved,
    setName: (name: string) => setSaved((current) => ({ ...current, name })),
    filters,
    setFilters,
    upload,
    matching,
    lines,
    priced,
    totals,
    actions,
    startOver,
  };
}

export type BomWorkspace = ReturnType<typeof useBomWorkspace>;
