import type { Generated } from 'kysely';

/** The programmes' tables. */
export interface ProgrammeTables {
  /** Free-model downloads (migration 0015): one per model and member, the first counted. */
  model_downloads: { model_id: number; user_id: number; file_id: number; created_at: number };
  /** University programme registrations (migration 0014): one per account and per student id at a school. */
  univer_registrations: {
    id: Generated<number>;
    user_id: number;
    full_name: string;
    school: string;
    school_key: string;
    student_id: string;
    major: string;
    phone: string;
    email: string;
    graduation_year: number;
    created_at: number;
  };
}
