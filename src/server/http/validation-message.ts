import type { z } from 'zod';
import { requestErrors } from '../../contract/errors.ts';

/**
 * Contract schemas carry Chinese messages for the rules a user can break; anything else
 * (a wrong type from a hand-made request) gets a generic Chinese message, never zod's English.
 */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return requestErrors.invalid.msg;
  if (/[\u4e00-\u9fff]/.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  return field ? `请求参数 ${field} 有误` : requestErrors.invalid.msg;
}
