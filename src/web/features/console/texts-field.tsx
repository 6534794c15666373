import { useId } from 'react';
import { LOCALES } from '../../../shared/i18n';
import { useTranslation } from '../../i18n/react';
import { missing, type Texts } from './raffle-draft';

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
