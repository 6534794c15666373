import { readZipDirectory, readZipEntry, type ZipEntry, ZipFormatError } from './zip-directory';

const MB = 1024 * 1024;

/**
 * What a 3MF model may unpack to. Visitors' 3D viewers inflate the whole package in the browser,
 * allocating each part's declared size: a small upload must not unpack to gigabytes. Mesh XML
 * packs about 5 to 10 times; a part packed over 100 times (a block of zeros, a repeated string)
 * is what archive bombs are made of, so it is refused above a small size.
 */
export const MAX_3MF = {
  entries: 1000,
  unpackedBytes: 512 * MB,
  entryBytes: 256 * MB,
  ratio: 100,
  /** Parts this small may pack any amount (short XML of repeated whitespace does). */
  ratioFreeBytes: MB,
} as const;

export type ThreeMfCheck = { ok: true } | { ok: false; problem: 'unsupported' | 'unpacked'; reason: string };

const MODEL_RELATIONSHIP = 'http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel';
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** Why the entries would unpack too large (by what the directory declares), or null. */
export function unpackedProblem(entries: readonly ZipEntry[]): string | null {
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (e.size > MAX_3MF.entryBytes) return `${e.name} unpacks to ${e.size} bytes`;
    if (e.size > MAX_3MF.ratioFreeBytes && e.size > e.compressedSize * MAX_3MF.ratio)
      return `${e.name} unpacks ${Math.round(e.size / Math.max(1, e.compressedSize))} times its packed size`;
  }
  return total > MAX_3MF.unpackedBytes ? `the parts unpack to ${total} bytes` : null;
}

/**
 * A 3MF model is an OPC package in a ZIP archive: read its directory (never trusting names found
 * anywhere in the bytes), refuse it by the sizes and count its entries declare, and require the
 * package's parts: `[Content_Types].xml`, `_rels/.rels`, and the 3D model part that `.rels` names.
 */
export function check3mf(bytes: Buffer): ThreeMfCheck {
  const refuse = (reason: string, problem: 'unsupported' | 'unpacked' = 'unsupported'): ThreeMfCheck => ({ ok: false, problem, reason });
  try {
    const entries = readZipDirectory(bytes, MAX_3MF.entries);
    const unpacked = unpackedProblem(entries);
    if (unpacked) return refuse(unpacked, 'unpacked');

    // Part names are case-insensitive in OPC.
    const byName = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
    const rels = byName.get('_rels/.rels');
    if (!byName.has('[content_types].xml') || !rels)
      return refuse('a ZIP archive that is not a 3MF package (no content types or relationships part)');
    if (rels.size > MB) return refuse('a 3MF package with an oversized relationships part');
    const targets = (
      readZipEntry(bytes, rels)
        .toString('utf8')
        .match(/<Relationship\b[^>]*>/g) ?? []
    )
      .filter((tag) => attribute(tag, 'Type') === MODEL_RELATIONSHIP)
      .map((tag) => (attribute(tag, 'Target') ?? '').replace(/^\//, '').toLowerCase());
    if (!targets.some((t) => byName.has(t))) return refuse('a 3MF package without its 3D model part');
    return { ok: true };
  } catch (err) {
    // Offsets are checked before each read; a RangeError would still be a broken archive, not a fault.
    if (err instanceof RangeError) return refuse('a broken ZIP archive');
    if (!(err instanceof ZipFormatError)) throw err;
    return refuse(
      err.kind === 'limit' ? `more than ${MAX_3MF.entries} parts (${err.message})` : err.message,
      err.kind === 'limit' ? 'unpacked' : 'unsupported',
    );
  }
}
