import { z } from 'zod';
import { REGISTRATION_MAX } from '../univer-rules';
import { API } from './all-routes';

/**
 * University programme registration: a signed-in student registers once with their
 * school, student id, contact and major; staff export the registrations as CSV. The field rules
 * are `shared/univer-rules.ts` (checked by the service after this shape).
 */
export interface UniverRegistration {
  fullName: string;
  school: string;
  studentId: string;
  major: string;
  /** E.164 */
  phone: string;
  email: string;
  graduationYear: number;
  createdAt: number;
}

const text = (max: number) => z.string().max(max * 2);
const ZRegistration = z.object({
  fullName: z.string(),
  school: z.string(),
  studentId: z.string(),
  major: z.string(),
  phone: z.string(),
  email: z.string(),
  graduationYear: z.number(),
  createdAt: z.number(),
}) satisfies z.ZodType<UniverRegistration>;

export const register = {
  ...API.univer.register,
  input: z.object({
    fullName: text(REGISTRATION_MAX.fullName),
    school: text(REGISTRATION_MAX.school),
    studentId: text(REGISTRATION_MAX.studentId),
    major: text(REGISTRATION_MAX.major),
    phone: text(REGISTRATION_MAX.phone),
    email: text(REGISTRATION_MAX.email),
    graduationYear: z.number().int(),
  }),
  result: ZRegistration,
};

/** The caller's registration, or null. */
export const mine = { ...API.univer.mine, result: ZRegistration.nullable() };
