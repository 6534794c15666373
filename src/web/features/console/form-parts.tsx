import { useId } from 'react';
import type { FieldIssue } from '../../../shared/api/envelope';
import { LOCALES } from '../../../shared/i18n';
import { useTranslation } from '../../i18n/react';
import { fromLocalInput, missing, type Texts, toLocalInput } from './campaign-draft';

/**
 * The parts every campaign form is made of: a text in the four languages, the schedule, the
 * server's refusals. Each kind's form adds its own settings around them.
 */

/** One text in the four languages side by side; a missing translation is flagged. */
export function TextsField({
  legend,
  value,
  onChange,
  long,
}: {
  legend: string;
  value: Texts;
  onChange: (v: Texts) => void;
  long?: boolean;
}) {
  const { t } = useTranslation('console');
  const gaps = missing(value);
  const id = useId();
  return (
    <fieldset className="card console-texts">
      <legend>{legend}</legend>
      {gaps.length > 0 ? <p className="console-missing">{t('raffle.missing', { languages: gaps.join(', ') })}</p> : null}
      <div className="console-langs">
        {LOCALES.map((l) => {
          const inputId = `${id}-${l}`;
          const props = {
            id: inputId,
            lang: l,
            value: value[l],
            onChange: (e: { target: { value: string } }) => onChange({ ...value, [l]: e.target.value }),
          };
          return (
            <div key={l} className={value[l].trim() === '' ? 'console-lang console-lang-missing' : 'console-lang'}>
              <label htmlFor={inputId}>{t(`languages.${l}`)}</label>
              {long ? <textarea rows={4} {...props} /> : <input {...props} />}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Start and end in the operator's own time zone (the browser's), and, for kinds that count days
 * on the server (a raffle's daily chances), the zone whose midnight starts them. Check-ins count
 * days in the visitor's own zone, so they have none.
 */
export function ScheduleField(p: {
  startsAt: number;
  endsAt: number;
  dayZone?: string;
  onChange: (patch: { startsAt?: number; endsAt?: number; dayZone?: string }) => void;
}) {
  const { t } = useTranslation('console');
  const { t: tf } = useTranslation('campaignforms');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <fieldset className="card console-schedule">
      <legend>{t('raffle.schedule', { zone })}</legend>
      <label>
        {t('raffle.startsAt')}
        <input
          type="datetime-local"
          value={toLocalInput(p.startsAt)}
          onChange={(e) => p.onChange({ startsAt: fromLocalInput(e.target.value) })}
        />
      </label>
      <label>
        {t('raffle.endsAt')}
        <input
          type="datetime-local"
          value={toLocalInput(p.endsAt)}
          onChange={(e) => p.onChange({ endsAt: fromLocalInput(e.target.value) })}
        />
      </label>
      {p.dayZone !== undefined ? (
        <label>
          {tf('dayZone')}
          <input value={p.dayZone} spellCheck={false} onChange={(e) => p.onChange({ dayZone: e.target.value })} />
        </label>
      ) : null}
    </fieldset>
  );
}

/** The server's refusal, field by field (the admin API's validation names the fields). */
export function IssuesBox({ issues, lead }: { issues: FieldIssue[]; lead: string }) {
  if (issues.length === 0) return null;
  return (
    <div className="card console-issues" role="alert">
      <p>{lead}</p>
      <ul>
        {issues.map((i) => (
          <li key={i.field}>
            <code>{i.field}</code>: {i.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A whole number input. Empty means "not set": a new campaign then takes the server's default
 * (an edited one has every value set). The server refuses what is out of range.
 */
export function NumberField(p: { label: string; value: number | undefined; onChange: (n: number | undefined) => void; min?: number }) {
  const { t } = useTranslation('campaignforms');
  return (
    <label>
      {p.label}
      <input
        type="number"
        inputMode="numeric"
        min={p.min ?? 0}
        value={p.value ?? ''}
        placeholder={t('byDefault')}
        onChange={(e) => p.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    </label>
  );
}
