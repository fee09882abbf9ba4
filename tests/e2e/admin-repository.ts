// Drives the real admin (Sveltia CMS at /admin) offline: its local-repository mode, given a
// folder of the browser's origin-private file system that holds a copy of the repository's data
// instead of a folder picked on disk; what the admin saved is read back from that folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';

const root = join(import.meta.dirname, '..', '..');
/** The folder of the origin-private file system that stands for the repository. */
const FOLDER = 'repository';

/** The files the admin reads: every data file (and schema) of the site in `from` (this one by default), and `.git`, which marks a repository root. */
export function repositoryFiles(from = root): Record<string, string> {
  const files: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n' };
  for (const name of readdirSync(join(from, 'data'), { recursive: true, encoding: 'utf8' })) {
    if (name.endsWith('.json')) files[`data/${name}`] = readFileSync(join(from, 'data', name), 'utf8');
  }
  return files;
}

/**
 * Before any page of the context runs: the folder picker answers with the origin-private folder,
 * and nothing but this site is reached (the admin's checks for updates and GitHub's status stay
 * offline: answered empty).
 */
export async function offlineRepository(context: BrowserContext, origin: string): Promise<void> {
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 204, body: '' }),
  );
  await context.addInitScript((folder) => {
    Object.defineProperty(window, 'showDirectoryPicker', {
      configurable: true,
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true }),
    });
  }, FOLDER);
}

/** Writes `files` (path → text) into the repository folder, replacing what was there. */
export async function seedRepository(page: Page, files: Record<string, string>): Promise<void> {
  await page.evaluate(
    async ({ folder, files }) => {
      const storage = await navigator.storage.getDirectory();
      await storage.removeEntry(folder, { recursive: true }).catch(() => undefined);
      const base = await storage.getDirectoryHandle(folder, { create: true });
      for (const [path, text] of Object.entries(files)) {
        const parts = path.split('/');
        let dir = base;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
    },
    { folder: FOLDER, files },
  );
}

export interface RepositoryFile {
  size: number;
  /** The text of a .json file, base64 of any other. */
  text?: string;
  base64?: string;
}

/** Every file of the repository folder, except the admin's temporary files of a save in flight. */
export async function readRepository(page: Page): Promise<Record<string, RepositoryFile>> {
  return page.evaluate(async (folder) => {
    const out: Record<string, { size: number; text?: string; base64?: string }> = {};
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
      for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
        if (name.startsWith('.sveltia-tmp')) continue;
        const path = `${prefix}${name}`;
        try {
          if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, `${path}/`);
          else {
            // A file the admin is still writing cannot be read from an earlier snapshot
            // (NotReadableError): take a new one once the write is through.
            const read = async (attempt = 1): Promise<{ file: File; bytes: Uint8Array }> => {
              const file = await (handle as FileSystemFileHandle).getFile();
              try {
                return { file, bytes: new Uint8Array(await file.arrayBuffer()) };
              } catch (error) {
                if ((error as Error).name !== 'NotReadableError' || attempt >= 10) throw error;
                await new Promise((resolve) => setTimeout(resolve, 100));
                return read(attempt + 1);
              }
            };
            const { file, bytes } = await read();
            if (name.endsWith('.json')) out[path] = { size: file.size, text: new TextDecoder().decode(bytes) };
            else {
              let binary = '';
              for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
              out[path] = { size: file.size, base64: btoa(binary) };
            }
          }
        } catch (error) {
          // A save in flight moves its temporary file into place.
          if ((error as Error).name !== 'NotFoundError') throw error;
        }
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(folder), '');
    return out;
  }, FOLDER);
}

/** The files that differ from `before` (added or changed), by path. */
export function changedFiles(before: Record<string, string>, after: Record<string, RepositoryFile>): Record<string, RepositoryFile> {
  return Object.fromEntries(Object.entries(after).filter(([path, file]) => path !== '.git/HEAD' && (file.text === undefined || file.text !== before[path])));
}

/** The editor draws its fields as they scroll into view: scroll until `target` is there. */
export async function reveal(page: Page, target: Locator): Promise<Locator> {
  for (let tries = 0; tries < 40 && (await target.count()) === 0; tries++) {
    // Down one screen in every scrolling pane (the editor's fields scroll in a pane of their own).
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('*'))
        if (element.scrollHeight > element.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(element).overflowY))
          element.scrollTop += element.clientHeight;
    });
    await target.waitFor({ state: 'attached', timeout: 250 }).catch(() => undefined);
  }
  return target;
}

export const repositoryRoot = root;
export const relativeToRoot = (path: string) => relative(root, path);
