import { buildDateSetting } from '../settings/build.ts';
import { processEnv, type Env } from '../settings/read.ts';
import { calendarDay } from '../units/build-clock.ts';

/** The build day: BUILD_DATE when set (and well formed), else today. A malformed value stops the build. */
export function readBuildDay(env: Env, now: Date): string {
  const fixed = buildDateSetting(env);
  if (!fixed) return calendarDay(now);
  const date = new Date(`${fixed}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fixed) || Number.isNaN(date.getTime()) || !date.toISOString().startsWith(fixed))
    throw new Error(`BUILD_DATE must be a date written YYYY-MM-DD, found "${fixed}"`);
  return fixed;
}

/** The one place the build reads its clock (BUILD_DATE=YYYY-MM-DD fixes it): YYYY-MM-DD. */
export const buildDay = readBuildDay(processEnv(), new Date());
