import { z } from 'zod';
import { errorResponse } from '../http/responses.ts';
import { readBody } from '../http/request.ts';
import type { DeliveryStatus } from '../leads/delivery.ts';
import type { LeadDetail } from './detail.ts';
import type { Handling } from './handling.ts';
import type { LeadList, ResponseWeek } from './list.ts';
import type { DeletionRecord } from './privacy.ts';

/** The JSON body of an inbox action, checked against `schema`, or the 4xx answer that refuses it. */
export async function readAction<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T> | Response> {
  const body = await readBody(request);
  if ('status' in body) return errorResponse(body.status, body.error);
  if (body.channel !== 'json') return errorResponse(415, 'Content-Type must be application/json');
  const parsed = schema.safeParse(body.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return errorResponse(400, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is not valid'}`);
  }
  return parsed.data;
}

/** Lead ids are UUIDs (or hex digests of an idempotency key): anything else is no lead. */
export const LEAD_ID = /^[0-9A-Za-z-]{8,80}$/;

/**
 * What each /api/admin/... call answers, as the inbox page (src/inbox/) reads it: the functions
 * check their bodies against these (`satisfies`), the page imports them as types only.
 */
export interface SessionAnswer {
  localSignIn: boolean;
}
export type LeadListAnswer = LeadList & { user: string; responseTimes: ResponseWeek[] };
export type LeadDetailAnswer = LeadDetail & { user: string };
export interface LeadChangeAnswer {
  ok: true;
  handling: Handling;
}
export interface ResendAnswer {
  ok: boolean;
  delivery: DeliveryStatus;
}
export interface DeletionsAnswer {
  deletions: DeletionRecord[];
}
export interface DeleteAnswer {
  ok: true;
  deleted: DeletionRecord;
}
export interface ErrorAnswer {
  error: string;
}
