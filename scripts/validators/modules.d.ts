// The parts of two validator packages without type declarations that scripts/validators uses.

declare module 'pa11y' {
  import type { Browser, Page } from 'puppeteer';

  export interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    typeCode: number;
    message: string;
    context: string;
    selector: string;
    runner: string;
  }

  export interface Pa11yOptions {
    browser?: Browser;
    page?: Page;
    ignoreUrl?: boolean;
    /** Built-in runners by name ('htmlcs', 'axe'), others by their module's path. */
    runners?: string[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    viewport?: { width: number; height: number };
    timeout?: number;
    wait?: number;
    includeWarnings?: boolean;
    includeNotices?: boolean;
  }

  export default function pa11y(url: string, options?: Pa11yOptions): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}

declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    /** "schemaOrg" for the vocabulary check (unknown type: ERROR; unknown property: WARNING). */
    errorType?: string;
    rootType?: string;
    dataFormat?: string;
    fieldNames?: string[];
    path?: { type?: string | string[]; property?: string; index?: number; length?: number }[];
    location?: string;
  }

  /** Google's rich-result rules; with the schema.org vocabulary (JSON-LD graph) also its type and property check. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    debug: boolean;
    validate(extracted: {
      jsonld?: Record<string, Record<string, unknown>[]>;
      microdata?: Record<string, Record<string, unknown>[]>;
      rdfa?: Record<string, Record<string, unknown>[]>;
      errors?: { format: string; message: string }[];
    }): Promise<ValidationIssue[]>;
  }
}
