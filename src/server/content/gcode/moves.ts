/**
 * One streaming pass over the whole text for what the comments did not say: the extents of the
 * extruding moves and the number of layer-change markers.
 */

export interface MoveScan {
  /** x/y extents and top z (mm) of extruding moves; null when nothing was extruded. */
  dimensions: { x: number; y: number; z: number } | null;
  /** Layer-change markers counted (`;LAYER_CHANGE`, `; CHANGE_LAYER` or Cura `;LAYER:n`); null when none. */
  layers: number | null;
}

/** Move lines longer than this are not G-code (a garbage line); skipped. */
const MAX_MOVE_LINE = 512;
/** Feature types that are not the model: skirt/brim, towers, custom start/end code. */
const EXCLUDED_TYPES = /^(?:skirt|brim|skirt\/brim|custom|wipe tower|prime tower|prime-tower|purge|wipe)$/i;

/** The words of the line being read: upper-case letter codes and their numbers (`G1 X10.5` → G 1, X 10.5). */
const wordLetters = new Int32Array(MAX_MOVE_LINE);
const wordValues = new Float64Array(MAX_MOVE_LINE);

/**
 * Reads the words of `text[from, to)` up to a `;` comment into `wordLetters`/`wordValues` by
 * character codes (the hot loop of a large file: no substrings, no regular expressions).
 * A letter without a number is skipped. Returns the number of words.
 */
function words(text: string, from: number, to: number): number {
  let count = 0;
  let i = from;
  while (i < to) {
    let c = text.charCodeAt(i);
    if (c === 59) break; // ;
    if (c >= 97 && c <= 122) c -= 32;
    if (c < 65 || c > 90) {
      i++;
      continue;
    }
    i++;
    while (i < to && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    let sign = 1;
    let ch = text.charCodeAt(i);
    if (ch === 45 || ch === 43) {
      if (ch === 45) sign = -1;
      i++;
      ch = text.charCodeAt(i);
    }
    let value = 0;
    let digits = 0;
    while (i < to && ch >= 48 && ch <= 57) {
      value = value * 10 + (ch - 48);
      digits++;
      ch = text.charCodeAt(++i);
    }
    if (i < to && ch === 46) {
      let scale = 0.1;
      ch = text.charCodeAt(++i);
      while (i < to && ch >= 48 && ch <= 57) {
        value += (ch - 48) * scale;
        scale /= 10;
        digits++;
        ch = text.charCodeAt(++i);
      }
    }
    if (digits === 0) continue;
    wordLetters[count] = c;
    wordValues[count] = sign * value;
    count++;
  }
  return count;
}

class Box {
  minX = Number.POSITIVE_INFINITY;
  maxX = Number.NEGATIVE_INFINITY;
  minY = Number.POSITIVE_INFINITY;
  maxY = Number.NEGATIVE_INFINITY;
  maxZ = Number.NEGATIVE_INFINITY;
  add(x: number, y: number, z: number): void {
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
    if (z > this.maxZ) this.maxZ = z;
  }
  get size(): { x: number; y: number; z: number } | null {
    if (!Number.isFinite(this.minX) || !Number.isFinite(this.maxZ)) return null;
    return { x: round(this.maxX - this.minX), y: round(this.maxY - this.minY), z: round(this.maxZ) };
  }
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

export function scanMoves(text: string): MoveScan {
  let x = 0;
  let y = 0;
  let z = 0;
  let e = 0;
  let relativeAxes = false;
  let relativeE = false;
  let excluded = false;
  let layerSeen = false;
  const all = new Box();
  const afterLayer = new Box();

  let prusaLayers = 0;
  let bambuLayers = 0;
  let lastLayerZ: string | null = null;
  let zPending = false;
  const curaLayers = new Set<string>();

  let pos = 0;
  const length = text.length;
  while (pos < length) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = length;
    const lineLength = nl - pos;
    const first = text.charCodeAt(pos);
    // ';' 59, 'G' 71, 'M' 77, 'g' 103, 'm' 109
    if (first === 59 && lineLength < MAX_MOVE_LINE) {
      const line = text.slice(pos, nl).trim();
      if (line === ';LAYER_CHANGE') {
        prusaLayers++;
        layerSeen = true;
        zPending = true;
      } else if (line.startsWith(';Z:') && zPending) {
        const value = line.slice(3);
        if (value === lastLayerZ) prusaLayers--; // the same layer announced twice (PrusaSlicer vase end)
        lastLayerZ = value;
        zPending = false;
      } else if (line === '; CHANGE_LAYER') {
        bambuLayers++;
        layerSeen = true;
      } else if (line.startsWith(';LAYER:')) {
        curaLayers.add(line.slice(7).trim());
        layerSeen = true;
      } else if (line.startsWith(';TYPE:')) {
        excluded = EXCLUDED_TYPES.test(line.slice(6).trim());
      } else if (line.startsWith('; FEATURE:')) {
        excluded = EXCLUDED_TYPES.test(line.slice(10).trim());
      }
    } else if ((first === 71 || first === 77 || first === 103 || first === 109) && lineLength < MAX_MOVE_LINE) {
      const end = words(text, pos, nl);
      const letter = wordLetters[0];
      const code = end > 0 && (letter === 71 || letter === 77) ? wordValues[0] : Number.NaN;
      if (letter === 71 && (code === 0 || code === 1 || code === 2 || code === 3)) {
        let nx = x;
        let ny = y;
        let nz = z;
        let de = 0;
        let hasXY = false;
        for (let i = 1; i < end; i++) {
          const v = wordValues[i] as number;
          switch (wordLetters[i]) {
            case 88: // X
              nx = relativeAxes ? x + v : v;
              hasXY = true;
              break;
            case 89: // Y
              ny = relativeAxes ? y + v : v;
              hasXY = true;
              break;
            case 90: // Z
              nz = relativeAxes ? z + v : v;
              break;
            case 69: // E
              de = relativeE || relativeAxes ? v : v - e;
              e = relativeE || relativeAxes ? e + v : v;
              break;
          }
        }
        if (hasXY && de > 1e-9 && !excluded) {
          const box = layerSeen ? afterLayer : all;
          box.add(x, y, nz);
          box.add(nx, ny, nz);
        }
        x = nx;
        y = ny;
        z = nz;
      } else if (letter === 71 && code === 90) relativeAxes = false;
      else if (letter === 71 && code === 91) relativeAxes = true;
      else if (letter === 77 && code === 82) relativeE = false;
      else if (letter === 77 && code === 83) relativeE = true;
      else if (letter === 71 && code === 92) {
        for (let i = 1; i < end; i++) {
          const v = wordValues[i] as number;
          const axis = wordLetters[i];
          if (axis === 69) e = v;
          else if (axis === 88) x = v;
          else if (axis === 89) y = v;
          else if (axis === 90) z = v;
        }
      }
    }
    pos = nl + 1;
  }

  const layers = prusaLayers > 0 ? prusaLayers : bambuLayers > 0 ? bambuLayers : curaLayers.size > 0 ? curaLayers.size : null;
  return { dimensions: (layerSeen ? afterLayer : all).size, layers };
}
