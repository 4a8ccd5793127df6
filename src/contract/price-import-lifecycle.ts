import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { priceImportErrors, priceImportStatusLabels, type PriceImportJobStatus } from './price-import.ts';

/**
 * The price-list import job's lifecycle (docs/decisions/0013 and 0018): 排队中 → 导入中 → 完成, a batch
 * that fails leaves it 已中断 (继续 puts it back in the queue); 回滚 undoes what it applied, from 已中断,
 * 回滚未完成 or 完成 within the 30 days its "before" values are kept. The workers work one job at a time
 * across every process: a job starts, and a rollback is claimed, only while no other job holds that
 * one place, decided under one lock (price-import-claim.repository.ts).
 */

/** What the guards read: the server reads it from the job table, the console page from the job's row. */
export interface PriceImportJobFacts {
  state: PriceImportJobStatus;
  /** Its "before" values are kept: always for an interrupted job, for a finished one until undoUntil. */
  hasUndo: boolean;
  /**
   * Another job is running or rolling back / waits in the queue. The server reads them at the claim,
   * under the queue's lock; a page leaves them unset (unknown there: they change every second), so it
   * shows 回滚 from the job's own state and the server words the refusal at the click.
   */
  isOtherJobRunning?: boolean;
  isOtherJobQueued?: boolean;
}

export const priceImportLifecycleErrors = defineErrors('priceImport', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '导入任务状态已被他人更改，请刷新后重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
  notStartable: { code: ResultCode.conflict, msg: '导入任务不在排队中' },
  notWorking: { code: ResultCode.conflict, msg: '导入任务不在进行中' },
  notRequeueable: { code: ResultCode.conflict, msg: '导入任务已结束' },
  undoNotExpirable: { code: ResultCode.conflict, msg: '只有已完成的任务有回滚保留期' },
});

const isNoOtherJobRunning: Guard<PriceImportJobFacts> = {
  name: 'isNoOtherJobRunning',
  description: '没有其他导入中或回滚中的任务（所有进程合计一次一个）',
  holds: (facts) => facts.isOtherJobRunning !== true,
  refusal: '另一个导入或回滚任务正在进行，本任务继续排队',
};

const isQueueIdle: Guard<PriceImportJobFacts> = {
  name: 'isQueueIdle',
  description: '没有其他排队中、导入中或回滚中的任务',
  holds: (facts) => facts.isOtherJobRunning !== true && facts.isOtherJobQueued !== true,
  refusal: priceImportErrors.anotherJobRunning.msg,
};

const hasUndo: Guard<PriceImportJobFacts> = {
  name: 'hasUndo',
  description: '已完成的任务在保留期内（完成后 30 天）',
  holds: (facts) => facts.hasUndo,
  refusal: priceImportErrors.undoExpired.msg,
};

const isPastRetention: Guard<PriceImportJobFacts> = {
  name: 'isPastRetention',
  description: '已过保留期（完成后 30 天）',
  holds: (facts) => !facts.hasUndo,
  refusal: '导入任务仍在回滚保留期内',
};

const clockOnly = [{ kind: ActorKind.clock }] as const;

export const priceImportJobLifecycle = defineLifecycle({
  name: 'priceImportJob',
  title: '价格导入任务',
  initial: 'queued',
  states: {
    queued: { label: priceImportStatusLabels.queued, refusalName: '导入任务正在排队' },
    running: { label: priceImportStatusLabels.running, refusalName: '导入任务正在进行' },
    done: { label: priceImportStatusLabels.done, refusalName: '导入任务已完成' },
    failed: { label: priceImportStatusLabels.failed, refusalName: '导入任务已中断' },
    rolling_back: { label: priceImportStatusLabels.rolling_back, refusalName: '导入任务正在回滚' },
    rolled_back: { label: priceImportStatusLabels.rolled_back, refusalName: '导入任务已回滚', isFinal: true },
    rollback_failed: { label: priceImportStatusLabels.rollback_failed, refusalName: '导入任务回滚未完成' },
  },
  events: {
    start: {
      label: '开始导入',
      from: ['queued'],
      to: 'running',
      actors: clockOnly,
      guards: [isNoOtherJobRunning],
      effects: ['按游标分批应用，每批连同商品的导入前、导入后快照和进度一起提交'],
      refusal: priceImportLifecycleErrors.notStartable,
    },
    requeue: {
      label: '重新入队',
      from: ['queued', 'running', 'rolling_back'],
      to: 'same',
      actors: clockOnly,
      effects: ['扫描任务表，把未结束的任务再放入队列：停止的进程留下的任务由其他进程从已提交的游标继续'],
      refusal: priceImportLifecycleErrors.notRequeueable,
    },
    finish: {
      label: '导入完成',
      from: ['running'],
      to: 'done',
      actors: clockOnly,
      effects: ['导入前的数据保留 30 天，其间可回滚'],
      refusal: priceImportLifecycleErrors.notWorking,
    },
    fail: {
      label: '导入中断',
      from: ['running'],
      to: 'failed',
      actors: clockOnly,
      effects: ['已提交的批次保留'],
      refusal: priceImportLifecycleErrors.notWorking,
    },
    resume: {
      label: '继续',
      from: ['failed'],
      to: 'queued',
      actors: [{ kind: ActorKind.staff, action: 'update', subject: 'PriceImport' }],
      effects: ['从中断处的游标继续'],
      refusal: priceImportErrors.jobNotResumable,
    },
    rollback: {
      label: '回滚',
      from: ['failed', 'rollback_failed', 'done'],
      to: 'rolling_back',
      actors: [{ kind: ActorKind.staff, action: 'create', subject: 'PriceImport' }],
      guards: [isQueueIdle, hasUndo],
      effects: ['按导入前快照恢复，新建的商品删除；导入后被修改或被引用的商品不覆盖，列入回滚报告'],
      refusal: priceImportErrors.jobNotRollbackable,
    },
    rollbackFinished: {
      label: '回滚完成',
      from: ['rolling_back'],
      to: 'rolled_back',
      actors: clockOnly,
      effects: ['导入前的数据删除，不能再次回滚'],
      refusal: priceImportLifecycleErrors.notWorking,
    },
    rollbackFailed: {
      label: '回滚中断',
      from: ['rolling_back'],
      to: 'rollback_failed',
      actors: clockOnly,
      effects: ['已回滚的部分保留，可再次回滚其余部分'],
      refusal: priceImportLifecycleErrors.notWorking,
    },
    expireUndo: {
      label: '清除回滚数据',
      from: ['done'],
      to: 'same',
      actors: clockOnly,
      guards: [isPastRetention],
      effects: ['每小时清除过期任务的导入前数据，此后不能回滚'],
      refusal: priceImportLifecycleErrors.undoNotExpirable,
    },
  },
  changedMeanwhile: priceImportLifecycleErrors.changedMeanwhile,
  forbidden: priceImportLifecycleErrors.forbidden,
});

export type PriceImportJobEvent = (typeof priceImportJobLifecycle.eventNames)[number];

/** Whether a job keeps its "before" values now: an interrupted one always, a finished one until undoUntil. */
export function hasUndoOf(state: PriceImportJobStatus, undoUntil: number | null, now: number): boolean {
  if (state === 'done') return undoUntil !== null && undoUntil > now;
  return state === 'failed' || state === 'rollback_failed';
}
