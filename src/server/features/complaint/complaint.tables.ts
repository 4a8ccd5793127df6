import type { Generated, Selectable, Updateable } from 'kysely';
import type { ComplaintStatus, ComplaintType } from '../../../contract/complaint.ts';

export interface ComplaintsTable {
  id: Generated<number>;
  complaintNo: string;
  userId: number;
  orderId: number;
  orderLineId: number;
  type: ComplaintType;
  description: string;
  status: ComplaintStatus;
  createdAt: number;
  updatedAt: number;
  /** The return staff authorised (migration 0051): its RMA number, address, units and when. */
  rmaNo: string | null;
  returnAddress: string | null;
  returnQuantity: number | null;
  returnAuthorisedAt: number | null;
  /** The member's parcel back. */
  returnCarrierName: string | null;
  returnTrackingNo: string | null;
  returnShippedAt: number | null;
  goodsReceivedAt: number | null;
  /** The refund through the order (payment_refunds.refund_no) and its amount. */
  refundNo: string | null;
  refundCents: number | null;
  /** The replacement's parcel. */
  replaceCarrierName: string | null;
  replaceTrackingNo: string | null;
}

export interface ComplaintPhotosTable {
  id: Generated<number>;
  complaintId: number;
  uploadKey: string;
  provider: 'local' | 'qiniu';
  position: number;
}

export interface ComplaintRepliesTable {
  id: Generated<number>;
  complaintId: number;
  author: 'member' | 'staff';
  staffName: Generated<string>;
  text: string;
  at: number;
}

export type ComplaintRow = Selectable<ComplaintsTable>;
/** The columns an event sets besides the status. */
export type ComplaintChanges = Omit<Updateable<ComplaintsTable>, 'id' | 'complaintNo' | 'userId' | 'orderId' | 'orderLineId' | 'status' | 'updatedAt'>;
export type ComplaintReplyRow = Selectable<ComplaintRepliesTable>;

export interface ComplaintTables {
  complaints: ComplaintsTable;
  complaintPhotos: ComplaintPhotosTable;
  complaintReplies: ComplaintRepliesTable;
}
