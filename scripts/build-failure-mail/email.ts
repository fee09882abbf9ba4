/**
 * The e-mail the dealer gets when a build stops on the data (docs/product.md §Editors): which
 * file, which field, what is wrong, in the build's own words; that the live site is unchanged; and
 * where to fix it. Pure: the build's messages in, the message out.
 */

/** One problem as the build prints it: `  • data/units/a.json → vin: the check digit …`. */
export interface DataProblem {
  file?: string;
  field?: string;
  message: string;
}

const BULLET = /^\s*•\s*(?:(data\/[^\s:→]+)(?:\s*→\s*([^:]+?))?:\s*)?(.+)$/;

/** The problems of the build's messages, one per bullet line (a message without bullets is one problem). */
export function problemsOf(messages: readonly string[]): DataProblem[] {
  return messages.flatMap((text) => {
    const bullets = text.split('\n').flatMap((line) => {
      const match = BULLET.exec(line);
      if (!match) return [];
      const [, file, field, message = ''] = match;
      return [{ ...(file ? { file } : {}), ...(field ? { field: field.trim() } : {}), message: message.trim() }];
    });
    return bullets.length > 0 ? bullets : [{ message: text.trim() }];
  });
}

export interface BuildFailureContext {
  /** The site's address (where the admin is). */
  siteUrl?: string;
  /** Netlify's deploy log of the failed build. */
  deployLog?: string;
  /** The commit that was built. */
  commit?: string;
}

/** The admin's address of a data file: a unit's editor, or the file in the settings. */
export function adminLink(siteUrl: string, file: string): string {
  // A file of a folder of data/ (a unit, a store) is an entry of the folder's collection.
  const entry = /^data\/(units|stores)\/([^/]+)\.json$/.exec(file);
  if (entry) return `${siteUrl}/admin#/collections/${entry[1]}/entries/${entry[2]}`;
  const page = /^data\/([^/]+)\.json$/.exec(file);
  return page ? `${siteUrl}/admin#/collections/site/entries/${page[1]}` : `${siteUrl}/admin`;
}

/** Subject and text of the e-mail. */
export function buildFailureEmail(messages: readonly string[], context: BuildFailureContext): { subject: string; text: string } {
  const problems = problemsOf(messages);
  const files = [...new Set(problems.flatMap((problem) => (problem.file ? [problem.file] : [])))];
  const subject =
    files.length === 1
      ? `Website not updated: ${problems.length === 1 ? 'a problem' : `${problems.length} problems`} in ${files[0]}`
      : `Website not updated: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the data`;
  const lines = [
    'The last change to the website was not published: the build found a mistake in the data and stopped.',
    'The live site is unchanged: it still shows the last version that built.',
    '',
    `What to fix (${problems.length}):`,
    '',
    ...problems.flatMap((problem, index) => [
      `${index + 1}. File:    ${problem.file ?? '(several files)'}`,
      ...(problem.field ? [`   Field:   ${problem.field}`] : []),
      `   Problem: ${problem.message}`,
      ...(problem.file && context.siteUrl ? [`   Fix it:  ${adminLink(context.siteUrl, problem.file)}`] : []),
      '',
    ]),
    'Save the corrected entry in the admin: the site is built again by itself, and goes live once the build passes.',
    '',
    'What the build printed:',
    '',
    ...messages.map((message) => message.trimEnd()),
    '',
    ...(context.commit ? [`Change: ${context.commit}`] : []),
    ...(context.deployLog ? [`Build log: ${context.deployLog}`] : []),
  ];
  return { subject, text: `${lines.join('\n').trimEnd()}\n` };
}
