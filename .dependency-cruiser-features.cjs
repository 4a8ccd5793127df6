/**
 * Feature-level acyclicity (decision 0020), checked by `depcruise src --config .dependency-cruiser-features.cjs`
 * (part of `npm run lint`): no feature folder of src/server/features imports another that imports it back,
 * directly or around a longer circle, at folder level. .dependency-cruiser.cjs's no-circular sees files only: two
 * features may call each other through different files and never make a file cycle.
 *
 * A cruise of its own, because a folder rule sees every folder of the cruise: here only the features' source
 * (no tests or their fixtures, which may cross both ways; no db/, whose database.ts gathers every feature's table
 * types), so a folder circle is a circle between features.
 */
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycle',
      comment:
        'A feature folder never imports one that imports it back: move the shared piece to the feature that owns it, or turn the dependency around (the lower feature offers a service, the higher one calls it).',
      severity: 'error',
      scope: 'folder',
      // A feature and its own subfolders (account/sms) may lean on each other; the first step of a reported circle leaves the feature.
      from: { path: '^src/server/features/([^/]+)' },
      to: { pathNot: '^src/server/features/$1(/|$)', circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: '^src/server/features/[^/]+/',
    exclude: { path: ['\\.(test|spec)\\.tsx?$', '\\.test-helpers\\.tsx?$', '^src/server/features/[^/]+/testing/'] },
  },
};
