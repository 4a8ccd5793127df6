import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ViteDevServer } from 'vite';
import { entrySourcePath } from './entry-files.ts';

/** Script and stylesheet tags for one page entry (its source file: entry-files.ts). */
export interface PageAssets {
  tagsFor(entry: string, url: string): Promise<{ headTags: string; bodyTags: string }>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export const clientBuildDir = resolve(process.cwd(), process.env.BUILD_DIR ?? 'dist', 'client');

/** Production: the Vite manifest names each entry's hashed files, their CSS and shared chunks. */
export function manifestAssets(buildDir = clientBuildDir): PageAssets {
  const manifest = JSON.parse(readFileSync(resolve(buildDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const cache = new Map<string, { headTags: string; bodyTags: string }>();
  function collect(key: string, css: Set<string>, preloads: Set<string>, seen: Set<string>) {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No built asset for ${key}: run npm run build`);
    // Shared chunks' CSS first, so a page's own rules win ties with the shell's.
    for (const imported of chunk.imports ?? []) {
      const importedChunk = manifest[imported];
      if (importedChunk) preloads.add(importedChunk.file);
      collect(imported, css, preloads, seen);
    }
    for (const file of chunk.css ?? []) css.add(file);
  }
  return {
    async tagsFor(entry) {
      const cached = cache.get(entry);
      if (cached) return cached;
      const key = entrySourcePath(entry);
      const css = new Set<string>();
      const preloads = new Set<string>();
      collect(key, css, preloads, new Set());
      const file = manifest[key]?.file ?? '';
      const headTags =
        [...css].map((href) => `<link rel="stylesheet" href="/${href}">`).join('') +
        [...preloads].map((href) => `<link rel="modulepreload" href="/${href}">`).join('');
      const tags = { headTags, bodyTags: `<script type="module" src="/${file}"></script>` };
      cache.set(entry, tags);
      return tags;
    },
  };
}

/** Development: Vite serves the sources with hot reload; its client and React refresh go in the head. */
export function viteDevAssets(vite: ViteDevServer): PageAssets {
  return {
    async tagsFor(entry, url) {
      const transformed = await vite.transformIndexHtml(url, '<html><head></head><body></body></html>');
      const headTags = /<head>([\s\S]*)<\/head>/.exec(transformed)?.[1] ?? '';
      return { headTags, bodyTags: `<script type="module" src="/${entrySourcePath(entry)}"></script>` };
    },
  };
}

/** Tests that inject requests read the server HTML only. */
export const noAssets: PageAssets = {
  async tagsFor() {
    return { headTags: '', bodyTags: '' };
  },
};
