/**
 * Parses G-code in one long-lived worker thread: the server keeps answering while a large file is
 * read. The file is streamed to the worker piece by piece through a few slots of shared memory, a
 * slot written again only once the worker has read it, so neither thread ever holds the whole file
 * and no piece is allocated twice. The bundled server runs the bundled worker
 * (`gcode-worker.js` beside it); from source, the worker's TypeScript is loaded through tsx.
 */
import { Worker } from 'node:worker_threads';
import { GcodeFormatError } from './refusals';
import type { GcodeResult } from './stream';
import { type ParseAnswer, type ParseRequest, SLOT_BYTES, SLOTS } from './worker';

type Job = {
  /** Slots the worker has read (or not yet been given): free to write. */
  free: number[];
  /** Called when the worker has read a piece (or the job ended). */
  wake: (() => void) | null;
  settled: boolean;
  resolve: (r: GcodeResult) => void;
  reject: (e: Error) => void;
};

let worker: Worker | null = null;
const jobs = new Map<number, Job>();
let nextId = 1;

function start(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const w = fromSource
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`,
        { eval: true },
      )
    : new Worker(new URL('./gcode-worker.js', import.meta.url));
  w.on('message', (answer: ParseAnswer) => {
    const job = jobs.get(answer.id);
    if (!job) return;
    if (answer.kind === 'ack') {
      job.free.push(answer.slot);
    } else {
      settle(answer.id, job);
      if (answer.kind === 'done') job.resolve(answer.result);
      else job.reject(answer.format ? new GcodeFormatError(answer.message) : new Error(answer.message));
    }
    job.wake?.();
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    for (const [id, job] of jobs) {
      settle(id, job);
      job.reject(err);
      job.wake?.();
    }
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`the G-code worker stopped (exit code ${code})`)));
  return w;
}

function settle(id: number, job: Job): void {
  job.settled = true;
  jobs.delete(id);
  if (jobs.size === 0) worker?.unref();
}

/**
 * The parameters and toolpath of a G-code file read from `pieces` (a file or upload stream).
 * Reading stops as soon as the worker refuses the file.
 * @throws GcodeFormatError when the bytes are not readable G-code
 */
export async function parseGcodePieces(
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  fileSizeBytes?: number,
): Promise<GcodeResult> {
  worker ??= start();
  const w = worker;
  const id = nextId++;
  let resolve!: (r: GcodeResult) => void;
  let reject!: (e: Error) => void;
  const done = new Promise<GcodeResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // The caller sees a refusal through the returned promise; this one may be left behind by a failed read.
  done.catch(() => undefined);
  const job: Job = { free: Array.from({ length: SLOTS }, (_, i) => i), wake: null, settled: false, resolve, reject };
  const shared = new SharedArrayBuffer(SLOTS * SLOT_BYTES);
  let slotsSent = false;
  jobs.set(id, job);
  // Held open while it has work, so a command-line import waits for its answer.
  w.ref();
  try {
    for await (const piece of pieces) {
      if (job.settled) break;
      for (let at = 0; at < piece.byteLength && !job.settled; at += SLOT_BYTES) {
        while (job.free.length === 0 && !job.settled) await new Promise<void>((wake) => (job.wake = wake));
        job.wake = null;
        const slot = job.free.pop();
        if (job.settled || slot === undefined) break;
        const part = piece.subarray(at, at + SLOT_BYTES);
        new Uint8Array(shared, slot * SLOT_BYTES, part.byteLength).set(part);
        const request: ParseRequest = { id, kind: 'piece', slot, length: part.byteLength, ...(slotsSent ? {} : { slots: shared }) };
        slotsSent = true;
        w.postMessage(request);
      }
    }
  } catch (err) {
    if (!job.settled) {
      settle(id, job);
      w.postMessage({ id, kind: 'cancel' } satisfies ParseRequest);
    }
    throw err;
  }
  // Also after a refusal: the worker then forgets the request.
  w.postMessage({ id, kind: 'end', ...(fileSizeBytes === undefined ? {} : { fileSizeBytes }) } satisfies ParseRequest);
  return done;
}

/**
 * The parameters and toolpath of a G-code file on this machine, read by the worker itself.
 * @throws GcodeFormatError when the file is not readable G-code
 */
export function parseGcodeLocalFile(path: string): Promise<GcodeResult> {
  worker ??= start();
  const w = worker;
  const id = nextId++;
  return new Promise<GcodeResult>((resolve, reject) => {
    jobs.set(id, { free: [], wake: null, settled: false, resolve, reject });
    w.ref();
    w.postMessage({ id, kind: 'file', path } satisfies ParseRequest);
  });
}

/** The parameters and toolpath of a G-code file's bytes held in memory (the caller keeps its own). */
export function parseGcodeBytes(bytes: Uint8Array): Promise<GcodeResult> {
  return parseGcodePieces([bytes]);
}
