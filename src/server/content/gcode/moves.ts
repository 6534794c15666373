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
const WORD = /([A-Za-z])\s*([-+]?(?:\d+\.?\d*|\.\d+))/g;

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
      let line = text.slice(pos, nl);
      const semi = line.indexOf(';');
      if (semi !== -1) line = line.slice(0, semi);
      WORD.lastIndex = 0;
      const head = WORD.exec(line);
      const code = head ? `${head[1]?.toUpperCase()}${Number(head[2])}` : '';
      if (code === 'G0' || code === 'G1' || code === 'G2' || code === 'G3') {
        let nx = x;
        let ny = y;
        let nz = z;
        let de = 0;
        let hasXY = false;
        for (let w = WORD.exec(line); w; w = WORD.exec(line)) {
          const v = Number(w[2]);
          switch (w[1]?.toUpperCase()) {
            case 'X':
              nx = relativeAxes ? x + v : v;
              hasXY = true;
              break;
            case 'Y':
              ny = relativeAxes ? y + v : v;
              hasXY = true;
              break;
            case 'Z':
              nz = relativeAxes ? z + v : v;
              break;
            case 'E':
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
      } else if (code === 'G90') relativeAxes = false;
      else if (code === 'G91') relativeAxes = true;
      else if (code === 'M82') relativeE = false;
      else if (code === 'M83') relativeE = true;
      else if (code === 'G92') {
        for (let w = WORD.exec(line); w; w = WORD.exec(line)) {
          const v = Number(w[2]);
          const axis = w[1]?.toUpperCase();
          if (axis === 'E') e = v;
          else if (axis === 'X') x = v;
          else if (axis === 'Y') y = v;
          else if (axis === 'Z') z = v;
        }
      }
    }
    pos = nl + 1;
  }

  const layers = prusaLayers > 0 ? prusaLayers : bambuLayers > 0 ? bambuLayers : curaLayers.size > 0 ? curaLayers.size : null;
  return { dimensions: (layerSeen ? afterLayer : all).size, layers };
}
