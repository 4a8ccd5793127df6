/** Set by vite.config.ts: true in the server build, false in the browser's; undefined under tsx (npm run dev), which renders on the server. */
declare const __SERVER_RENDER__: boolean | undefined;
