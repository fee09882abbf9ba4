import { z } from 'zod';
import { schemaRef } from './common.ts';

/**
 * data/replies.json: the first answer to a lead, one tap from the inbox (docs/product.md §Inbox):
 * the text message and the e-mail a salesperson starts from, with placeholders the inbox fills
 * from the lead. A lead about a unit takes the `aboutAUnit` set, any other lead the `general` one.
 */

/** What a template may name, each filled from the lead (src/lib/inbox/replies.ts). */
export const PLACEHOLDERS = ['firstName', 'lastName', 'dealer', 'store', 'storePhone'] as const;
/** What only a lead about a unit has. */
export const UNIT_PLACEHOLDERS = ['unit', 'stockNumber'] as const;

/** The {name}s a template uses, in order. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');

const template = (allowed: readonly string[], max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((text, context) => {
      const unknown = placeholdersOf(text).filter((name) => !allowed.includes(name));
      if (unknown.length > 0)
        context.addIssue({
          code: 'custom',
          message: `names ${unknown.map((name) => `{${name}}`).join(', ')}, which the inbox cannot fill: use ${allowed.map((name) => `{${name}}`).join(', ')}`,
        });
      if (/[{}]/.test(text.replace(/\{[^{}]*\}/g, ''))) context.addIssue({ code: 'custom', message: 'has a "{" or "}" that opens or closes no placeholder' });
    });

const set = (allowed: readonly string[]) =>
  z.strictObject({
    text: template(allowed, 600).describe(`The text message; placeholders: ${allowed.map((name) => `{${name}}`).join(' ')}`),
    emailSubject: template(allowed, 150).describe('The e-mail’s subject'),
    emailBody: template(allowed, 3000).describe('The e-mail; the salesperson adds to it before sending'),
  });

export const schema = z.strictObject({
  ...schemaRef,
  aboutAUnit: set([...PLACEHOLDERS, ...UNIT_PLACEHOLDERS]).describe('For a lead about a unit on the lot'),
  general: set(PLACEHOLDERS).describe('For every other lead (service, parts, rentals, a general question)'),
});

export type RepliesFile = z.infer<typeof schema>;
export type ReplyTemplates = RepliesFile['general'];
