import { closeSync, fstatSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';

interface MmapIo {
  map(size: number, protection: number, flags: number, fd: number, offset?: number): Buffer;
  PROT_READ: number;
  PROT_WRITE: number;
  MAP_PRIVATE: number;
}

let addon: MmapIo | null | undefined;

/** The optional native addon (@riaskov/mmap-io, an optionalDependency); null where it did not install or build. */
function mmapAddon(): MmapIo | null {
  if (addon === undefined) {
    try {
      addon = createRequire(import.meta.url)('@riaskov/mmap-io') as MmapIo;
    } catch {
      addon = null;
    }
  }
  return addon;
}

export function canMapFiles(): boolean {
  return mmapAddon() !== null;
}

/**
 * The whole file mapped copy-on-write (decision 0035): its pages are the OS page cache's, shared by every process that
 * maps the same file, until a process writes one (then that page is its own). Writers of the file must replace it by
 * rename, never rewrite it in place (snapshot-file.ts does). Null without the addon.
 */
export function mapFileCopyOnWrite(path: string): Buffer | null {
  const mmap = mmapAddon();
  if (!mmap) return null;
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size === 0) return Buffer.alloc(0);
    return mmap.map(size, mmap.PROT_READ | mmap.PROT_WRITE, mmap.MAP_PRIVATE, fd);
  } finally {
    closeSync(fd);
  }
}
