import type { UploadPurpose } from '../../../contract/upload.ts';

export interface UploadsTable {
  key: string;
  userId: number;
  purpose: UploadPurpose;
  provider: 'local' | 'qiniu';
  /** Unknown (null) for a Qiniu upload: the file never passed through the store. */
  bytes: number | null;
  mime: string;
  createdAt: number;
  claimedAt: number | null;
}

export interface UploadTables {
  uploads: UploadsTable;
}
