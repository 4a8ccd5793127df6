import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { openOrderLimits } from './open-api-orders.ts';

/**
 * An Idempotency-Key of POST /open/v1/orders (one row per member, key kind and key; decision 0018):
 * the first request claims it (处理中) with its body's hash; the order placed under the claim
 * completes it with the answer (已完成), which every repeat with the same body gets byte for byte,
 * and a different body is refused. A placement refused before any order exists releases the key
 * (已释放: the row is deleted), so the integrator may retry with the same key and a corrected body.
 * After its retention the key expires (已过期: deleted) and may be used again.
 */

export const apiIdempotencyKeyStates = ['inProgress', 'completed', 'released', 'expired'] as const;
export type ApiIdempotencyKeyState = (typeof apiIdempotencyKeyStates)[number];

export interface ApiIdempotencyKeyFacts {
  state: ApiIdempotencyKeyState;
  /** An order exists under the key's claim (placed, perhaps by a racing request with the same body). */
  isOrderPlaced?: boolean;
}

export const apiIdempotencyKeyLifecycleErrors = defineErrors('apiIdempotencyKey', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '幂等键状态已被并发请求更改，请重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
  notInProgress: { code: ResultCode.conflict, msg: '幂等键不在处理中' },
  notExpirable: { code: ResultCode.conflict, msg: '幂等键仍在保留期内' },
});

const isNothingPlaced: Guard<ApiIdempotencyKeyFacts> = {
  name: 'isNothingPlaced',
  description: '该键下尚无订单（下单在创建订单前被拒绝或失败）',
  holds: (facts) => facts.isOrderPlaced !== true,
  refusal: '该幂等键下已有订单',
};

/** The integrator's program, calling with the member's API key. */
const program = [{ kind: ActorKind.buyer }] as const;

export const apiIdempotencyKeyLifecycle = defineLifecycle<ApiIdempotencyKeyState, 'complete' | 'release' | 'expire', ApiIdempotencyKeyFacts>({
  name: 'apiIdempotencyKey',
  title: '开放接口幂等键',
  initial: 'inProgress',
  states: {
    inProgress: { label: '处理中', refusalName: '幂等键处理中' },
    completed: { label: '已完成', refusalName: '幂等键已完成' },
    released: { label: '已释放', refusalName: '幂等键已释放', isFinal: true },
    expired: { label: '已过期', refusalName: '幂等键已过期', isFinal: true },
  },
  events: {
    complete: {
      label: '保存应答',
      from: ['inProgress'],
      to: 'completed',
      actors: program,
      effects: ['保存第一个应答；同一请求体的重复请求（含并发的）得到逐字节相同的应答，不同请求体返回 409 idempotencyKeyReused'],
      refusal: apiIdempotencyKeyLifecycleErrors.notInProgress,
    },
    release: {
      label: '释放',
      from: ['inProgress'],
      to: 'released',
      actors: program,
      guards: [isNothingPlaced],
      effects: ['下单被拒绝（库存、金额、地址等）或服务出错时删除该键：可用同一个键和修正后的请求体重试'],
      refusal: apiIdempotencyKeyLifecycleErrors.notInProgress,
    },
    expire: {
      label: '过期',
      from: ['inProgress', 'completed'],
      to: 'expired',
      actors: [{ kind: ActorKind.clock }],
      effects: [`保留 ${String(openOrderLimits.idempotencyHours)} 小时后删除（每小时清理，且同一个键的下一个请求先删除其过期记录）`],
      refusal: apiIdempotencyKeyLifecycleErrors.notExpirable,
    },
  },
  changedMeanwhile: apiIdempotencyKeyLifecycleErrors.changedMeanwhile,
  forbidden: apiIdempotencyKeyLifecycleErrors.forbidden,
});
