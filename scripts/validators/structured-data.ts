import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import Validator, { type ValidationIssue } from '@adobe/structured-data-validator';
import type { Finding, SitemapPage } from './pages.ts';

/** schema.org vocabulary (release 30.0, schemaorg-all-https.jsonld), shipped so the check runs offline. */
const VOCABULARY = new URL('./schemaorg-all-https.jsonld.gz', import.meta.url);

type JsonObject = Record<string, unknown>;

/** What @marbec/web-auto-extractor hands the validator: JSON-LD items grouped by their @type. */
export interface ExtractedData {
  jsonld: Record<string, JsonObject[]>;
  microdata: Record<string, JsonObject[]>;
  rdfa: Record<string, JsonObject[]>;
  errors: { format: string; message: string }[];
}

/** The JSON-LD blocks of a page, parsed and grouped by @type (a malformed block is an error). */
export function extractJsonLd(html: string): ExtractedData {
  const data: ExtractedData = { jsonld: {}, microdata: {}, rdfa: {}, errors: [] };
  const blocks = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => /type=["']?application\/ld\+json/i.test(m[1] ?? ''));
  for (const [index, block] of blocks.entries()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(block[2] ?? '');
    } catch (error) {
      data.errors.push({ format: 'jsonld', message: `JSON-LD block ${index + 1} is not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const items = Array.isArray(parsed) ? parsed : [parsed];
    for (const item of items) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        data.errors.push({ format: 'jsonld', message: `JSON-LD block ${index + 1} holds something other than an object` });
        continue;
      }
      const type = (item as JsonObject)['@type'];
      const key = typeof type === 'string' ? type : Array.isArray(type) ? type.join(',') : 'untyped';
      (data.jsonld[key] ??= []).push(item as JsonObject);
    }
  }
  return data;
}

function issuePath(issue: ValidationIssue): string {
  return (issue.path ?? [])
    .map((step) => [step.property, [step.type].flat().join(',')].filter(Boolean).join(':') + (step.index === undefined ? '' : `[${step.index}]`))
    .join(' > ');
}

let vocabulary: unknown;

/** A validator with Google's rich-result rules and the schema.org vocabulary check. */
export function structuredDataValidator(): Validator {
  vocabulary ??= JSON.parse(gunzipSync(readFileSync(VOCABULARY)).toString('utf8'));
  return new Validator(vocabulary);
}

/** Google's rich-result rules and schema.org's vocabulary over the JSON-LD of each page. */
export async function checkStructuredData(pages: readonly SitemapPage[]): Promise<{ errors: Finding[]; warnings: Finding[]; items: number }> {
  const validator = structuredDataValidator();
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  let items = 0;
  for (const page of pages) {
    const data = extractJsonLd(readFileSync(page.file, 'utf8'));
    items += Object.values(data.jsonld).reduce((sum, list) => sum + list.length, 0);
    const issues = await validator.validate(data);
    for (const issue of issues) {
      const finding = { path: page.path, where: issuePath(issue) || issue.rootType, message: issue.issueMessage };
      // A property schema.org does not define is a warning to the library and an error here.
      (issue.severity === 'ERROR' || issue.errorType === 'schemaOrg' ? errors : warnings).push(finding);
    }
  }
  return { errors, warnings, items };
}
