import { afterAll, beforeAll, vi } from 'vitest';

// Where one worker runs many test files (vitest.config.ts: isolate off), each file starts from the
// environment the one before it found: its variables, real timers and no stubs.
let environment: NodeJS.ProcessEnv = {};

beforeAll(() => {
  environment = { ...process.env };
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
