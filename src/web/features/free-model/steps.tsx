import { useTranslation } from '../../i18n/react';
import './free-model.css';

/** The funnel's three steps, the current one marked. */
export function FunnelSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation('free-model');
  return (
    <ol className="card free-model-steps" aria-label={t('stepsLabel')}>
      {([1, 2, 3] as const).map((n) => (
        <li
          key={n}
          className={`free-model-step${n === current ? ' free-model-step-current' : n < current ? ' free-model-step-done' : ''}`}
          aria-current={n === current ? 'step' : undefined}
        >
          <strong>{t(`step${n}.title`)}</strong>
          <span className="muted small">{t(`step${n}.text`)}</span>
        </li>
      ))}
    </ol>
  );
}
