import { useRef, useState } from 'react';
import type { BomChoice, BomMatchResult, BomQuantityOptions, BomSheet } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { sheetBodyOf } from './bom-mapping.ts';
import { carryChoices, choicesFromSaved, type LineChoice, type LineChoices } from './bom-choices.ts';

interface MatchState {
  result: BomMatchResult | null;
  choices: LineChoices;
}

export interface MatchRequest {
  sheet: BomSheet;
  options: BomQuantityOptions;
  /** The buyer corrected the mapping: a member's correction is remembered for the same header. */
  rememberMapping: boolean;
  /** A saved BOM's or a draft's choices, put on the lines once they are matched. */
  savedChoices?: readonly BomChoice[];
}

/**
 * The matched lines and the buyer's choices on them. A later match replaces an earlier one
 * still under way (only the last request's answer is shown); choices carry over to the new lines.
 */
export function useBomMatch() {
  const [state, setState] = useState<MatchState>({ result: null, choices: {} });
  const [isMatching, setIsMatching] = useState(false);
  const [problem, setProblem] = useState('');
  const sequence = useRef(0);

  async function match(request: MatchRequest): Promise<void> {
    const ticket = ++sequence.current;
    setIsMatching(true);
    setProblem('');
    try {
      const result = await callApi(bomCalls.match, { sheet: sheetBodyOf(request.sheet), options: request.options, rememberMapping: request.rememberMapping });
      if (ticket !== sequence.current) return;
      setState((current) => ({
        result,
        choices: request.savedChoices
          ? choicesFromSaved(result.lines, request.savedChoices)
          : carryChoices(current.choices, current.result?.lines ?? [], result.lines),
      }));
    } catch (error) {
      if (ticket === sequence.current) setProblem(errorMessageOf(error) || '匹配失败，请稍后重试');
    } finally {
      if (ticket === sequence.current) setIsMatching(false);
    }
  }

  function updateChoice(lineNo: number, change: (choice: LineChoice) => LineChoice) {
    setState((current) => {
      const choice = current.choices[lineNo];
      return choice ? { ...current, choices: { ...current.choices, [lineNo]: change(choice) } } : current;
    });
  }

  function updateAll(change: (choice: LineChoice, lineNo: number) => LineChoice) {
    setState((current) => ({
      ...current,
      choices: Object.fromEntries(Object.entries(current.choices).map(([lineNo, choice]) => [lineNo, change(choice, Number(lineNo))])),
    }));
  }

  function reset() {
    sequence.current += 1;
    setState({ result: null, choices: {} });
    setIsMatching(false);
    setProblem('');
  }

  return { result: state.result, choices: state.choices, isMatching, problem, match, updateChoice, updateAll, reset };
}

export type BomMatch = ReturnType<typeof useBomMatch>;
