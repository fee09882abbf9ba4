import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lockProblems } from '../../scripts/check-lockfile.ts';

describe('lockfile check', () => {
  it('passes the committed lockfile: every platform binary npm ci may need is locked', () => {
    expect(lockProblems(JSON.parse(readFileSync('package-lock.json', 'utf8')))).toEqual([]);
  });

  it('names an optional platform binary that is absent', () => {
    const lock = {
      packages: {
        'node_modules/tool': { version: '1.0.0', optionalDependencies: { 'tool-linux-x64': '1.0.0', 'tool-darwin-arm64': '1.0.0' } },
        'node_modules/tool-linux-x64': { version: '1.0.0' },
      },
    };
    expect(lockProblems(lock)).toEqual([{ from: 'node_modules/tool', dependency: 'tool-darwin-arm64', wanted: '1.0.0', found: null }]);
  });

  it('names a binary locked at another version than its parent pins', () => {
    const lock = {
      packages: {
        'node_modules/tool': { version: '2.0.0', optionalDependencies: { 'tool-win32-x64': '2.0.0' } },
        'node_modules/tool-win32-x64': { version: '1.9.0' },
      },
    };
    expect(lockProblems(lock)).toEqual([{ from: 'node_modules/tool', dependency: 'tool-win32-x64', wanted: '2.0.0', found: '1.9.0' }]);
  });

  it('finds a binary nested under the package that needs it, as Node resolves it', () => {
    const lock = {
      packages: {
        'node_modules/a/node_modules/tool': { version: '1.0.0', optionalDependencies: { 'tool-bin': '1.0.0' } },
        'node_modules/a/node_modules/tool-bin': { version: '1.0.0' },
      },
    };
    expect(lockProblems(lock)).toEqual([]);
  });
});
