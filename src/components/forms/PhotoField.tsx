import { PHOTO_ACCEPT, megabytes } from '../../lib/leads/photos.ts';
import { FieldError } from './LeadFields.tsx';
import { addPhotos, type ChosenPhoto } from './upload-photos.ts';

/**
 * A photo field (docs/product.md §Trading in): choose photos (again and again, up to the form's
 * number), each checked at once; the chosen ones listed with a Remove button; a problem names
 * its file. Without JavaScript the same input posts the files with the form.
 */

interface Props {
  id: string;
  name: string;
  label: string;
  hint?: string;
  max: number;
  photos: readonly ChosenPhoto[];
  error?: string;
  onChange: (photos: ChosenPhoto[], error?: string) => void;
}

export default function PhotoField({ id, name, label, hint, max, photos, error, onChange }: Props) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', photos.length > 0 ? `${id}-list` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple={max > 1}
        disabled={photos.length >= max}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={async (event) => {
          const input = event.currentTarget;
          const chosen = await addPhotos(photos, [...(input.files ?? [])], max);
          input.value = '';
          onChange(chosen.photos, chosen.error);
        }}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900"
      />
      <FieldError id={id} message={error} />
      {photos.length > 0 && (
        <ul id={`${id}-list`} aria-label="Chosen photos" className="mt-3 grid gap-2">
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${index}`} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
              <span className="min-w-0 truncate">
                {photo.name} <span className="text-slate-700">({megabytes(photo.file.size)})</span>
              </span>
              <button
                type="button"
                className="btn btn-outline min-h-11 shrink-0 px-3 py-1"
                onClick={() => onChange(photos.filter((_, other) => other !== index))}
                aria-label={`Remove ${photo.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
