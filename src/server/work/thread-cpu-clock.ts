import { readFileSync, readlinkSync } from 'node:fs';

/**
 * The CPU time of one worker thread, so that a budget counts what a file costs and not the time its thread waited
 * for a core on a busy machine. Node 20 has no per-thread clock (process.threadCpuUsage came in Node 23.9), so on
 * Linux it is read from /proc: utime + stime of the thread's stat, in ticks of USER_HZ, which the kernel's ABI
 * fixes at 100 a second. Where /proc is missing the clock is the wall clock, which can only count more.
 *
 * A task's clock is a small shared buffer: the worker writes its thread's id and the clock's reading as the task
 * starts, and the pool reads the same thread's clock while the task runs, without a message (the worker is busy).
 */

const millisecondsPerTick = 10;
/** The thread slot before the task starts, and when the thread has no /proc entry (wall clock). */
const notStarted = 0n;
const wallClock = -1n;

/** This thread's id in the kernel (/proc/thread-self links to <pid>/task/<tid>), or null without /proc. */
function kernelThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isSafeInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Milliseconds of CPU the thread `tid` of this process has used, or null when it cannot be read (it has ended). */
function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces: count the fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * millisecondsPerTick : null;
  } catch {
    return null;
  }
}

/** A new task's clock, to send with the task. */
export function createTaskClock(): SharedArrayBuffer {
  return new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);
}

const ownThreadId = kernelThreadId();

/** In the worker, as the task starts: marks the clock started; the function returns the milliseconds spent since. */
export function startTaskClock(clock: SharedArrayBuffer): () => number {
  const slots = new BigInt64Array(clock);
  const read = () => (ownThreadId === null ? Date.now() : (threadCpuMs(ownThreadId) ?? 0));
  const started = read();
  Atomics.store(slots, 1, BigInt(started));
  Atomics.store(slots, 0, ownThreadId === null ? wallClock : BigInt(ownThreadId));
  return () => read() - started;
}

/** In the pool: the milliseconds the task has spent so far (0 while it waits in the queue). */
export function taskClockSpentMs(clock: SharedArrayBuffer): number {
  const slots = new BigInt64Array(clock);
  const thread = Atomics.load(slots, 0);
  if (thread === notStarted) return 0;
  const started = Number(Atomics.load(slots, 1));
  const now = thread === wallClock ? Date.now() : threadCpuMs(Number(thread));
  return now === null ? 0 : Math.max(0, now - started);
}
