import { processEnv } from '../settings/read.ts';
import { buildDay as readBuildDay } from '../units/build-clock.ts';

/** The one place the build reads its clock (BUILD_DATE=YYYY-MM-DD fixes it): YYYY-MM-DD. */
export const buildDay = readBuildDay(processEnv(), new Date());
