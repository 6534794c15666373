/**
 * Splits an animated PNG into its frames so a player can show any of them (an <img> only plays
 * an APNG from start to end, forever). Each frame's data becomes a PNG of its own, decoded by the
 * browser; the player composes them in order over one canvas.
 */
export interface ApngFrame {
  bitmap: ImageBitmap;
  x: number;
  y: number;
  /** Display time in milliseconds. */
  delayMs: number;
  /** Cleared to transparent after display (dispose "background"); "previous" reads as "none". */
  clearAfter: boolean;
  /** Replaces its rectangle (blend "source") rather than drawing over it. */
  replace: boolean;
}

export interface Apng {
  width: number;
  height: number;
  frames: ApngFrame[];
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Null when the bytes are not an animated PNG (a still PNG, or something else). */
export async function decodeApng(buffer: ArrayBuffer): Promise<Apng | null> {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(buffer);
  let ihdr: Uint8Array | null = null;
  let animated = false;
  /** Chunks every frame's PNG needs (palette, transparency, colour space), in file order. */
  const shared: Uint8Array[] = [];
  type Pending = Omit<ApngFrame, 'bitmap'> & { w: number; h: number; data: Uint8Array[] };
  const pending: Pending[] = [];
  for (let o = 8; o + 12 <= bytes.length; ) {
    const len = view.getUint32(o);
    const type = String.fromCharCode(...bytes.subarray(o + 4, o + 8));
    const data = bytes.subarray(o + 8, o + 8 + len);
    o += 12 + len;
    if (type === 'IHDR') ihdr = data;
    else if (type === 'acTL') animated = true;
    else if (type === 'fcTL') {
      const d = new DataView(data.buffer, data.byteOffset, data.byteLength);
      const den = d.getUint16(22) || 100;
      pending.push({
        w: d.getUint32(4),
        h: d.getUint32(8),
        x: d.getUint32(12),
        y: d.getUint32(16),
        delayMs: (d.getUint16(20) / den) * 1000,
        clearAfter: data[24] === 1,
        replace: data[25] === 0,
        data: [],
      });
    } else if (type === 'IDAT') pending.at(-1)?.data.push(data);
    else if (type === 'fdAT') pending.at(-1)?.data.push(data.subarray(4));
    else if (type !== 'IEND' && pending.length === 0) shared.push(chunk(type, data));
  }
  if (!ihdr || !animated || pending.length === 0) return null;
  const header = ihdr;
  const frames = await Promise.all(
    pending.map(async (f) => {
      const h = header.slice();
      const hv = new DataView(h.buffer);
      hv.setUint32(0, f.w);
      hv.setUint32(4, f.h);
      const parts = [
        new Uint8Array(SIGNATURE),
        chunk('IHDR', h),
        ...shared,
        ...f.data.map((d) => chunk('IDAT', d)),
        chunk('IEND', new Uint8Array(0)),
      ];
      const bitmap = await createImageBitmap(new Blob(parts as BlobPart[], { type: 'image/png' }));
      return { bitmap, x: f.x, y: f.y, delayMs: f.delayMs, clearAfter: f.clearAfter, replace: f.replace };
    }),
  );
  return {
    width: new DataView(header.buffer, header.byteOffset).getUint32(0),
    height: new DataView(header.buffer, header.byteOffset).getUint32(4),
    frames,
  };
}
