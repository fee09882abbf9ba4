import { processEnv, setting, type Env } from './read.ts';

/** BUILD_DATE=YYYY-MM-DD: the day the build's clock says it is (tests, or a rebuild of an older state); src/lib/units/build-clock.ts checks it. */
export function buildDateSetting(env: Env = processEnv()): string | undefined {
  return setting(env, 'BUILD_DATE');
}
