import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import Picture from '../components/Picture.tsx';
import { fullSizeUrl } from '../lib/images.ts';

export interface GalleryImage {
  src: string;
  alt: string;
  /** The file's pixel size, read at build time (absent for remote images). */
  width?: number;
  height?: number;
  /** The picture as a data: address, for the first one when it is small SVG art (the page's largest paint). */
  inline?: string;
}

interface Props {
  /** What the photos show, e.g. the unit's name: names the gallery and its full-size view. */
  label: string;
  images: readonly GalleryImage[];
  /** The main image is the page's LCP image. */
  priority?: boolean;
  /** Shown over the main image's top left corner (a badge). */
  children?: ReactNode;
}

const SWIPE_PX = 40;
const ARROW =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-3xl leading-none text-slate-900 shadow focus-visible:outline-3 focus-visible:outline-brand-800';
const THUMB =
  'block overflow-hidden rounded-lg border-2 border-transparent aria-[current=true]:border-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800';
/** "Photo 3 of 8", with the editor's own alt text first when it says more than the name. */
function thumbnailAlt(alt: string, label: string, index: number, count: number): string {
  const position = `photo ${index + 1} of ${count}`;
  return alt && alt !== label ? `${alt} (${position})` : `P${position.slice(1)}`;
}

const KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * The photos of a unit or model (docs/product.md §Photos): the main image, then thumbnails.
 * Without JavaScript the main image and every thumbnail link to the full-size file. The
 * previous/next buttons are in the page from the start (hidden without JavaScript). Hydrated,
 * a thumbnail shows its photo as the main image; arrows, Home and End move through the photos;
 * a swipe on the main image turns to the next or previous one; the main image opens a
 * full-size view that closes with Escape (or its Close button) and returns focus.
 */
export default function Gallery({ label, images, priority = false, children }: Props) {
  const [index, setIndex] = useState(0);
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  const mainRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const thumbsRef = useRef<HTMLUListElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const focusThumb = useRef(false);
  const count = images.length;
  const current = images[index] ?? images[0];

  useEffect(() => setLive(true), []);

  useEffect(() => {
    if (!focusThumb.current) return;
    focusThumb.current = false;
    thumbsRef.current?.querySelectorAll<HTMLAnchorElement>('a')[index]?.focus();
  }, [index]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  if (!current) return null;

  const show = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!KEYS.has(event.key) || count < 2) return;
    event.preventDefault();
    focusThumb.current = thumbsRef.current?.contains(event.target as Node) ?? false;
    if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(count - 1);
    else show(index + (event.key === 'ArrowRight' ? 1 : -1));
  };

  const onPointerDown = (event: PointerEvent) => {
    swipe.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    swiped.current = true;
    show(index + (dx < 0 ? 1 : -1));
  };

  const openFull = (event: MouseEvent) => {
    event.preventDefault();
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    setOpen(true);
  };

  const onClose = () => {
    setOpen(false);
    mainRef.current?.focus();
  };

  const position = `${index + 1} of ${count}`;
  const size = current.width && current.height ? { width: current.width, height: current.height } : undefined;

  return (
    <div onKeyDown={onKeyDown} data-gallery>
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        <a
          ref={mainRef}
          href={fullSizeUrl(current.src, current.width)}
          onClick={openFull}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
          className="block touch-pan-y"
          data-gallery-main
        >
          <Picture
            key={current.src}
            src={(index === 0 && current.inline) || current.src}
            slot="main"
            alt={current.alt}
            priority={priority && index === 0}
            eager={index > 0}
            className="aspect-[4/3] h-auto w-full object-contain"
          />
          <span className="sr-only">View full size{count > 1 ? ` (photo ${position})` : ''}</span>
        </a>
        {children && <div className="absolute top-4 left-4">{children}</div>}
        {/* In the page from the start (a tap before hydration is held and replayed); hidden without JavaScript. */}
        {count > 1 && (
          <>
            <button type="button" className={`${ARROW} left-2 noscript:hidden`} onClick={() => show(index - 1)} aria-label="Previous photo">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className={`${ARROW} right-2 noscript:hidden`} onClick={() => show(index + 1)} aria-label="Next photo">
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <>
          <p className="mt-2 text-sm font-medium text-slate-700" aria-live="polite" data-gallery-position>
            {position}
          </p>
          <ul ref={thumbsRef} className="mt-2 flex gap-2 overflow-x-auto pb-1" aria-label={`${label}: all photos`}>
            {images.map((image, i) => (
              <li key={image.src + i} className="shrink-0">
                <a
                  href={fullSizeUrl(image.src, image.width)}
                  onClick={(event) => {
                    event.preventDefault();
                    show(i);
                  }}
                  aria-current={i === index ? 'true' : undefined}
                  tabIndex={live && i !== index ? -1 : 0}
                  className={THUMB}
                  data-gallery-thumb
                >
                  <Picture src={image.src} slot="thumbnail" alt={thumbnailAlt(image.alt, label, i, count)} className="h-15 w-20 object-cover sm:h-18 sm:w-24" />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {live && (
        <dialog
          ref={dialogRef}
          onClose={onClose}
          className="m-auto h-full max-h-none w-full max-w-none bg-slate-950/95 p-0 backdrop:bg-slate-950/80"
          aria-label={`${label}: full size`}
        >
          {open && (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-3">
              <div className="flex w-full items-center justify-between gap-3 text-white">
                <p aria-live="polite">{count > 1 ? position : label}</p>
                <button type="button" className="btn btn-ghost-light" onClick={() => setOpen(false)} autoFocus>
                  Close
                </button>
              </div>
              <Picture
                key={current.src}
                src={current.src}
                slot="full"
                alt={current.alt}
                eager
                size={size}
                className="max-h-[80vh] w-auto max-w-full object-contain"
              />
              {count > 1 && (
                <div className="flex gap-3">
                  <button type="button" className="btn btn-ghost-light" onClick={() => show(index - 1)}>
                    Previous
                  </button>
                  <button type="button" className="btn btn-ghost-light" onClick={() => show(index + 1)}>
                    Next
                  </button>
                </div>
              )}
            </div>
          )}
        </dialog>
      )}
    </div>
  );
}
