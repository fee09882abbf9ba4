import { checkPhoto, photoName, PHOTO_LIMITS, UPLOAD_PART_BYTES } from '../../lib/leads/photos.ts';

/**
 * The island's side of visitors' photos (docs/decisions/lead-photos.md): each chosen file is
 * checked at once by its first bytes, size and the request's count and total (the messages
 * name the file), and sent before the request itself, in parts that fit a function's request
 * limit, under the submission's idempotency key.
 */

export interface ChosenPhoto {
  file: File;
  name: string;
}

/** Adds chosen files to those already chosen: the ones that pass, and the first problem (naming its file). */
export async function addPhotos(current: readonly ChosenPhoto[], files: readonly File[], max: number): Promise<{ photos: ChosenPhoto[]; error?: string }> {
  const photos = [...current];
  const problems: string[] = [];
  for (const file of files) {
    const name = photoName(file.name, photos.length);
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const verdict = checkPhoto({ name, bytes: file.size, head }, { count: photos.length, bytes: photos.reduce((sum, photo) => sum + photo.file.size, 0) }, max);
    if (verdict.ok) photos.push({ file, name });
    else problems.push(verdict.error);
  }
  return { photos, ...(problems.length > 0 ? { error: problems.join(' ') } : {}) };
}

export type UploadResult = { ok: true; indexes: number[] } | { ok: false; error: string };

/** Sends each photo in parts; the server's message (naming the file) when it refuses one. */
export async function uploadPhotos(
  form: 'trade-in' | 'parts',
  key: string,
  photos: readonly ChosenPhoto[],
  onProgress: (done: number, total: number) => void,
): Promise<UploadResult> {
  const indexes: number[] = [];
  for (const [index, photo] of photos.slice(0, PHOTO_LIMITS.maxCount).entries()) {
    onProgress(index, photos.length);
    const parts = Math.max(1, Math.ceil(photo.file.size / UPLOAD_PART_BYTES));
    for (let part = 0; part < parts; part++) {
      const query = new URLSearchParams({
        form,
        index: String(index),
        part: String(part),
        parts: String(parts),
        size: String(photo.file.size),
        name: photo.name,
      });
      const response = await fetch(`/api/photo-uploads?${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', 'Idempotency-Key': key },
        body: photo.file.slice(part * UPLOAD_PART_BYTES, (part + 1) * UPLOAD_PART_BYTES),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
        return { ok: false, error: typeof body?.error === 'string' ? body.error : `${photo.name} could not be sent. Please try again.` };
      }
    }
    indexes.push(index);
  }
  onProgress(photos.length, photos.length);
  return { ok: true, indexes };
}
