/**
 * One streaming pass over the whole text, fed in pieces as the file is read, for what the comments
 * did not say: the extents of the extruding moves, the number of layer-change markers, whether
 * the file holds a G-code command at all, and the toolpath preview.
 */
import type { Toolpath } from '../../../shared/toolpath';
import { ToolpathCollector } from './toolpath';

export interface MoveScan {
  /** x/y extents and top z (mm) of extruding moves; null when nothing was extruded. */
  dimensions: { x: number; y: number; z: number } | null;
  /** Layer-change markers counted (`;LAYER_CHANGE`, `; CHANGE_LAYER` or Cura `;LAYER:n`); null when none. */
  layers: number | null;
  /** Lines that are a G or M command. */
  commands: number;
  toolpath: Toolpath | null;
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

export class MoveScanner {
  private x = 0;
  private y = 0;
  private z = 0;
  private e = 0;
  private relativeAxes = false;
  private relativeE = false;
  private excluded = false;
  private layerSeen = false;
  private readonly all = new Box();
  private readonly afterLayer = new Box();
  private prusaLayers = 0;
  private bambuLayers = 0;
  private lastLayerZ: string | null = null;
  private zPending = false;
  private readonly curaLayers = new Set<string>();
  private commands = 0;
  private readonly toolpath = new ToolpathCollector();
  /** The start of a line the last piece ended in (never longer than a move line). */
  private carry = '';
  /** The last piece ended inside a line too long to be a move: skip to its end. */
  private skipping = false;

  /** The next piece of the text; lines may be split across pieces anywhere. */
  feed(text: string): void {
    let pos = 0;
    if (this.skipping || this.carry.length > 0) {
      // The line begun in the last piece ends in this one: read it alone, not the piece joined to it.
      const nl = text.indexOf('\n');
      if (nl === -1) {
        if (!this.skipping && this.carry.length + text.length < MAX_MOVE_LINE) this.carry += text;
        else this.dropCarry();
        return;
      }
      if (!this.skipping && this.carry.length + nl < MAX_MOVE_LINE) {
        const line = this.carry + text.slice(0, nl);
        this.line(line, 0, line.length);
      }
      this.carry = '';
      this.skipping = false;
      pos = nl + 1;
    }
    const length = text.length;
    while (pos < length) {
      const nl = text.indexOf('\n', pos);
      if (nl === -1) {
        if (length - pos < MAX_MOVE_LINE) this.carry = text.slice(pos);
        else this.skipping = true;
        return;
      }
      this.line(text, pos, nl);
      pos = nl + 1;
    }
  }

  private dropCarry(): void {
    this.carry = '';
    this.skipping = true;
  }

  finish(): MoveScan {
    if (this.carry.length > 0) this.line(this.carry, 0, this.carry.length);
    this.carry = '';
    const { prusaLayers, bambuLayers, curaLayers } = this;
    const layers = prusaLayers > 0 ? prusaLayers : bambuLayers > 0 ? bambuLayers : curaLayers.size > 0 ? curaLayers.size : null;
    return {
      dimensions: (this.layerSeen ? this.afterLayer : this.all).size,
      layers,
      commands: this.commands,
      toolpath: this.toolpath.finish(),
    };
  }

  private line(text: string, from: number, to: number): void {
    let pos = from;
    while (pos < to && (text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 9)) pos++;
    const lineLength = to - pos;
    if (lineLength >= MAX_MOVE_LINE) return;
    const first = text.charCodeAt(pos);
    // ';' 59, 'G' 71, 'M' 77, 'g' 103, 'm' 109
    if (first === 59) this.comment(text.slice(pos, to).trim());
    else if (first === 71 || first === 77 || first === 103 || first === 109) this.command(text, pos, to);
  }

  private comment(line: string): void {
    if (line === ';LAYER_CHANGE') {
      this.prusaLayers++;
      this.layerMarker();
      this.zPending = true;
    } else if (line.startsWith(';Z:') && this.zPending) {
      const value = line.slice(3);
      if (value === this.lastLayerZ) this.prusaLayers--; // the same layer announced twice (PrusaSlicer vase end)
      this.lastLayerZ = value;
      this.zPending = false;
    } else if (line === '; CHANGE_LAYER') {
      this.bambuLayers++;
      this.layerMarker();
    } else if (line.startsWith(';LAYER:')) {
      this.curaLayers.add(line.slice(7).trim());
      this.layerMarker();
    } else if (line.startsWith(';TYPE:')) {
      this.excluded = EXCLUDED_TYPES.test(line.slice(6).trim());
    } else if (line.startsWith('; FEATURE:')) {
      this.excluded = EXCLUDED_TYPES.test(line.slice(10).trim());
    }
  }

  private layerMarker(): void {
    this.layerSeen = true;
    this.toolpath.marker();
  }

  private command(text: string, from: number, to: number): void {
    const end = words(text, from, to);
    const letter = wordLetters[0];
    if (end === 0 || (letter !== 71 && letter !== 77)) return;
    this.commands++;
    const code = wordValues[0];
    if (letter === 71 && (code === 0 || code === 1 || code === 2 || code === 3)) this.move(end);
    else if (letter === 71 && code === 90) this.relativeAxes = false;
    else if (letter === 71 && code === 91) this.relativeAxes = true;
    else if (letter === 77 && code === 82) this.relativeE = false;
    else if (letter === 77 && code === 83) this.relativeE = true;
    else if (letter === 71 && code === 92) {
      for (let i = 1; i < end; i++) {
        const v = wordValues[i] as number;
        const axis = wordLetters[i];
        if (axis === 69) this.e = v;
        else if (axis === 88) this.x = v;
        else if (axis === 89) this.y = v;
        else if (axis === 90) this.z = v;
      }
    }
  }

  private move(end: number): void {
    const { x, y, z, relativeAxes } = this;
    const relativeE = this.relativeE || relativeAxes;
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
          de = relativeE ? v : v - this.e;
          this.e = relativeE ? this.e + v : v;
          break;
      }
    }
    if (hasXY && de > 1e-9 && !this.excluded) {
      const box = this.layerSeen ? this.afterLayer : this.all;
      box.add(x, y, nz);
      box.add(nx, ny, nz);
      this.toolpath.extrude(x, y, nx, ny, nz);
    } else if (hasXY) this.toolpath.travel();
    this.x = nx;
    this.y = ny;
    this.z = nz;
  }
}

/** The whole text in one piece (tests and small inputs). */
export function scanMoves(text: string): MoveScan {
  const scanner = new MoveScanner();
  scanner.feed(text);
  return scanner.finish();
}
