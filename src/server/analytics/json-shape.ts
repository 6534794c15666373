/**
 * Whether JSON text stays within a nesting depth and a number of members per object or array,
 * found by one pass over its bytes before it is parsed. JSON.parse's own cost grows with nesting
 * and with the keys of one object far faster than with plain bytes (a few hundred kilobytes of
 * `{"a":{"a":…` take tens of milliseconds on the main thread), so the collector refuses such
 * shapes unparsed. Text that is not JSON may pass: JSON.parse refuses it afterwards.
 */
export type Shape = 'ok' | 'too_deep' | 'too_many_members';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

export function jsonShape(bytes: Uint8Array, limits: { maxDepth: number; maxMembers: number }): Shape {
  // Commas seen in each open container: members = commas + 1.
  const commas = new Int32Array(limits.maxDepth + 1);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (++depth > limits.maxDepth) return 'too_deep';
      commas[depth] = 0;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      if (depth > 0) depth--;
    } else if (b === COMMA && depth > 0) {
      const seen = (commas[depth] ?? 0) + 1;
      if (seen >= limits.maxMembers) return 'too_many_members';
      commas[depth] = seen;
    }
  }
  return 'ok';
}
