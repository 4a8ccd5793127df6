import type { Generated, Selectable } from 'kysely';
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
export type ComplaintReplyRow = Selectable<ComplaintRepliesTable>;

export interface ComplaintTables {
  complaints: ComplaintsTable;
  complaintPhotos: ComplaintPhotosTable;
  complaintReplies: ComplaintRepliesTable;
}
