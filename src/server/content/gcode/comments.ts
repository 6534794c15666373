/**
 * Reads the comment lines of a G-code file's header and tail only: the first ~500 lines (longer
 * while they stay comments, e.g. Bambu/Orca config blocks after big thumbnails) and the last ~2,000
 * lines (longer when a config block that ends there starts earlier).
 */

const HEADER_LINES = 500;
const TAIL_LINES = 2000;
/** Hard cap of lines read at either end, whatever the blocks say. */
const MAX_LINES = 50_000;
/** Comment lines longer than this are skipped (no setting is that long; a garbage line could be). */
const MAX_LINE_CHARS = 1_000_000;

export interface CommentScan {
  /** `; key = value` (PrusaSlicer family), last occurrence wins. */
  kv: Map<string, string>;
  /** `;KEY:value` / `; key: value` (Cura, Bambu header), key lower-cased, first occurrence wins. */
  tags: Map<string, string>;
  /** `;   key,value` (Simplify3D), first occurrence wins. */
  csv: Map<string, string>;
  /** Payloads of `;SETTING_3 ` lines, in order, without the prefix (Cura's serialized profile). */
  setting3: string[];
  /** The first comment lines of the file (for the slicer's name). */
  firstComments: string[];
  /** Whole-line markers seen, e.g. `CONFIG_BLOCK_START`, `prusaslicer_config = begin`. */
  markers: Set<string>;
}

// Keys are matched on their own, after splitting at the first separator: one character class,
// anchored at both ends, so the match is linear in the line's length whatever the line holds.
const KV_KEY = /^[A-Za-z0-9_][A-Za-z0-9_ [\]().^#-]*$/;
const TAG_KEY = /^[A-Za-z][A-Za-z0-9_ .[\]^/()#-]{0,60}$/;
/** Simplify3D's settings: `;   layerHeight,0.2`. */
const CSV = /^;\s+([A-Za-z][A-Za-z0-9]*),(.*)$/;
/** Longest key looked at (the longest real key is well under this). */
const MAX_KEY_CHARS = 200;
const SETTING = /^;SETTING_\d+ /;
const BLOCK_BEGIN = /^;\s*(?:CONFIG_BLOCK_START|(?:prusa|super)slicer_config = begin)\s*$/i;
const BLOCK_END = /^;\s*(?:CONFIG_BLOCK_END|(?:prusa|super)slicer_config = end)\s*$/i;
const THUMB_BEGIN = /^;\s*(?:thumbnail(?:_[A-Z]+)? begin|THUMBNAIL_BLOCK_START)/i;
const THUMB_END = /^;\s*(?:thumbnail(?:_[A-Z]+)? end|THUMBNAIL_BLOCK_END)/i;

const isCommentOrBlank = (line: string): boolean => {
  const t = line.trimStart();
  return t.length === 0 || t.startsWith(';');
};

/**
 * @param text the file's text, or its head when `tail` is given
 * @param tail the end of a file too large to hold whole, from a line start; null when `text` is whole
 */
export function scanComments(text: string, tail: string | null = null): CommentScan {
  const scan: CommentScan = { kv: new Map(), tags: new Map(), csv: new Map(), setting3: [], firstComments: [], markers: new Set() };

  // Header, forwards.
  const header: string[] = [];
  let pos = 0;
  let inBlock = false;
  while (pos < text.length && header.length < MAX_LINES) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(pos, Math.min(end, pos + MAX_LINE_CHARS + 1));
    if (header.length >= HEADER_LINES && !inBlock && !isCommentOrBlank(line)) break;
    if (BLOCK_BEGIN.test(line)) inBlock = true;
    else if (BLOCK_END.test(line)) inBlock = false;
    header.push(line);
    pos = end + 1;
  }
  const headerEnd = Math.min(pos, text.length);

  // Tail, backwards, never into the header.
  const source = tail ?? text;
  const floor = tail === null ? headerEnd : 0;
  const tailLines: string[] = [];
  let end = source.length;
  inBlock = false;
  while (end > floor && tailLines.length < MAX_LINES) {
    if (tailLines.length >= TAIL_LINES && !inBlock) break;
    const nl = source.lastIndexOf('\n', end - 1);
    const start = Math.max(nl + 1, floor);
    const line = source.slice(start, Math.min(end, start + MAX_LINE_CHARS + 1));
    if (BLOCK_END.test(line)) inBlock = true;
    else if (BLOCK_BEGIN.test(line)) inBlock = false;
    tailLines.push(line);
    end = nl === -1 ? 0 : nl;
  }
  tailLines.reverse();

  readLines(header, scan, true);
  readLines(tailLines, scan, false);
  return scan;
}

function readLines(lines: readonly string[], scan: CommentScan, isHeader: boolean): void {
  let inThumbnail = false;
  for (const rawLine of lines) {
    if (rawLine.length > MAX_LINE_CHARS) continue;
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (!line.startsWith(';')) continue;
    if (THUMB_BEGIN.test(line)) inThumbnail = true;
    if (inThumbnail) {
      if (THUMB_END.test(line)) inThumbnail = false;
      continue;
    }
    if (isHeader && scan.firstComments.length < 200) scan.firstComments.push(line);
    const setting = SETTING.exec(line);
    if (setting) {
      scan.setting3.push(line.slice(setting[0].length));
      continue;
    }
    if (BLOCK_BEGIN.test(line) || BLOCK_END.test(line) || /^;\s*(?:HEADER|EXECUTABLE)_BLOCK_(?:START|END)\s*$/.test(line)) {
      scan.markers.add(line.replace(/^;\s*/, '').trim());
      continue;
    }
    const csv = CSV.exec(line);
    if (csv?.[1] !== undefined && csv[2] !== undefined) {
      if (!scan.csv.has(csv[1])) scan.csv.set(csv[1], csv[2].trim());
      continue;
    }
    const kv = splitSetting(line, '=', KV_KEY);
    if (kv) {
      scan.kv.set(kv[0], kv[1]);
      continue;
    }
    const tag = splitSetting(line, ':', TAG_KEY);
    if (tag) {
      const key = tag[0].toLowerCase();
      if (!scan.tags.has(key)) scan.tags.set(key, tag[1]);
    }
  }
}

/** `;key<separator>value` split at the first separator, key and value trimmed; null when the key is not one. */
export function splitSetting(line: string, separator: string, key: RegExp): [string, string] | null {
  const at = line.indexOf(separator, 1);
  if (at === -1) return null;
  const name = line.slice(1, at).trim();
  if (name.length === 0 || name.length > MAX_KEY_CHARS || !key.test(name)) return null;
  return [name, line.slice(at + 1).trim()];
}
