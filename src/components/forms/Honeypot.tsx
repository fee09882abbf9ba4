import type { RefObject } from 'react';
import { HONEYPOT_FIELD } from '../../lib/leads/inquiry.ts';

/** The field people never see or fill (docs/product.md §Leads): a value in it marks a bot. */
export default function Honeypot({ prefix, inputRef }: { prefix: string; inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${prefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input ref={inputRef} id={`${prefix}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
