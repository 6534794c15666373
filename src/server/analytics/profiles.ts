import type { ProfileRecord, Props } from './records';

/**
 * A user profile after one operation, in Sensors' meaning: set overwrites, set_once writes only
 * missing properties, append adds to a list, increment adds to a number, unset removes
 * properties, delete removes the profile (null). Applied in the order the records arrived.
 */
export function applyProfileOp(current: Props | null, op: ProfileRecord): Props | null {
  const base: Props = { ...(current ?? {}) };
  switch (op.type) {
    case 'profile_set':
      return { ...base, ...op.properties };
    case 'profile_set_once':
      return { ...op.properties, ...base };
    case 'profile_append':
      for (const [k, v] of Object.entries(op.properties)) {
        const had = base[k];
        base[k] = [...(Array.isArray(had) ? had : []), ...(Array.isArray(v) ? v : [String(v)])];
      }
      return base;
    case 'profile_increment':
      for (const [k, v] of Object.entries(op.properties)) {
        const had = base[k];
        base[k] = (typeof had === 'number' ? had : 0) + (v as number);
      }
      return base;
    case 'profile_unset':
      for (const k of Object.keys(op.properties)) delete base[k];
      return base;
    case 'profile_delete':
      return null;
  }
}
