/**
 * What the operator commands share: JSON input files checked by the API's own schemas, and
 * refusals explained field by field (nothing written, exit status 1).
 */
import fs from 'node:fs';
import type { z } from 'zod';
import { AppError } from '../src/server/http/app-error';
import type { FieldIssue } from '../src/shared/api/envelope';

export class Refused extends Error {}

const explain = (issues: FieldIssue[]) => issues.map((i) => `  ${i.field}: ${i.message}`).join('\n');

export function readInput<S extends z.ZodType>(schema: S, file: string): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Refused(`cannot read ${file}: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new Refused(explain(parsed.error.issues.map((i) => ({ field: i.path.join('.') || '(file)', message: i.message }))));
  return parsed.data;
}

/** Prints why a command failed: refusals are explained, anything else is a fault worth its stack. */
export function reportFailure(err: unknown): void {
  if (err instanceof Refused) console.error(`refused, nothing written:\n${err.message}`);
  else if (err instanceof AppError) {
    const issues = (err.options.result as { issues?: FieldIssue[] } | undefined)?.issues;
    console.error(`refused, nothing written: ${issues ? `\n${explain(issues)}` : err.messageKey}`);
  } else console.error(err);
  process.exitCode = 1;
}
