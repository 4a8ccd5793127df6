import { compareMessages } from '../../../contract/compare.ts';
import { showToast } from '../../ui/toast.ts';
import { addComparedChoice, removeComparedChoice, useComparedChoices } from './compare-store.ts';

/** 对比: ticks a part for the compare bar (at most four; a fifth is refused with a toast and stays unticked). */
export function CompareToggle({ productId, code, className = 'compare-toggle' }: { productId: number; code: string; className?: string }) {
  const isChosen = useComparedChoices().some((choice) => choice.productId === productId);
  function toggle(isOn: boolean) {
    if (!isOn) removeComparedChoice(productId);
    else if (!addComparedChoice({ productId, code })) showToast(compareMessages.full);
  }
  return (
    <label className={className}>
      <input type="checkbox" checked={isChosen} onChange={(event) => toggle(event.target.checked)} aria-label={`对比 ${code}`} data-testid="compare-toggle" />
      对比
    </label>
  );
}
