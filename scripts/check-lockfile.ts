// Fails when package-lock.json lacks an optional dependency some platform needs (the Astro
// compiler's and Tailwind's native binaries, Deno, sharp …). `npm ci` on that platform would
// stop with "Missing: … from lock file"; this catches it on any machine, before it happens.
// Run: `node scripts/check-lockfile.ts [path/to/package-lock.json]`.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

export interface LockProblem {
  from: string;
  dependency: string;
  wanted: string;
  found: string | null;
}

/** The lock entry Node would load `name` from when it is required from package `from`. */
function resolveFrom(packages: Record<string, LockedPackage>, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (key in packages) return key;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut >= 0 ? base.slice(0, cut) : '';
  }
}

/** Every optional dependency that is absent from the lockfile, or locked at another exact version. */
export function lockProblems(lock: { packages?: Record<string, LockedPackage> }): LockProblem[] {
  const packages = lock.packages ?? {};
  const problems: LockProblem[] = [];
  for (const [from, entry] of Object.entries(packages)) {
    for (const [dependency, wanted] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = resolveFrom(packages, from, dependency);
      const found = key ? (packages[key]?.version ?? null) : null;
      const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(wanted);
      if (!key || (exact && found !== wanted)) problems.push({ from: from || '(root)', dependency, wanted, found });
    }
  }
  return problems;
}

if (import.meta.main) {
  const file = resolve(process.argv[2] ?? 'package-lock.json');
  const problems = lockProblems(JSON.parse(readFileSync(file, 'utf8')));
  if (problems.length === 0) {
    console.log(`lockfile: every optional platform dependency is locked (${file})`);
  } else {
    for (const p of problems) {
      console.error(`lockfile: ${p.from} needs ${p.dependency}@${p.wanted}, locked: ${p.found ?? 'absent'}`);
    }
    console.error(
      `lockfile: ${problems.length} optional dependencies missing; \`npm ci\` fails on the platforms that need them.\n` +
        'Pin the package to a version whose platform binaries are all published, then `npm install`.',
    );
    process.exit(1);
  }
}
