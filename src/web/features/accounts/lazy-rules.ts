import { useEffect, useState } from 'react';
import type * as Rules from '../../../shared/rules';
import type { Problem } from './form-parts';

/**
 * shared/rules carries libphonenumber's metadata (~35 KB gzip). The sheet and the account page
 * show without it and fetch it right away; a check that runs before it has arrived waits for it.
 */
export const loadRules = () => import('../../../shared/rules');

/** The rules, or null after telling the form that they could not be loaded. */
export async function rulesOr(setProblem: (p: Problem) => void, message: string): Promise<typeof Rules | null> {
  try {
    return await loadRules();
  } catch {
    setProblem({ field: null, message });
    return null;
  }
}

/** For rendering (the password rule of the reader's language): null until loaded. */
export function useRules(): typeof Rules | null {
  const [rules, setRules] = useState<typeof Rules | null>(null);
  useEffect(() => {
    loadRules().then(setRules, () => {});
  }, []);
  return rules;
}
