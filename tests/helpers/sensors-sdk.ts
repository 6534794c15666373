import fs from 'node:fs';
import { gzipSync } from 'node:zlib';

/**
 * Functions of the real Sensors Data SDK (the installed `sa-sdk-javascript`), taken from its own
 * source: tests encode and checksum with them, so the collector is checked against what the SDK
 * really sends, not against our reading of it.
 */
const SOURCE = fs.readFileSync(new URL('../../node_modules/sa-sdk-javascript/sensorsdata.es6.min.js', import.meta.url), 'utf8');

/** The text of `_.<name>=function(…){…}` in the SDK, braces matched. */
function sdkFunctionSource(name: string): string {
  const start = SOURCE.indexOf(`_.${name}=function`);
  if (start < 0) throw new Error(`the SDK has no _.${name}`);
  const body = SOURCE.indexOf('{', start);
  let depth = 0;
  for (let i = body; i < SOURCE.length; i++) {
    if (SOURCE[i] === '{') depth++;
    else if (SOURCE[i] === '}' && --depth === 0) return SOURCE.slice(start + `_.${name}=`.length, i + 1);
  }
  throw new Error(`unbalanced _.${name}`);
}

// A function built from the SDK's own text (node_modules), in the global scope like the SDK's.
const load = <T>(name: string): T => new Function(`return (${sdkFunctionSource(name)})`)() as T;

export const sdkHashCode = load<(s: string) => number>('hashCode');
export const sdkBase64Encode = load<(s: string) => string>('base64Encode');

/** `data=…&ext=crc%3D…` exactly as the SDK's ajax and beacon senders build it (dataSend.getSendData). */
export function sdkSendData(record: unknown): string {
  const b64 = sdkBase64Encode(JSON.stringify(record));
  return `data=${encodeURIComponent(b64)}&ext=${encodeURIComponent(`crc=${sdkHashCode(b64)}`)}`;
}

/** `data_list=…` as the SDK's batch sender builds it. */
export function sdkBatchBody(records: unknown[]): string {
  return `data_list=${encodeURIComponent(sdkBase64Encode(JSON.stringify(records)))}`;
}

/** What the mobile SDKs send with `gzip=1`: base64 of gzip of the JSON. */
export function gzipBody(records: unknown[]): string {
  return `data_list=${encodeURIComponent(gzipSync(JSON.stringify(records)).toString('base64'))}&gzip=1`;
}
