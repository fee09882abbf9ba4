import { summaryLine, type RunRecord } from './runs.ts';

/**
 * A run as `npm run import` prints it: each added, changed, sold, restored and rejected unit,
 * then the summary line (docs/product.md §Import).
 */
export function formatRun(run: RunRecord): string {
  const lines: string[] = [];
  for (const change of run.changes) {
    const detail = change.kind === 'changed' && change.fields.length > 0 ? `: ${change.fields.join(', ')}` : '';
    lines.push(`${change.kind.padEnd(8)} ${change.id}${change.ref ? ` (${change.ref})` : ''}${detail}`);
  }
  for (const row of run.rejected) lines.push(`rejected ${row.ref}, ${row.column}: ${row.reason}`);
  for (const row of run.withheld) lines.push(`withheld ${row.ref}: ${row.reason}`);
  for (const id of run.missed) lines.push(`missing  ${id}: not in this pull; marked sold if the next one misses it too`);
  if (run.outcome === 'held-back') lines.push(`held back: ${run.reason} (the lines above are what it would have done)`);
  if (run.outcome === 'failed') lines.push(`failed: ${run.reason}`);
  if (run.dryRun && run.outcome === 'imported') lines.push('dry run: nothing was written');
  lines.push(summaryLine(run.counts));
  return lines.join('\n');
}

/** The recent runs, newest first, one line each. */
export function formatRuns(runs: readonly RunRecord[]): string {
  if (runs.length === 0) return 'No import runs recorded yet.';
  return runs
    .map((run) => {
      const what = run.outcome === 'imported' ? summaryLine(run.counts) : `${run.outcome}: ${run.reason ?? ''}`;
      const mailed = run.mailedAt ? ' (dealer e-mailed)' : '';
      return `${run.at}  ${run.source}  ${what}${run.commit ? `  commit ${run.commit.slice(0, 7)}` : ''}${mailed}`;
    })
    .join('\n');
}
