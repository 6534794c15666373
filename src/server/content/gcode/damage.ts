/**
 * Whether a file ends before the print does (an interrupted upload or copy). Only what a slicer
 * always writes counts as missing; a slicer whose ending is not known is judged by its layers
 * and height alone.
 */
import type { SliceParameters } from '../../../shared/slice';
import type { CommentScan } from './comments';
import type { MoveScan } from './moves';

/** The last lines each slicer always writes, or null when the slicer's ending is not known. */
function hasFooter(slicer: SliceParameters['slicer'], scan: CommentScan): boolean | null {
  const name = slicer?.name;
  const major = Number.parseInt(slicer?.version ?? '', 10);
  switch (name) {
    case 'Bambu Studio':
      return scan.markers.has('EXECUTABLE_BLOCK_END');
    case 'PrusaSlicer':
    case 'SuperSlicer':
    case 'OrcaSlicer':
    case 'Slic3r':
      // The summary before the config block: "; filament used [mm] = …" (Slic3r: "; filament used = …").
      return scan.kv.has('filament used [mm]') || scan.kv.has('filament used');
    case 'Cura':
      // Cura 2 and later end with the ;SETTING_3 profile; Cura 15 wrote none.
      return Number.isFinite(major) && major >= 2 && major < 15 ? scan.setting3.length > 0 : null;
    case 'Simplify3D':
      return scan.tags.has('build time');
    case 'ideaMaker':
      return scan.tags.has('print time');
    case 'KISSlicer':
      return scan.tags.has('estimated build time') || scan.tags.has('calculated-during-export build time');
    default:
      return null;
  }
}

/**
 * @param statedTop the height the comments state (header or bounding box), or null
 */
export function isTruncated(p: SliceParameters, scan: CommentScan, moves: MoveScan, statedTop: number | null): boolean {
  if (hasFooter(p.slicer, scan) === false) return true;
  if (p.layersSource === 'comments' && p.layers !== null && moves.layers !== null && moves.layers < p.layers) return true;
  if (statedTop !== null) {
    const movedTop = moves.dimensions?.z ?? 0;
    const margin = Math.max(2 * (p.layerHeightMm ?? 0.2), 0.5);
    if (movedTop < statedTop - margin) return true;
  }
  return false;
}
