import { useEffect, useMemo, useRef, useState } from 'react';
import { defaultBomQuantityOptions, type BomColumnRole, type BomPageData, type BomQuantityOptions, type BomSheet } from '../../../contract/bom.ts';
import { defaultCandidateFilters, type CandidateFilters } from './bom-candidates.ts';
import { priceLines, savedChoicesOf, totalsOf } from './bom-choices.ts';
import type { BomDraft } from './bom-draft.ts';
import { defaultBomName, mappingProblem, withColumnRole } from './bom-mapping.ts';
import { useBomActions } from './use-bom-actions.ts';
import { useBomDraft } from './use-bom-draft.ts';
import { useBomLineChoices } from './use-bom-line-choices.ts';
import { useBomMatch } from './use-bom-match.ts';
import { useBomUpload } from './use-bom-upload.ts';

/** Boards and spare % are typed: the lines are matched again once the typing pauses. */
const optionsPauseMs = 400;

interface Saved {
  bomId: number | null;
  name: string;
}

/**
 * The /bom page's whole state: the sheet read from a file or a paste, its mapping and quantity
 * options, the matched lines with the buyer's choices, and the member actions on them.
 */
export function useBomWorkspace(data: BomPageData) {
  const [sheet, setSheet] = useState<BomSheet | null>(data.savedBom?.sheet ?? null);
  const [options, setOptions] = useState<BomQuantityOptions>(data.savedBom?.options ?? defaultBomQuantityOptions);
  const [isMappingCorrected, setIsMappingCorrected] = useState(false);
  const [mappingIssue, setMappingIssue] = useState('');
  const [saved, setSaved] = useState<Saved>({ bomId: data.savedBom?.bomId ?? null, name: data.savedBom?.name ?? '' });
  const [filters, setFilters] = useState<CandidateFilters>(defaultCandidateFilters);
  /** Moves when another BOM is started or restored: the forms holding typed text start afresh. */
  const [generation, setGeneration] = useState(0);
  const optionsTimer = useRef<number | undefined>(undefined);
  const matching = useBomMatch();
  const lines = useBomLineChoices(matching);
  const priced = useMemo(() => (matching.result ? priceLines(matching.result.lines, matching.choices) : []), [matching.result, matching.choices]);
  const totals = useMemo(() => totalsOf(priced), [priced]);

  useEffect(() => () => window.clearTimeout(optionsTimer.current), []);

  function startMatch(next: { sheet: BomSheet; options: BomQuantityOptions; rememberMapping: boolean; savedChoices?: BomDraft['choices'] }) {
    window.clearTimeout(optionsTimer.current);
    const problem = mappingProblem(next.sheet.mapping);
    setMappingIssue(problem);
    if (!problem) void matching.match(next);
  }

  const { logInKeepingDraft } = useBomDraft({
    savedBom: data.savedBom,
    onRestore: (draft) => {
      setGeneration((current) => current + 1);
      setSheet(draft.sheet);
      setOptions(draft.options);
      setIsMappingCorrected(draft.isMappingCorrected);
      setSaved({ bomId: draft.bomId, name: draft.name || defaultBomName(draft.sheet.fileName) });
      startMatch({ sheet: draft.sheet, options: draft.options, rememberMapping: false, savedChoices: draft.choices });
    },
  });

  const upload = useBomUpload((next) => {
    matching.reset();
    setGeneration((current) => current + 1);
    setSheet(next);
    setIsMappingCorrected(false);
    setSaved({ bomId: null, name: defaultBomName(next.fileName) });
    window.history.replaceState(null, '', '/bom');
    startMatch({ sheet: next, options, rememberMapping: false });
  });

  function draft(): BomDraft {
    if (!sheet) throw new Error('no BOM to keep');
    return { sheet, options, choices: savedChoicesOf(priced), name: saved.name, bomId: saved.bomId, isMappingCorrected };
  }

  const actions = useBomActions({
    isLoggedIn: data.isLoggedIn,
    draft,
    priced,
    logInKeepingDraft,
    onSaved: (bomId, name) => setSaved({ bomId, name }),
  });

  function setColumnRole(columnIndex: number, role: BomColumnRole | null) {
    if (!sheet) return;
    const next = { ...sheet, mapping: withColumnRole(sheet.mapping, columnIndex, role) };
    setSheet(next);
    setIsMappingCorrected(true);
    startMatch({ sheet: next, options, rememberMapping: true });
  }

  function changeOptions(next: BomQuantityOptions) {
    setOptions(next);
    window.clearTimeout(optionsTimer.current);
    if (!sheet) return;
    const current = sheet;
    optionsTimer.current = window.setTimeout(() => startMatch({ sheet: current, options: next, rememberMapping: isMappingCorrected }), optionsPauseMs);
  }

  function startOver() {
    window.clearTimeout(optionsTimer.current);
    matching.reset();
    setGeneration((current) => current + 1);
    setSheet(null);
    setMappingIssue('');
    setSaved({ bomId: null, name: '' });
    window.history.replaceState(null, '', '/bom');
  }

  return {
    generation,
    sheet,
    options,
    mappingIssue,
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
    setColumnRole,
    changeOptions,
    startOver,
  };
}

export type BomWorkspace = ReturnType<typeof useBomWorkspace>;
