import { allLifecycles } from './all-lifecycles.ts';
import { lifecycleSection } from './lifecycle-docs.ts';

export const generatedStart = '<!-- generated from src/contract/all-lifecycles.ts by `npm run lifecycles`: do not edit below -->';
export const generatedEnd = '<!-- end of generated -->';

/** The decision record's generated part: one section per lifecycle. */
export function generatedLifecycleSections(): string {
  return allLifecycles.map(lifecycleSection).join('\n');
}

/** The record with its generated part replaced by the lifecycles as declared now. */
export function withGeneratedSections(record: string): string {
  const start = record.indexOf(generatedStart);
  const end = record.indexOf(generatedEnd);
  if (start < 0 || end < start) throw new Error('the lifecycle record has no generated markers');
  return `${record.slice(0, start + generatedStart.length)}\n\n${generatedLifecycleSections()}\n${record.slice(end)}`;
}
