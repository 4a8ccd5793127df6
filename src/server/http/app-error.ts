import { ResultCode } from '../../contract/envelope.ts';

/** A failure the user should read: its msg is shown as is, so it is always Chinese. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}

export const badRequest = (msg: string) => new AppError(ResultCode.badRequest, msg);
export const notFound = (msg = '您访问的内容不存在') => new AppError(ResultCode.notFound, msg);
export const conflict = (msg: string) => new AppError(ResultCode.conflict, msg);
export const tooManyRequests = (msg = '操作过于频繁，请稍后再试') => new AppError(ResultCode.tooManyRequests, msg);
export const unauthorized = () => new AppError(ResultCode.unauthorized, '请先登录');
