import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/setup/unit-files.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    environment: 'node',
    // Two at a time on a 2-core machine: most of these tests wait on local servers (Blobs, the
    // mail recorder, a netlify build), so the stage takes about half as long as with one.
    maxWorkers: 2,
  },
});
