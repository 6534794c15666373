/**
 * Worker thread entry: parses the G-code pieces it is sent as they arrive, so a large file never
 * holds up the server's event loop and is never held whole (see `in-worker.ts`). The pieces come
 * through a few slots of memory shared with the sender, so reading allocates nothing per piece;
 * each is acknowledged once read, which frees its slot for the next.
 */
import { open } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { GcodeFormatError } from './refusals';
import { type GcodeResult, GcodeStream } from './stream';

/**
 * `slots`: the request's shared buffer, `SLOTS` pieces of `SLOT_BYTES`, sent with its first piece;
 * a piece names its slot, which the sender does not write again until the piece is acknowledged.
 */
export const SLOTS = 4;
export const SLOT_BYTES = 256 * 1024;

export type ParseRequest =
  | { id: number; kind: 'piece'; slot: number; length: number; slots?: SharedArrayBuffer }
  | { id: number; kind: 'end'; fileSizeBytes?: number }
  | { id: number; kind: 'file'; path: string }
  | { id: number; kind: 'cancel' };
export type ParseAnswer =
  | { id: number; kind: 'ack'; slot: number }
  | { id: number; kind: 'done'; result: GcodeResult }
  | { id: number; kind: 'failed'; format: boolean; message: string };

/** Streams being read and their shared slots, by request id; a failed one is removed and its later pieces ignored. */
const streams = new Map<number, { stream: GcodeStream; slots: SharedArrayBuffer | null }>();
const failed = new Set<number>();

function fail(id: number, err: unknown): void {
  streams.delete(id);
  failed.add(id);
  const message = err instanceof Error ? err.message : String(err);
  parentPort?.postMessage({ id, kind: 'failed', format: err instanceof GcodeFormatError, message } satisfies ParseAnswer);
}

/**
 * A local file read here into one buffer, reused piece after piece: nothing is allocated per
 * piece. Each read is awaited, so each piece is parsed in a task of its own.
 */
async function readLocal(path: string): Promise<GcodeResult> {
  const stream = new GcodeStream();
  const buffer = Buffer.allocUnsafe(SLOT_BYTES);
  const file = await open(path, 'r');
  try {
    for (let { bytesRead } = await file.read(buffer); bytesRead > 0; { bytesRead } = await file.read(buffer)) {
      stream.push(buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return stream.finish();
}

parentPort?.on('message', (request: ParseRequest) => {
  const { id } = request;
  if (request.kind === 'file') {
    readLocal(request.path).then(
      (result) => parentPort?.postMessage({ id, kind: 'done', result } satisfies ParseAnswer),
      (err: unknown) => {
        fail(id, err);
        failed.delete(id);
      },
    );
    return;
  }
  if (request.kind === 'cancel') {
    streams.delete(id);
    failed.delete(id);
    return;
  }
  if (failed.has(id)) {
    if (request.kind === 'end') failed.delete(id);
    return;
  }
  let reading = streams.get(id);
  if (!reading) {
    reading = { stream: new GcodeStream(), slots: null };
    streams.set(id, reading);
  }
  try {
    if (request.kind === 'piece') {
      if (request.slots) reading.slots = request.slots;
      if (!reading.slots) throw new Error('a G-code piece came without its shared slots');
      reading.stream.push(new Uint8Array(reading.slots, request.slot * SLOT_BYTES, request.length));
      parentPort?.postMessage({ id, kind: 'ack', slot: request.slot } satisfies ParseAnswer);
    } else {
      streams.delete(id);
      parentPort?.postMessage({ id, kind: 'done', result: reading.stream.finish(request.fileSizeBytes) } satisfies ParseAnswer);
    }
  } catch (err) {
    fail(id, err);
  }
});
