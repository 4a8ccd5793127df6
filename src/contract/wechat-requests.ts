import { z } from 'zod';
import { accountLimits } from './account.ts';
import { phoneSchema, smsCodeSchema } from './rules-requests.ts';

/** The WeChat calls' request schemas (zod), from wechat.ts. The browser imports this file for types only. */
const returnPathSchema = z.string({ error: '返回地址有误' }).max(500, '返回地址有误').optional();

export const wechatRequests = {
  /** {returnPath?}: where to go once logged in. */
  getWechatScanInfo: z.object({ returnPath: returnPathSchema }),
  queryWechatRelevanceInfo: z.object({}),
  /** {phone, smsCode (sendMsgType 6), inviter?}: the scanned WeChat identity gets a member. */
  wechatRegister: z.object({
    phone: phoneSchema,
    smsCode: smsCodeSchema,
    inviter: z.string({ error: '邀请人有误' }).trim().max(accountLimits.inviter, '邀请人有误').optional(),
  }),
  /** {action: 'bind' (a QR to scan) | 'unbind', returnPath?} */
  bindWechatInfo: z.object({ action: z.enum(['bind', 'unbind'], { error: '操作有误' }), returnPath: returnPathSchema }),
};
