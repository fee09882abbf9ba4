import { z } from 'zod';
import { inquirySchema, UTM_FIELDS } from '../../src/lib/inquiry.ts';

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

const deliverySchema = z.object({
  attempts: z.number().int().nonnegative(),
  lastAttemptAt: z.string().optional(),
  /** The retry job leaves the lead alone until then (backoff). */
  nextAttemptAt: z.string().optional(),
  lastError: z.string().optional(),
  /** Each message is recorded once sent, so a retry never sends it twice. */
  dealer: sentSchema.optional(),
  crm: sentSchema.optional(),
  sentAt: z.string().optional(),
});

/** A stored lead: checked again whenever it is read back from Blobs. */
export const leadSchema = z.object({
  id: z.string().min(1),
  receivedAt: z.string(),
  /** pending until every e-mail of the lead is sent; then sent. */
  status: z.enum(['pending', 'sent']),
  inquiry: inquirySchema,
  source: sourceSchema,
  delivery: deliverySchema,
});

export type Lead = z.infer<typeof leadSchema>;
export type LeadSourceRecord = z.infer<typeof sourceSchema>;
export type Delivery = z.infer<typeof deliverySchema>;
