/**
 * The checksum the Sensors Data SDK sends as `ext=crc=<n>`: its `_.hashCode` of the base64 text
 * (Java's String.hashCode: h = 31·h + code unit, in 32-bit two's complement). The SDK writes
 * `(h << 5) - h + c` then `h &= h`, which is the same as `| 0`.
 */
export function sensorsHash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = ((h << 5) - h + text.charCodeAt(i)) | 0;
  return h;
}
