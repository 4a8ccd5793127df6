import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/** Resolves once the child has exited; after `timeoutMs` it is killed (SIGKILL) and awaited. */
export async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** The port of a `listen` value: `127.0.0.1:8080` or `8080`. */
export function portOf(listen: string): number {
  return Number(listen.slice(listen.lastIndexOf(':') + 1));
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits until something accepts connections on the port, failing early if the child that should open it has exited. */
export async function waitForPort(port: number, watch: { child: ChildProcess; describe: () => string; timeoutMs?: number }): Promise<void> {
  const deadline = Date.now() + (watch.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    if (watch.child.exitCode !== null) throw new Error(`exited with ${watch.child.exitCode} before listening on ${port}: ${watch.describe()}`);
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port}: ${watch.describe()}`);
}
