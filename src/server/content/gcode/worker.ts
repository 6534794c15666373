/**
 * Worker thread entry: parses the G-code pieces it is sent as they arrive, so a large file never
 * holds up the server's event loop and is never held whole (see `in-worker.ts`). Each piece is
 * acknowledged once read, which is how the sender knows it may send more.
 */
import { parentPort } from 'node:worker_threads';
import { GcodeFormatError } from './refusals';
import { type GcodeResult, GcodeStream } from './stream';

export type ParseRequest =
  | { id: number; kind: 'piece'; bytes: Uint8Array }
  | { id: number; kind: 'end'; fileSizeBytes?: number }
  | { id: number; kind: 'cancel' };
export type ParseAnswer =
  | { id: number; kind: 'ack' }
  | { id: number; kind: 'done'; result: GcodeResult }
  | { id: number; kind: 'failed'; format: boolean; message: string };

/** Streams being read, by request id; a failed one is removed and its later pieces ignored. */
const streams = new Map<number, GcodeStream>();
const failed = new Set<number>();

function fail(id: number, err: unknown): void {
  streams.delete(id);
  failed.add(id);
  const message = err instanceof Error ? err.message : String(err);
  parentPort?.postMessage({ id, kind: 'failed', format: err instanceof GcodeFormatError, message } satisfies ParseAnswer);
}

parentPort?.on('message', (request: ParseRequest) => {
  const { id } = request;
  if (request.kind === 'cancel') {
    streams.delete(id);
    failed.delete(id);
    return;
  }
  if (failed.has(id)) {
    if (request.kind === 'end') failed.delete(id);
    return;
  }
  let stream = streams.get(id);
  if (!stream) {
    stream = new GcodeStream();
    streams.set(id, stream);
  }
  try {
    if (request.kind === 'piece') {
      stream.push(request.bytes);
      parentPort?.postMessage({ id, kind: 'ack' } satisfies ParseAnswer);
    } else {
      streams.delete(id);
      parentPort?.postMessage({ id, kind: 'done', result: stream.finish(request.fileSizeBytes) } satisfies ParseAnswer);
    }
  } catch (err) {
    fail(id, err);
  }
});
