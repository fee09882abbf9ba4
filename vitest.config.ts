import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/setup/unit-files.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    environment: 'node',
  },
});
