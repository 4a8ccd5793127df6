import { useEffect, useRef, useState } from 'react';
import { defaultBomQuantityOptions, type BomChoice, type BomColumnRole, type BomQuantityOptions, type BomSheet, type SavedBom } from '../../../contract/bom.ts';
import { mappingProblem, withColumnRole } from './bom-mapping.ts';
import type { BomMatch } from './use-bom-match.ts';

/** Boards and spare % are typed: the lines are matched again once the typing pauses. */
const optionsPauseMs = 400;

/**
 * The sheet being worked on, its mapping and quantity options, and when its lines are matched:
 * at once for a new sheet or a corrected column, after a pause for typed boards or spare %.
 * A mapping naming no part column is told instead of matched.
 */
export function useBomSheet(savedBom: SavedBom | null, matching: Pick<BomMatch, 'match' | 'reset'>) {
  const [sheet, setSheet] = useState<BomSheet | null>(savedBom?.sheet ?? null);
  const [options, setOptions] = useState<BomQuantityOptions>(savedBom?.options ?? defaultBomQuantityOptions);
  const [isMappingCorrected, setIsMappingCorrected] = useState(false);
  const [mappingIssue, setMappingIssue] = useState('');
  /** Moves when another BOM is started or restored: the forms holding typed text start afresh. */
  const [generation, setGeneration] = useState(0);
  const optionsTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(optionsTimer.current), []);

  function startMatch(next: { sheet: BomSheet; options: BomQuantityOptions; rememberMapping: boolean; savedChoices?: readonly BomChoice[] }) {
    window.clearTimeout(optionsTimer.current);
    const problem = mappingProblem(next.sheet.mapping);
    setMappingIssue(problem);
    if (!problem) void matching.match(next);
  }

  /** Another sheet (a file, a paste, a restored draft): its lines matched, with the choices given if any. */
  function begin(next: { sheet: BomSheet; options: BomQuantityOptions; isMappingCorrected: boolean; savedChoices?: readonly BomChoice[] }) {
    matching.reset();
    setGeneration((current) => current + 1);
    setSheet(next.sheet);
    setOptions(next.options);
    setIsMappingCorrected(next.isMappingCorrected);
    startMatch({ sheet: next.sheet, options: next.options, rememberMapping: false, savedChoices: next.savedChoices });
  }

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

  function clear() {
    window.clearTimeout(optionsTimer.current);
    matching.reset();
    setGeneration((current) => current + 1);
    setSheet(null);
    setMappingIssue('');
  }

  return { sheet, options, isMappingCorrected, mappingIssue, generation, begin, setColumnRole, changeOptions, clear };
}
