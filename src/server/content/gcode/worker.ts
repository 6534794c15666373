/**
 * Worker thread entry: parses the G-code bytes it is sent, so a large file never holds up the
 * server's event loop (see `in-worker.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { decodeGcode } from './decode';
import { GcodeFormatError, parseGcode } from './parse';

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
}
export type ParseAnswer =
  | { id: number; ok: true; params: ReturnType<typeof parseGcode> }
  | { id: number; ok: false; format: boolean; message: string };

parentPort?.on('message', ({ id, bytes }: ParseRequest) => {
  let answer: ParseAnswer;
  try {
    answer = { id, ok: true, params: parseGcode(decodeGcode(bytes), bytes.byteLength) };
  } catch (err) {
    answer = { id, ok: false, format: err instanceof GcodeFormatError, message: (err as Error).message };
  }
  parentPort?.postMessage(answer);
});
