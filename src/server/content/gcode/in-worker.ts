/**
 * Parses G-code in one long-lived worker thread: the server keeps answering while a large file is
 * read. The file is streamed to the worker piece by piece with a few pieces in flight at most, so
 * neither thread ever holds the whole file. The bundled server runs the bundled worker
 * (`gcode-worker.js` beside it); from source, the worker's TypeScript is loaded through tsx.
 */
import { Worker } from 'node:worker_threads';
import { GcodeFormatError } from './refusals';
import type { GcodeResult } from './stream';
import type { ParseAnswer, ParseRequest } from './worker';

/** Pieces sent and not yet read by the worker before the sender waits. */
const IN_FLIGHT = 4;
/** Bytes held in memory are sent in pieces of this size. */
const PIECE = 256 * 1024;

type Job = {
  unread: number;
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
      job.unread--;
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
  const job: Job = { unread: 0, wake: null, settled: false, resolve, reject };
  jobs.set(id, job);
  // Held open while it has work, so a command-line import waits for its answer.
  w.ref();
  try {
    for await (const piece of pieces) {
      if (job.settled) break;
      for (let at = 0; at < piece.byteLength && !job.settled; at += PIECE) {
        while (job.unread >= IN_FLIGHT && !job.settled) await new Promise<void>((wake) => (job.wake = wake));
        job.wake = null;
        if (job.settled) break;
        // A copy the worker owns: the caller's buffer may be reused or shared.
        const copy = new Uint8Array(piece.subarray(at, at + PIECE));
        job.unread++;
        w.postMessage({ id, kind: 'piece', bytes: copy } satisfies ParseRequest, [copy.buffer]);
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

/** The parameters and toolpath of a G-code file's bytes held in memory (the caller keeps its own). */
export function parseGcodeBytes(bytes: Uint8Array): Promise<GcodeResult> {
  return parseGcodePieces([bytes]);
}
