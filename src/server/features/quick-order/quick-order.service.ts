import type { Kysely } from 'kysely';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { isProductOnSale, orderableQuantityOf } from '../../../contract/pricing.ts';
import {
  ambiguousPartNumberText,
  quickOrderMessages,
  type ParsedQuickOrder,
  type QuickOrderAdded,
  type QuickOrderLine,
  type QuickOrderProblem,
  type QuickOrderResult,
} from '../../../contract/quick-order.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { addToCart, loadCart } from '../cart/cart.service.ts';
import { loadProductsByPartNumber } from '../catalog/product-lookup.service.ts';

export interface ResolvedPartLine {
  line: QuickOrderLine;
  product: ProductSummary;
}

/** The one part a line names, or why there is none. */
function partOfLine(line: QuickOrderLine, parts: readonly ProductSummary[]): ProductSummary | QuickOrderProblem {
  const problem = (reason: string): QuickOrderProblem => ({ lineNo: line.lineNo, text: line.text, reason });
  if (parts.length === 0) return problem(quickOrderMessages.notFound);
  const onSale = parts.filter(isProductOnSale);
  if (onSale.length === 0) return problem(quickOrderMessages.delisted);
  const [only] = onSale;
  if (onSale.length === 1 && only) return only;
  return problem(ambiguousPartNumberText(onSale.map((part) => part.brandName)));
}

/**
 * Finds each line's part by its exact part number (products.codeNorm): a number several makers still
 * sell is not guessed, the buyer is asked to choose. The 常购清单's 添加商品 reads lines the same way.
 */
export async function resolvePartLines(
  db: Kysely<Database>,
  lines: readonly QuickOrderLine[],
): Promise<{ resolved: ResolvedPartLine[]; problems: QuickOrderProblem[] }> {
  const byNumber = await loadProductsByPartNumber(
    db,
    lines.map((line) => line.partNumberNorm),
  );
  const resolved: ResolvedPartLine[] = [];
  const problems: QuickOrderProblem[] = [];
  for (const line of lines) {
    const part = partOfLine(line, byNumber.get(line.partNumberNorm) ?? []);
    if ('reason' in part) problems.push(part);
    else resolved.push({ line, product: part });
  }
  return { resolved, problems };
}

/**
 * 快速下单: each found line into the cart through the cart's own add, its quantity raised to the part's
 * minimum and whole packs; a line the cart refuses is listed with the cart's reason and the rest still go in.
 */
export async function quickOrder(db: Kysely<Database>, userId: number, parsed: ParsedQuickOrder): Promise<QuickOrderResult> {
  const { resolved, problems } = await resolvePartLines(db, parsed.lines);
  const added: QuickOrderAdded[] = [];
  for (const { line, product } of resolved) {
    const quantity = orderableQuantityOf(line.quantity, product);
    try {
      await addToCart(db, userId, product.productId, quantity);
      added.push({
        lineNo: line.lineNo,
        productId: product.productId,
        code: product.code,
        brandName: product.brandName,
        quantity,
        requestedQuantity: line.quantity,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problems.push({ lineNo: line.lineNo, text: line.text, reason: error.msg });
    }
  }
  const allProblems = [...parsed.problems, ...problems].sort((a, b) => a.lineNo - b.lineNo);
  return { added, problems: allProblems, cart: await loadCart(db, userId) };
}
