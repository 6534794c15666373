import zlib from 'node:zlib';

/**
 * Brotli's window for what the server compresses as it answers (pages, API answers). An encoder
 * fed an answer in chunks (a streamed page) allocates buffers for its whole window: at brotli's
 * default window (4 MiB) each such answer held 8.4 MiB outside the JavaScript heap while it was
 * being compressed, 0.6 MiB with a 256 KiB window. Our answers are far below 256 KiB, so the
 * smaller window compresses them as well.
 */
export const BROTLI_WINDOW_BITS = 18;

/** Brotli parameters at `quality` with the server's window. */
export function brotliParams(quality: number): Record<number, number> {
  return { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS };
}

/** The window a brotli stream was made with, read from its first byte (RFC 7932 §9.1). */
export function brotliWindowBits(stream: Buffer): number {
  const b = stream[0] ?? 0;
  if ((b & 1) === 0) return 16;
  const n = (b >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (b >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}
