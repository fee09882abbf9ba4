// `npm run leads:backlog`: how long a backlog of pending leads takes to clear at the provider's
// pace. Files the leads in a temporary Blobs sandbox, then runs the real retry job (25-second
// runs) against the local test mailbox, which refuses (429) anything over the rate, as Resend
// does, and prints the figure.
//
//   npm run leads:backlog                        1,000 leads, 2 requests a second, dealer message only
//   npm run leads:backlog -- --leads 200 --rate 5 --adf --receipts
//
// --adf adds the CRM copy (ADF_TO) and --receipts the visitor's receipt: each one more request a lead.
import { parseArgs } from 'node:util';
import { RUN_LIMIT_MS } from '../functions/retry-leads.ts';
import { clearBacklog, fillBacklog } from '../tests/functions/backlog.ts';
import { startBlobs } from '../tests/support/blobs.ts';
import { configureMail, Mailbox } from '../tests/support/mailbox.ts';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '2' },
    adf: { type: 'boolean', default: false },
    receipts: { type: 'boolean', default: false },
  },
});
const count = Number(values.leads);
const rate = Number(values.rate);
if (!(count > 0) || !(rate > 0)) throw new Error('--leads and --rate must be positive numbers');

const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
const blobs = await startBlobs();
const mailbox = await new Mailbox().start();
console.info = () => {};
console.warn = () => {};
try {
  configureMail(mailbox);
  process.env.RESEND_RATE_PER_SECOND = String(rate);
  if (!values.adf) delete process.env.ADF_TO;
  if (values.receipts) process.env.RECEIPTS = 'on';
  mailbox.limitPerSecond = rate;

  const filled = performance.now();
  await fillBacklog(blobs.store, count);
  console.log(
    `${count} pending leads filed in ${((performance.now() - filled) / 1000).toFixed(1)} s; clearing at ${rate} requests/s, ${RUN_LIMIT_MS / 1000} s per run …`,
  );

  const { runs, totalMs } = await clearBacklog(blobs.store, {
    onRun: (run, index) =>
      console.log(
        `run ${String(index).padStart(3)}: ${(run.ms / 1000).toFixed(1)} s, ${run.summary.sent ?? 0} leads done, ${run.summary.pending - (run.summary.sent ?? 0)} left`,
      ),
  });
  const sendingMs = runs.reduce((sum, run) => sum + run.ms, 0);
  const longest = Math.max(...runs.map((run) => run.ms));
  const requests = mailbox.requests.length;
  const dealer = new Set(mailbox.received.filter((m) => m.body.to.includes('sales@dealer.test')).map((m) => m.body.reply_to)).size;
  console.log('');
  console.log(
    `${count} pending leads cleared in ${runs.length} runs of the retry job: ${requests} requests at ${rate}/s, ${mailbox.overLimit} over the rate, ` +
      `${dealer} distinct dealer e-mails; ${(sendingMs / 1000).toFixed(0)} s of running (longest run ${(longest / 1000).toFixed(1)} s, limit 30 s); ` +
      `${minutes(totalMs)} back to back; on the one-minute schedule about ${runs.length} minutes.`,
  );
  // A request over the rate is answered 429 and its lead is due again after the Retry-After
  // (a second): counted above, not a failure. Failures: a lead not e-mailed, a run over 30 s.
  if (dealer !== count || longest > 30_000) process.exitCode = 1;
} finally {
  await mailbox.stop();
  await blobs.stop();
}
