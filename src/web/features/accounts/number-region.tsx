import { type ReactNode, useState } from 'react';
import type * as Rules from '../../../shared/rules';
import { useTranslation } from '../../i18n/react';
import { useRules } from './lazy-rules';
import { type RegionId, regionForNumber } from './regions';

/**
 * The region of a phone number being typed, following the number when it plainly belongs
 * elsewhere (regionForNumber): a mainland mobile typed under a guessed +1 (a Chinese visitor with
 * an English browser) moves the select to +86 and says so, instead of a bare "invalid number" or
 * a code sent to +1 — in the open, so a visitor who meant another region sees it and chooses
 * again, and their choice then holds.
 */
export interface NumberRegion {
  region: RegionId;
  /** The region chosen in the select (the note goes: it was about the previous choice). */
  choose: (r: RegionId) => void;
  /** While typing: follows the number once the rules (libphonenumber) have arrived. */
  typed: (value: string) => void;
  /** On send or submit: the region to read `value` in, after following the number. */
  settle: (rules: Pick<typeof Rules, 'normalisePhone'>, value: string) => RegionId;
  /** The sentence saying the region moved, read out when it appears. */
  note: ReactNode;
}

export function useNumberRegion(region: RegionId, setRegion: (r: RegionId) => void): NumberRegion {
  const { t } = useTranslation('accounts');
  const rules = useRules();
  const [moved, setMoved] = useState<RegionId | null>(null);
  // Chosen in the select by the visitor, not guessed from the browser or the last sign-in.
  const [chosen, setChosen] = useState(false);
  const settle = (r: Pick<typeof Rules, 'normalisePhone'>, value: string): RegionId => {
    const better = regionForNumber(r, value, region, chosen);
    if (!better) return region;
    setRegion(better);
    setMoved(better);
    return better;
  };
  return {
    region,
    choose(r) {
      setMoved(null);
      setChosen(true);
      setRegion(r);
    },
    typed(value) {
      if (rules) settle(rules, value);
    },
    settle,
    note: (
      <p className="field-hint" aria-live="polite">
        {moved === 'CN' ? t('regions.movedToCN') : ''}
      </p>
    ),
  };
}
