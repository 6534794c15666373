import type { FieldIssue } from '../../../shared/api/envelope';
import { ApiError } from '../../api/client';

/** The fields a refused console save names (a parameter error's issues; none for other refusals). */
export const issuesOf = (err: unknown): FieldIssue[] =>
  err instanceof ApiError ? ((err.result as { issues?: FieldIssue[] } | null)?.issues ?? []).slice(0, 10) : [];

/** A console form's refused fields, each under its label (the client's toast has said why already). */
export function FieldIssues({ issues, label }: { issues: FieldIssue[]; label: (field: string) => string }) {
  if (issues.length === 0) return null;
  return (
    <ul role="alert" className="cat-issues">
      {issues.map((i) => (
        <li key={`${i.field}:${i.message}`}>{i.field ? `${label(i.field)} ${i.message}` : i.message}</li>
      ))}
    </ul>
  );
}
