import { Link } from 'react-router';
import type { AuditRow } from '../../../shared/api/console';
import { useTranslation } from '../../i18n/react';
import { changes } from './audit-changes';
import { consolePaths } from './paths';

/**
 * One entry of the audit log: when, who, what, on which item, and the values that changed (before
 * and after, field by field; a creation shows its values, a removal what was removed). Who and
 * the item link to the log filtered by them. Content items are logged as `<type>:<id>`: shown as
 * the id under its type.
 */
export function AuditEntry({ row }: { row: AuditRow }) {
  const { t, locale } = useTranslation('audit');
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(row.at);
  const fields = changes(row.before, row.after);
  const filtered = (f: Record<string, string>) => `${consolePaths.audit}?${new URLSearchParams(f)}`;
  return (
    <li className="card audit-entry" data-testid="audit-entry" data-action={row.action}>
      <header className="audit-head">
        <strong className="audit-action">{row.action}</strong>
        <time dateTime={new Date(row.at).toISOString()}>{when}</time>
      </header>
      <dl className="audit-facts">
        <div>
          <dt>{t('who')}</dt>
          <dd>
            <Link to={filtered({ actorId: row.actorId })}>{row.actorName ?? t('unknownActor')}</Link>{' '}
            <span className="muted">#{row.actorId}</span>
          </dd>
        </div>
        <div>
          <dt>{t('item')}</dt>
          <dd>
            <Link to={filtered({ itemType: row.itemType, itemId: row.itemId })}>
              {row.itemType} #{row.itemId.startsWith(`${row.itemType}:`) ? row.itemId.slice(row.itemType.length + 1) : row.itemId}
            </Link>
          </dd>
        </div>
      </dl>
      {fields.length > 0 ? (
        <table className="audit-changes">
          <caption className="visually-hidden">{t('changes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('field')}</th>
              <th scope="col">{t('before')}</th>
              <th scope="col">{t('after')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.field}>
                <th scope="row">{f.field || '—'}</th>
                <td data-label={t('before')}>
                  <code>{shown(f.before)}</code>
                </td>
                <td data-label={t('after')}>
                  <code>{shown(f.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('noChanges')}</p>
      )}
    </li>
  );
}

/** A value as text, cut short (the export has it whole). */
function shown(v: unknown): string {
  if (v === undefined || v === null) return '—';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 240 ? `${s.slice(0, 240)}…` : s;
}
