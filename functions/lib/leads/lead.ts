import { z } from 'zod';
import { LEAD_INTERESTS, type LeadInterest } from '../../../src/lib/leads/contact-link.ts';
import { INTEREST_LABELS, inquirySchema, UTM_FIELDS } from '../../../src/lib/leads/inquiry.ts';
import { LEAD_FORMS } from '../../../src/lib/leads/form-names.ts';
import { partsRecordSchema, photoRecordSchema, questionRecordSchema, serviceRecordSchema, tradeRecordSchema, unitSnapshotSchema } from './records.ts';
import { storedReservationSchema } from './reservation-record.ts';

/** Where a lead came from: what every lead records (docs/product.md §Leads). */
const sourceSchema = z.object({
  /** "json" from the island or an API client; "form" from the plain HTML form (JavaScript off). */
  channel: z.enum(['json', 'form']),
  page: z.string().optional(),
  vehicle: z.string().optional(),
  referrer: z.string().optional(),
  utm: z.partialRecord(z.enum(UTM_FIELDS), z.string()),
  userAgent: z.string().optional(),
});

const sentSchema = z.object({ sentAt: z.string(), emailId: z.string() });

/** The visitor's receipt: sent, or not sent and why (off, already one today, too late, refused by the provider). */
const receiptSchema = z.union([sentSchema, z.object({ skipped: z.enum(['off', 'daily-limit', 'expired', 'refused', 'quota']), at: z.string() })]);

const deliverySchema = z.object({
  attempts: z.number().int().nonnegative(),
  lastAttemptAt: z.string().optional(),
  /** The token of the attempt sending it right now (lib/leads/delivery.ts): of racing senders, the one whose token stays sends. */
  claim: z.string().optional(),
  /** The retry job leaves the lead alone until then (backoff). */
  nextAttemptAt: z.string().optional(),
  /** Why the last attempt failed, kept until the lead is sent. */
  lastError: z.string().optional(),
  /** Attempts that failed for a reason of the lead's own (not the provider's): after a few, the plain copy goes. */
  contentFailures: z.number().int().nonnegative().optional(),
  /** Each message is recorded once sent, so a retry never sends it twice. */
  dealer: sentSchema.optional(),
  crm: sentSchema.optional(),
  /** The plain copy sent in place of the dealer's and the CRM's messages when those cannot be built or are refused. */
  fallback: sentSchema.optional(),
  receipt: receiptSchema.optional(),
  sentAt: z.string().optional(),
});

/** A stored lead: checked again whenever it is read back from Blobs. */
export const leadSchema = z.object({
  id: z.string().min(1),
  receivedAt: z.string(),
  /** pending until every e-mail of the lead is sent; then sent. */
  status: z.enum(['pending', 'sent']),
  /** The contact inquiry's fields; a reservation request files interest "rentals". */
  inquiry: z.object({ ...inquirySchema.shape, interest: z.enum(LEAD_INTERESTS) }),
  source: sourceSchema,
  delivery: deliverySchema,
  /** Which form it came from; leads filed before there were several forms are contact messages or reservations. */
  form: z.enum(LEAD_FORMS).optional(),
  /** The store the lead is for, by its slug (data/stores/{store}.json): the unit's, else the visitor's choice (docs/product.md §Stores). */
  store: z.string().optional(),
  /** The unit on the lot it is about, as it was listed then. */
  unit: unitSnapshotSchema.optional(),
  /** A rental reservation request: what was asked for and the quote it was given. */
  reservation: storedReservationSchema.optional(),
  /** A trade-in: the visitor's cart. */
  trade: tradeRecordSchema.optional(),
  /** A service appointment request. */
  service: serviceRecordSchema.optional(),
  /** A parts request. */
  parts: partsRecordSchema.optional(),
  /** A question about one unit. */
  question: questionRecordSchema.optional(),
  /** The visitor's photos, stored beside the lead. */
  photos: z.array(photoRecordSchema).optional(),
  /** A test lead sent by `npm run doctor` with the site's HEALTH_TOKEN: its e-mails say so, and no receipt goes (TEST_LEAD). */
  test: z.literal('doctor').optional(),
});

export type Lead = z.infer<typeof leadSchema>;
export type LeadSourceRecord = z.infer<typeof sourceSchema>;
export type Delivery = z.infer<typeof deliverySchema>;

/**
 * A test lead (docs/operations.md §npm run doctor): sent through the real form function with the
 * header `X-Lead-Test: doctor` and `Authorization: Bearer <HEALTH_TOKEN>`; its e-mails to the
 * dealer and the CRM begin with the prefix and the notice.
 */
export const TEST_LEAD = {
  header: 'X-Lead-Test',
  value: 'doctor',
  subjectPrefix: '[TEST] ',
  notice: 'TEST LEAD sent by npm run doctor to check the site end to end. Nobody is waiting for an answer: ignore it or delete it.',
} as const;

/** The department each interest goes to, as the e-mails and the ADF name it. */
export const LEAD_INTEREST_LABELS: Readonly<Record<LeadInterest, string>> = { ...INTEREST_LABELS, rentals: 'Rentals' };

/** "Service" for a known interest, the raw value otherwise (a stored lead never makes a label throw). */
export function interestLabel(interest: string): string {
  return (LEAD_INTEREST_LABELS as Readonly<Record<string, string>>)[interest] ?? String(interest);
}
