import { z } from 'zod';
import { memberUploadPurposes, uploadMessages } from './upload.ts';

/** The request schemas of uploadCalls, one per call. */
export const uploadRequests = {
  /** {purpose}: what the upload is for, which fixes its key prefix, types and size. */
  getQiniuToken: z.object({ purpose: z.enum(memberUploadPurposes, { error: uploadMessages.purposeInvalid }) }),
};
