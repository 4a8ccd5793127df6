import { BomLineStatus } from '../../../contract/bom.ts';
import type { CallBody } from '../../../contract/call.ts';
import { quotationLimits } from '../../../contract/quotation.ts';
import type { quotationCalls } from '../../../contract/quotation-calls.ts';
import type { PricedLine } from './bom-choices.ts';

export type QuoteLine = CallBody<typeof quotationCalls.request>['lines'][number];

/** Which lines a quotation request carries: the unmatched ones, the ticked ones, or both together. */
export type QuoteScope = 'unmatched' | 'selected';

export const quoteScopeLabels: Record<QuoteScope, string> = { unmatched: '未匹配的物料', selected: '已勾选的物料' };

function clip(text: string, max: number): string {
  return Array.from(text.trim()).slice(0, max).join('');
}

function firstFilled(...texts: (string | undefined)[]): string {
  return texts.find((text) => text !== undefined && text.trim() !== '') ?? '';
}

/** The part number the store should price: the part chosen, else the buyer's own words. */
function partNumberOf(priced: PricedLine): string {
  const { query } = priced.line;
  return clip(firstFilled(priced.part?.code, query.mpn, query.storeCode, query.value, query.description), quotationLimits.partNumberMax);
}

function quoteLineOf(priced: PricedLine): QuoteLine | null {
  const partNumber = partNumberOf(priced);
  const quantity = priced.quantity > 0 ? priced.quantity : priced.line.requiredQuantity;
  if (!partNumber || quantity < 1) return null;
  const { query, designators } = priced.line;
  const remark = [
    query.mpn && query.mpn !== partNumber ? `BOM 型号 ${query.mpn}` : '',
    query.value && query.value !== partNumber ? query.value : '',
    designators.length > 0 ? `位号 ${designators.join(',')}` : '',
  ]
    .filter(Boolean)
    .join('；');
  return {
    lineNo: priced.line.lineNo,
    partNumber,
    brand: clip(firstFilled(priced.part?.brandName, query.brand), quotationLimits.brandMax),
    package: clip(firstFilled(priced.part?.package, query.package), quotationLimits.packageMax),
    quantity: Math.min(quantity, quotationLimits.quantityMax),
    productId: priced.part?.productId,
    remark: clip(remark, quotationLimits.remarkMax),
  };
}

/** Unmatched: fitted lines without a part found; selected: the ticked lines. */
export function linesInScope(priced: readonly PricedLine[], scope: QuoteScope): PricedLine[] {
  return priced.filter((line) =>
    scope === 'unmatched' ? !line.line.isNotFitted && line.line.status === BomLineStatus.none : line.choice.isSelected && !line.line.isNotFitted,
  );
}

/** The lines of every scope asked for, each once, in the BOM's order (a ticked line that is also unmatched is sent once). */
export function quoteLinesOf(priced: readonly PricedLine[], scopes: QuoteScope | readonly QuoteScope[]): QuoteLine[] {
  const asked = typeof scopes === 'string' ? [scopes] : scopes;
  const chosen = new Set(asked.flatMap((scope) => linesInScope(priced, scope)));
  return priced
    .filter((line) => chosen.has(line))
    .flatMap((line) => {
      const quote = quoteLineOf(line);
      return quote ? [quote] : [];
    });
}
