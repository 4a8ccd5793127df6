import type { Generated, Selectable } from 'kysely';
import type { QuotationStatus } from '../../../contract/quotation.ts';

export interface QuotationsTable {
  id: Generated<number>;
  quotationNo: string;
  userId: number;
  bomId: number | null;
  status: QuotationStatus;
  note: Generated<string>;
  staffNote: Generated<string>;
  lineCount: number;
  /** The offer's goods amount (sum of its lines), set when quoted. */
  totalCents: number | null;
  quotedAt: number | null;
  /** The offer's last valid moment (epoch ms). */
  validUntil: number | null;
  acceptedAt: number | null;
  orderedAt: number | null;
  orderNo: string | null;
  /** Why staff rejected the request or closed the offer (已关闭); '' otherwise. */
  closeReason: Generated<string>;
  closedAt: Generated<number | null>;
  /** How many times staff priced it (quote, then each requote); a page acting on an older offer is refused. */
  offerRevision: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export interface QuotationLinesTable {
  id: Generated<number>;
  quotationId: number;
  lineNo: number;
  partNumber: string;
  brand: Generated<string>;
  package: Generated<string>;
  quantity: number;
  remark: Generated<string>;
  productId: number | null;
  offerProductId: number | null;
  offerProductCode: string | null;
  offerProductName: string | null;
  offerBrandName: string | null;
  offerPackage: string | null;
  offerUnitPriceE4: number | null;
  offerQuantity: number | null;
  offerAmountCents: number | null;
  /** The delivery time quoted with the line (现货, 2-3周…). */
  offerLeadTime: Generated<string | null>;
}

export type QuotationRow = Selectable<QuotationsTable>;
export type QuotationLineRow = Selectable<QuotationLinesTable>;

export interface QuotationTables {
  quotations: QuotationsTable;
  quotationLines: QuotationLinesTable;
}
