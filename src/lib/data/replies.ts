import json from '../../../data/replies.json';
import { schema } from '../../../data/schemas/replies.ts';
import { parseDataFile } from '../data-file.ts';

/** The inbox's reply templates (data/replies.json); a placeholder the inbox cannot fill stops the build. */
export const replies = parseDataFile('replies.json', schema, json);
export type { RepliesFile, ReplyTemplates } from '../../../data/schemas/replies.ts';
