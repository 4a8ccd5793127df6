import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { webhookDeliveryStateLabels, webhookMaxAttempts, type WebhookDeliveryState } from './webhook.ts';

/**
 * A webhook delivery (one event to one endpoint, docs/decisions/0018-lifecycles.md): created 等待重试
 * (due at once) when the dispatcher picks up an order or quotation event, or when the member sends a
 * test event or replays a delivery (重新发送 is a new delivery with the same event id and body: the
 * original is never rewritten). A dispatcher process claims it for one attempt (发送中, under a lease);
 * the receiver's 2xx makes it 成功, anything else puts it back with the next wait of the backoff table
 * (1 分钟 … 24 小时), and after the last attempt it is 已失败. A process that dies mid-send leaves its
 * lease to run out; another process claims the delivery again.
 */

/** What the guards read: the dispatcher builds it from the delivery's row, its endpoint and the receiver's answer. */
export interface WebhookDeliveryFacts {
  state: WebhookDeliveryState;
  /** Attempts made so far, this one included once claimed. */
  attempts: number;
  /** Its next attempt time has come (a new delivery is due at once). */
  isDue: boolean;
  /** Sending under a lease that ran out: the claiming process stopped mid-send. */
  isLeaseExpired: boolean;
  /** The endpoint is enabled; a paused endpoint's deliveries wait until it is enabled again. */
  isEndpointActive: boolean;
  /** The receiver answered 2xx within the timeout; unset before an answer. */
  isAnswered2xx?: boolean;
}

export const webhookDeliveryLifecycleErrors = defineErrors('webhookDelivery', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '投递状态已被其他进程更改' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
  notDue: { code: ResultCode.conflict, msg: '投递不在等待发送' },
  notSending: { code: ResultCode.conflict, msg: '投递不在发送中' },
});

const isEndpointActive: Guard<WebhookDeliveryFacts> = {
  name: 'isEndpointActive',
  description: '接收地址已启用',
  holds: (facts) => facts.isEndpointActive,
  refusal: '接收地址已暂停，投递等待启用后发送',
};

const isDue: Guard<WebhookDeliveryFacts> = {
  name: 'isDue',
  description: '已到下次发送时间',
  holds: (facts) => facts.isDue,
  refusal: '尚未到下次发送时间',
};

const isLeaseExpired: Guard<WebhookDeliveryFacts> = {
  name: 'isLeaseExpired',
  description: '发送中的进程租约已过期（进程中途停止）',
  holds: (facts) => facts.isLeaseExpired,
  refusal: '另一进程正在发送',
};

const isAnswered2xx: Guard<WebhookDeliveryFacts> = {
  name: 'isAnswered2xx',
  description: '接收方在超时前返回 2xx',
  holds: (facts) => facts.isAnswered2xx === true,
  refusal: '接收方未返回 2xx',
};

const isRetryLeft: Guard<WebhookDeliveryFacts> = {
  name: 'isRetryLeft',
  description: `接收方未返回 2xx（其他状态码、超时、连接失败），且发送未满 ${String(webhookMaxAttempts)} 次`,
  holds: (facts) => facts.isAnswered2xx === false && facts.attempts < webhookMaxAttempts,
  refusal: '投递已用完重试次数',
};

const isLastAttempt: Guard<WebhookDeliveryFacts> = {
  name: 'isLastAttempt',
  description: `接收方未返回 2xx，且已发送 ${String(webhookMaxAttempts)} 次`,
  holds: (facts) => facts.isAnswered2xx === false && facts.attempts >= webhookMaxAttempts,
  refusal: '投递仍有重试次数',
};

/** Every move is the dispatcher's (any process, on the app's clock); the member's actions create deliveries instead. */
const dispatcher = [{ kind: ActorKind.clock }] as const;

export const webhookDeliveryLifecycle = defineLifecycle({
  name: 'webhookDelivery',
  title: 'Webhook 投递',
  initial: 'pending',
  states: {
    pending: { label: webhookDeliveryStateLabels.pending, refusalName: '投递等待发送' },
    sending: { label: webhookDeliveryStateLabels.sending, refusalName: '投递正在发送' },
    succeeded: { label: webhookDeliveryStateLabels.succeeded, refusalName: '投递已成功', isFinal: true },
    failed: { label: webhookDeliveryStateLabels.failed, refusalName: '投递已失败', isFinal: true },
  },
  events: {
    claim: {
      label: '领取发送',
      from: ['pending'],
      to: 'sending',
      actors: dispatcher,
      guards: [isEndpointActive, isDue],
      effects: ['一次条件更新：两个进程中只有一个领取成功；发送次数加一；租约 60 秒', '以发送时接收地址的当前密钥签名'],
      refusal: webhookDeliveryLifecycleErrors.notDue,
    },
    reclaim: {
      label: '重新领取',
      from: ['sending'],
      to: 'same',
      actors: dispatcher,
      guards: [isEndpointActive, isLeaseExpired],
      effects: ['进程发送中停止：租约过期后由其他进程再次领取，发送次数加一'],
      refusal: webhookDeliveryLifecycleErrors.notSending,
    },
    succeed: {
      label: '发送成功',
      from: ['sending'],
      to: 'succeeded',
      actors: dispatcher,
      guards: [isAnswered2xx],
      effects: ['记录状态码；不再发送（会员可重新发送，作为新的投递）'],
      refusal: webhookDeliveryLifecycleErrors.notSending,
    },
    retry: {
      label: '等待重试',
      from: ['sending'],
      to: 'pending',
      actors: dispatcher,
      guards: [isRetryLeft],
      effects: ['按退避表等待：1 分钟、5 分钟、30 分钟、2 小时、6 小时、24 小时'],
      refusal: webhookDeliveryLifecycleErrors.notSending,
    },
    giveUp: {
      label: '放弃发送',
      from: ['sending'],
      to: 'failed',
      actors: dispatcher,
      guards: [isLastAttempt],
      effects: ['记录最后一次的状态码或错误；会员可重新发送'],
      refusal: webhookDeliveryLifecycleErrors.notSending,
    },
  },
  changedMeanwhile: webhookDeliveryLifecycleErrors.changedMeanwhile,
  forbidden: webhookDeliveryLifecycleErrors.forbidden,
});

export type WebhookDeliveryEvent = (typeof webhookDeliveryLifecycle.eventNames)[number];

/** The event that ends an attempt with this answer: 成功, another wait, or given up after the last. */
export function attemptOutcomeEvent(isAnswered2xx: boolean, attempts: number): Extract<WebhookDeliveryEvent, 'succeed' | 'retry' | 'giveUp'> {
  if (isAnswered2xx) return 'succeed';
  return attempts < webhookMaxAttempts ? 'retry' : 'giveUp';
}
