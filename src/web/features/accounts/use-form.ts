import { useId, useRef, useState } from 'react';
import type * as Rules from '../../../shared/rules';
import { useTranslation } from '../../i18n/react';
import { invalidProps, type Problem, problemOf, resendWait } from './form-parts';
import { rulesOr } from './lazy-rules';

/** What the server answers when it has sent a code. */
export interface CodeSent {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

export type Form = ReturnType<typeof useForm>;

/**
 * What every form of the sheet and the account page keeps: its problem (shown under it, and
 * aria-invalid on the input it is about), whether its request is under way, and the code input
 * that a sent code moves focus to; with the steps they all take.
 */
export function useForm() {
  const te = useTranslation('errors').t;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const fail = (field: string | null, message: string) => setProblem({ field, message });

  return {
    te,
    problem,
    setProblem,
    busy,
    setBusy,
    errorId,
    codeRef,
    fail,
    /** aria attributes of the input that `field` names. */
    invalid: (field: string) => invalidProps(problem, field, errorId),
    /** The form's submit handler: no page load, the last problem cleared, then `run`. */
    onSubmit: (run: () => Promise<void>) => (e: React.FormEvent) => {
      e.preventDefault();
      setProblem(null);
      void run();
    },
    /** The checks' rules, or null after the form said they could not be loaded. */
    rules: () => rulesOr(setProblem, te('noResponse')),
    /** Whether `code` looks like a code; if not, the form says so. */
    codeFits(rules: typeof Rules, code: string): boolean {
      if (rules.isCodeFormat(code)) return true;
      fail('code', te('codeFormat'));
      return false;
    },
    /**
     * A "send code" handler (SendCodeButton): the last problem cleared, then `request` (null when
     * a check failed and said why). Once sent, focus moves to the code input; a refusal becomes
     * the form's problem. Returns the wait before the next send, or null.
     */
    sendCode: (request: () => Promise<CodeSent | null>) => async (): Promise<number | null> => {
      setProblem(null);
      try {
        const r = await request();
        if (!r) return null;
        codeRef.current?.focus();
        return r.resendAfterSeconds;
      } catch (err) {
        setProblem(problemOf(err, te('unknown')));
        return resendWait(err);
      }
    },
    /**
     * The form's request, busy meanwhile. A refusal becomes the form's problem (about `field`)
     * unless `refused` dealt with it, and frees the form; after success the form stays busy (it
     * closes or gives way to the next step).
     */
    async attempt(request: () => Promise<void>, field: string | null = null, refused?: (err: unknown) => boolean): Promise<void> {
      setBusy(true);
      try {
        await request();
      } catch (err) {
        if (!refused?.(err)) setProblem({ ...problemOf(err, te('unknown')), field });
        setBusy(false);
      }
    },
  };
}
