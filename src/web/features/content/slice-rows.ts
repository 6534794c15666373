import type { SliceParameters } from '../../../shared/slice';
import type { Params } from '../../i18n/translator';

/**
 * The slice page's rows, grouped as a slicer groups its settings. Each row says how to show its
 * value; a value the slicer did not state shows as "not stated", never as a made-up default.
 */
type T = (key: string, params?: Params) => string;
export type Row = { label: string; value: string | null };

const num = (v: number | null, unit: string, digits = 2) => (v === null ? null : `${Number(v.toFixed(digits))} ${unit}`.trim());
const yesNo = (t: T, v: boolean | null) => (v === null ? null : t(v ? 'content:slice.yes' : 'content:slice.no'));
const label = (t: T, ns: string, v: number | null) => (v === null ? null : t(`enums:${ns}.${v}`));
const duration = (t: T, s: number | null) =>
  s === null ? null : t('content:model.time', { h: Math.floor(s / 3600), m: Math.round((s % 3600) / 60) });
const size = (bytes: number | null) =>
  bytes === null ? null : bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function sliceGroups(p: SliceParameters, t: T): { group: string; rows: Row[] }[] {
  const row = (key: string, value: string | null): Row => ({ label: t(`content:slice.label.${key}`), value });
  const f = p.filament;
  const used = [num(f.usedMm === null ? null : f.usedMm / 1000, 'm'), num(f.usedG, 'g', 1)].filter(Boolean).join(' · ') || null;
  return [
    {
      group: 'overview',
      rows: [
        row('slicer', p.slicer ? [p.slicer.name, p.slicer.version].filter(Boolean).join(' ') : null),
        row('device', p.device),
        row('seriesName', p.seriesName),
        row(
          'dimensions',
          p.dimensions ? `${p.dimensions.x.toFixed(1)} × ${p.dimensions.y.toFixed(1)} × ${p.dimensions.z.toFixed(1)} mm` : null,
        ),
        row('fileSize', size(p.fileSizeBytes)),
        row('layers', p.layers === null ? null : String(p.layers)),
        row('estimatedTime', duration(t, p.estimatedSeconds)),
        row('filament', f.type),
        row('filamentUsed', used),
      ],
    },
    {
      group: 'quality',
      rows: [
        row('layerHeight', num(p.layerHeightMm, 'mm')),
        row('firstLayerHeight', num(p.firstLayerHeightMm, 'mm')),
        row('lineWidth', num(p.lineWidthMm, 'mm')),
      ],
    },
    {
      group: 'walls',
      rows: [
        row('wallLineCount', p.wallLineCount === null ? null : String(p.wallLineCount)),
        row('wallThickness', num(p.wallThicknessMm, 'mm')),
        row('topThickness', num(p.topThicknessMm, 'mm')),
        row('bottomThickness', num(p.bottomThicknessMm, 'mm')),
        row('topLayers', p.topLayers === null ? null : String(p.topLayers)),
        row('bottomLayers', p.bottomLayers === null ? null : String(p.bottomLayers)),
        row('hideZSeam', yesNo(t, p.hideZSeam)),
      ],
    },
    {
      group: 'infill',
      rows: [row('infillPattern', label(t, 'infillPattern', p.infillPattern)), row('infillDensity', num(p.infillDensityPercent, '%', 1))],
    },
    {
      group: 'temperature',
      rows: [row('nozzleTemperature', num(p.nozzleTemperatureC, '°C', 0)), row('bedTemperature', num(p.bedTemperatureC, '°C', 0))],
    },
    {
      group: 'speed',
      rows: [
        row('printSpeed', num(p.printSpeedMmS, 'mm/s', 0)),
        row('initialLayerSpeed', num(p.initialLayerSpeedMmS, 'mm/s', 0)),
        row('travelSpeed', num(p.travelSpeedMmS, 'mm/s', 0)),
      ],
    },
    {
      group: 'retraction',
      rows: [
        row('retractionEnabled', yesNo(t, p.retractionEnabled)),
        row('retractionDistance', num(p.retractionDistanceMm, 'mm')),
        row('retractionSpeed', num(p.retractionSpeedMmS, 'mm/s', 0)),
      ],
    },
    {
      group: 'support',
      rows: [
        row('supportEnabled', yesNo(t, p.supportEnabled)),
        row('supportPlacement', label(t, 'supportPlacement', p.supportPlacement)),
        row('supportPattern', label(t, 'supportPattern', p.supportPattern)),
        row('supportOverhangAngle', num(p.supportOverhangAngleDeg, '°', 0)),
        row('supportSpacing', num(p.supportSpacingMm, 'mm')),
      ],
    },
    { group: 'adhesion', rows: [row('adhesion', label(t, 'adhesion', p.adhesion)), row('raft', yesNo(t, p.raft))] },
    {
      group: 'special',
      rows: [
        row('vaseMode', yesNo(t, p.vaseMode)),
        row('antiAliasing', yesNo(t, p.antiAliasing)),
        row('zCompensation', num(p.zCompensationMm, 'mm')),
      ],
    },
  ];
}

/**
 * The stated rows by group (groups with none left out) and the rows the slicer did not state, in
 * page order, for one folded list instead of a "not stated" row in every group.
 */
export function splitStated(groups: { group: string; rows: Row[] }[]): {
  stated: { group: string; rows: Row[] }[];
  unstated: Row[];
} {
  const stated = groups
    .map(({ group, rows }) => ({ group, rows: rows.filter((r) => r.value !== null) }))
    .filter(({ rows }) => rows.length > 0);
  return { stated, unstated: groups.flatMap(({ rows }) => rows.filter((r) => r.value === null)) };
}
