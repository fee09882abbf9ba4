import { afterAll, beforeAll, beforeEach } from 'vitest';
import { BlobsSandbox, type BlobsOptions } from './blobs.ts';
import { configureMail, Mailbox } from './mailbox.ts';

export interface FunctionSandbox {
  blobs: BlobsSandbox;
  /** The Resend stand-in the mail settings point at (with `mailbox: true`). */
  mailbox: Mailbox;
}

/**
 * The set-up of a file of function tests: a Blobs sandbox and, with `mailbox`, the mailbox with
 * the mail settings pointing at it, started before the file's tests and stopped after them
 * (after the file's own afterAll hooks). With `empty: 'each'`, every test starts from an empty
 * sandbox, a mailbox that has received nothing and the mail settings afresh.
 */
export function functionSandbox({
  blobs: options,
  mailbox: withMailbox = false,
  empty,
}: { blobs?: BlobsOptions; mailbox?: boolean; empty?: 'each' } = {}): FunctionSandbox {
  const blobs = new BlobsSandbox(options);
  const mailbox = new Mailbox();
  beforeAll(async () => {
    await blobs.start();
    if (withMailbox) configureMail(await mailbox.start());
  });
  afterAll(async () => {
    if (withMailbox) {
      configureMail(null);
      await mailbox.stop();
    }
    await blobs.stop();
  });
  if (empty === 'each') {
    beforeEach(async () => {
      blobs.use();
      await blobs.empty();
      if (withMailbox) {
        mailbox.reset();
        configureMail(mailbox);
      }
    });
  }
  return { blobs, mailbox };
}
