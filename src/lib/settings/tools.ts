import { z } from 'zod';
import { check, number, processEnv, whole, type Env } from './read.ts';

/**
 * The knobs of the tests, benchmarks and probes on your machine (docs/development.md): none is a
 * setting of the site. Each is parsed here, so that a typo stops the tool with the name of the
 * variable instead of running with NaN.
 */

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
const port = whole(0, 65_535);

const TOOLS = {
  /** Another served site to measure or probe instead of serving the build. */
  BASE_URL: z.url({ error: 'must be an address, e.g. http://localhost:8888' }),
  PORT: port,
  CHROMIUM_PATH: z.string(),
  HEADLESS_CHROMIUM_PATH: z.string(),
  RUNS: whole(1, 1000),
  NEW: whole(0, 100_000),
  UNITS: whole(0, 100_000),
  ONLY: list,
  DEBUG: z.string(),
  PHOTOS: whole(0, 100_000),
  CPU_SLOWDOWN: number(1, 100),
  VALIDATE_PATHS: list,
  /** Built folders `npm run trace:work` serves and traces side by side (e.g. a copy of dist/ from before a change, and dist). */
  DIRS: list,
  /** Where the copy of the site's build tells its tests about it (set by playwright.copy.config.ts). */
  COPY_SITE_INFO: z.string(),
} as const;

export type ToolName = keyof typeof TOOLS;

/** A tool's knob, or undefined when unset; a wrong value throws, naming the variable. */
export function tool<N extends ToolName>(name: N, env: Env = processEnv()): z.output<(typeof TOOLS)[N]> | undefined {
  const checked = check(env, name, TOOLS[name] as unknown as z.ZodType<z.output<(typeof TOOLS)[N]>>);
  if (!checked.ok) throw new Error(`${checked.issue.name} ${checked.issue.problem}`);
  return checked.value;
}
