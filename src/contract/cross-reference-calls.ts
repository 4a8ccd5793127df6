import type { CrossReferenceResult } from './cross-reference.ts';
import type { crossReferenceRequests } from './cross-reference-requests.ts';
import { publicCall } from './call.ts';

type Requests = typeof crossReferenceRequests;

/** 型号替代查询 as JSON: the same answer as the page. */
export const crossReferenceCalls = {
  queryCrossReference: publicCall<Requests['queryCrossReference'], CrossReferenceResult>('/product/api/queryCrossReference'),
};
