import type { Kysely } from 'kysely';
import type { FieldIssue } from '../../shared/api/envelope';
import type { UniverRegistration } from '../../shared/api/univer';
import { ResultCode } from '../../shared/errors';
import { normaliseEmail, normalisePhone } from '../../shared/rules';
import { type RegistrationFields, registrationProblems } from '../../shared/univer-rules';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';
import { csvField } from '../http/csv';

type Row = Database['univer_registrations'];

const view = (r: Omit<Row, 'id'> & { id?: unknown }): UniverRegistration => ({
  fullName: r.full_name,
  school: r.school,
  studentId: r.student_id,
  major: r.major,
  phone: r.phone,
  email: r.email,
  graduationYear: r.graduation_year,
  createdAt: Number(r.created_at),
});

/** The school as a key: the same school typed with other spacing or case is the same school. */
const schoolKey = (school: string) => school.trim().replace(/\s+/g, ' ').toLowerCase();

export async function myRegistration(db: Kysely<Database>, userId: number): Promise<UniverRegistration | null> {
  const r = await db.selectFrom('univer_registrations').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return r ? view(r) : null;
}

/**
 * Registers the signed-in student once: every field checked by the shared rules (code 1 naming
 * each refused field), phone and e-mail stored normalised. The unique keys decide races: a second
 * registration of the account answers 3401, a student id already registered at the school 3402.
 */
export async function register(
  db: Kysely<Database>,
  userId: number,
  f: RegistrationFields & { graduationYear: number },
  now = Date.now(),
): Promise<UniverRegistration> {
  const problems = registrationProblems(
    f,
    { isPhone: (s) => normalisePhone(s) !== null, isEmail: (s) => normaliseEmail(s) !== null },
    new Date(now).getUTCFullYear(),
  );
  const issues: FieldIssue[] = Object.entries(problems).map(([field, problem]) => ({ field, message: problem }));
  if (issues.length > 0)
    throw new AppError(ResultCode.parameter, {
      messageKey: 'parameterNamed',
      params: { field: issues[0]?.field ?? '' },
      result: { issues },
    });
  const row = {
    user_id: userId,
    full_name: f.fullName.trim(),
    school: f.school.trim().replace(/\s+/g, ' '),
    school_key: schoolKey(f.school),
    student_id: f.studentId.trim().toUpperCase(),
    major: f.major.trim(),
    phone: normalisePhone(f.phone) ?? '',
    email: normaliseEmail(f.email) ?? '',
    graduation_year: f.graduationYear,
    created_at: now,
  };
  const inserted = await db
    .insertInto('univer_registrations')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return view(row);
  // Which key refused it: the account's own registration first (a doubled submit hears that).
  if (await myRegistration(db, userId)) throw new AppError(ResultCode.univerRegistered);
  throw new AppError(ResultCode.studentIdTaken);
}

const COLUMNS = ['created_at', 'full_name', 'school', 'student_id', 'major', 'graduation_year', 'phone', 'email'] as const;

/** Every registration as CSV, oldest first, with a BOM so spreadsheets read Chinese names as UTF-8. */
export async function registrationsCsv(db: Kysely<Database>): Promise<string> {
  const rows = await db.selectFrom('univer_registrations').select(COLUMNS).orderBy('created_at').orderBy('id').execute();
  const lines = [
    COLUMNS.join(','),
    ...rows.map((r) => COLUMNS.map((c) => csvField(c === 'created_at' ? new Date(Number(r[c])).toISOString() : r[c])).join(',')),
  ];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
