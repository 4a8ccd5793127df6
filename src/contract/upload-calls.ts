import { memberCall } from './call.ts';
import type { UploadToken } from './upload.ts';
import type { uploadRequests } from './upload-requests.ts';

type Requests = typeof uploadRequests;

/** The upload token (spec §7 /common/api/getQiniuToken): members only. The upload itself is multipart, at localUploadPath. */
export const uploadCalls = {
  getQiniuToken: memberCall<Requests['getQiniuToken'], UploadToken>('/common/api/getQiniuToken'),
};
