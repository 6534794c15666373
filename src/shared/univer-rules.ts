/**
 * The university programme's registration rules (`/univer-register`) without zod, so the
 * form checks them in the browser with the same limits the server enforces.
 */
import { CONTROL } from './address-rules';

export const REGISTRATION_MAX = { fullName: 60, school: 100, studentId: 32, major: 100, phone: 32, email: 120 } as const;
export type RegistrationTextField = keyof typeof REGISTRATION_MAX;
export type RegistrationField = RegistrationTextField | 'graduationYear';
export type RegistrationFields = Record<RegistrationTextField, string> & { graduationYear: number | null };

/** Student numbers as schools print them: letters, digits and hyphens. */
export const STUDENT_ID_PATTERN = /^[A-Za-z0-9-]+$/;

/** Why a field is refused: a key of the `univer:problem` catalogue. */
export type RegistrationProblem = 'required' | 'tooLong' | 'control' | 'studentId' | 'phone' | 'email' | 'year';

/**
 * Students graduate within these years of the registration: from this year on (the programme is
 * for current students, so a year already over is not offered), at most eight years ahead.
 */
export const graduationYears = (thisYear: number) => ({ min: thisYear, max: thisYear + 8 });

/**
 * The first problem of each field (trimmed values). The phone and e-mail rules are passed in
 * (shared/rules.ts) so the page loads them only when the form is submitted.
 */
export function registrationProblems(
  f: RegistrationFields,
  rules: { isPhone: (s: string) => boolean; isEmail: (s: string) => boolean },
  thisYear: number,
): Partial<Record<RegistrationField, RegistrationProblem>> {
  const out: Partial<Record<RegistrationField, RegistrationProblem>> = {};
  for (const key of Object.keys(REGISTRATION_MAX) as RegistrationTextField[]) {
    const v = (f[key] ?? '').trim();
    if (v === '') out[key] = 'required';
    else if (v.length > REGISTRATION_MAX[key]) out[key] = 'tooLong';
    else if (CONTROL.test(v)) out[key] = 'control';
    else if (key === 'studentId' && !STUDENT_ID_PATTERN.test(v)) out[key] = 'studentId';
    else if (key === 'phone' && !rules.isPhone(v)) out[key] = 'phone';
    else if (key === 'email' && !rules.isEmail(v)) out[key] = 'email';
  }
  const { min, max } = graduationYears(thisYear);
  const y = f.graduationYear;
  if (y === null || !Number.isInteger(y) || y < min || y > max) out.graduationYear = y === null ? 'required' : 'year';
  return out;
}
