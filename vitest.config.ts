import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/unit-files.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/restore-per-file.ts'],
    environment: 'node',
    // Three at a time on a 2-core machine: most of these tests wait on local servers (Blobs, the
    // mail recorder, a netlify build). 103 s with one, 58 s with two, 46-51 s with three, 56 s with four.
    maxWorkers: 3,
    // Guards against a hang, not speed checks: on a busy 2-core machine (load average 30) tests of
    // the real handlers took several times their quiet time, past vitest's 5 s and 10 s defaults.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          // Pure modules and checks of built files: one worker runs many files, each module
          // evaluated once per worker rather than once per file (a third of their CPU time).
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/validators/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The functions' handlers against local servers: many files a worker too, each file
          // starting and stopping its own servers (a few milliseconds) and resetting what it set.
          name: 'functions',
          include: ['tests/functions/**/*.test.ts', 'tests/import/**/*.test.ts', 'tests/support/**/*.test.ts'],
          exclude: ['tests/functions/store-routing.test.ts', 'tests/import/import-health.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace a data module (vi.mock) for all their tests: a worker of their own.
          name: 'functions, own modules',
          include: ['tests/functions/store-routing.test.ts', 'tests/import/import-health.test.ts'],
        },
      },
    ],
  },
});
