/**
 * Parses G-code in one long-lived worker thread, one file at a time: the server keeps answering
 * while a large file is read. The bundled server runs the bundled worker (`gcode-worker.js`
 * beside it); from source, the worker's TypeScript is loaded through tsx.
 */
import { Worker } from 'node:worker_threads';
import type { SliceParameters } from '../../../shared/slice';
import { GcodeFormatError } from './parse';
import type { ParseAnswer, ParseRequest } from './worker';

type Pending = { resolve: (p: SliceParameters) => void; reject: (e: Error) => void };

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
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
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) w.unref();
    if (!waiting) return;
    if (answer.ok) waiting.resolve(answer.params);
    else waiting.reject(answer.format ? new GcodeFormatError(answer.message) : new Error(answer.message));
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    for (const waiting of pending.values()) waiting.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`the G-code worker stopped (exit code ${code})`)));
  return w;
}

/**
 * The parameters of a G-code file's bytes (copied to the worker; the caller keeps its own).
 * @throws GcodeFormatError when the bytes are not readable G-code
 */
export function parseGcodeBytes(bytes: Uint8Array): Promise<SliceParameters> {
  worker ??= start();
  const w = worker;
  const id = nextId++;
  const copy = new Uint8Array(bytes);
  return new Promise<SliceParameters>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Held open while it has work, so a command-line import waits for its answer.
    w.ref();
    w.postMessage({ id, bytes: copy } satisfies ParseRequest, [copy.buffer]);
  });
}
