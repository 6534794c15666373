/**
 * Photo modelling rules (`/webview/photo-modelling`) as pure functions, so the
 * page's checker and the server's submit check read the same numbers.
 *
 * Reading of the spec:
 * - A set needs at least 30 photos in every mode.
 * - Standard mode: each camera ring needs its count — big object 24 bottom, 24 middle, 12 top;
 *   small object 12, 12, 6. Free mode: any distribution over the rings.
 * - Angle bands (the camera's elevation above the object's base plane): bottom 0–30°, middle
 *   30–75°, top 75–90°; a boundary angle belongs to the higher ring (30° is middle, 75° top).
 * - Quality gears ("high up to 24 photos, medium 12, low 8") cap the photos of one ring at that
 *   gear: a ring with more than the cap is a shortfall in every mode. So a gear can be too low for a
 *   mode: standard big needs 24 a ring (high only), standard small 12 (high or medium), and free
 *   needs three rings to hold 30 (low holds 24: never enough). Such a choice is reported as the
 *   `gear` shortfall, and the server refuses to open such a job.
 */

export const BANDS = ['bottom', 'middle', 'top'] as const;
export type Band = (typeof BANDS)[number];
export const MODES = ['standard', 'free'] as const;
export type PhotoMode = (typeof MODES)[number];
export const OBJECT_SIZES = ['big', 'small'] as const;
export type ObjectSize = (typeof OBJECT_SIZES)[number];
export const GEARS = ['high', 'medium', 'low'] as const;
export type Gear = (typeof GEARS)[number];

/** At least this many photos in a set (every mode). */
export const MIN_PHOTOS = 30;
/** Standard mode: photos each ring needs, by object size. */
export const BAND_REQUIRED: Record<ObjectSize, Record<Band, number>> = {
  big: { bottom: 24, middle: 24, top: 12 },
  small: { bottom: 12, middle: 12, top: 6 },
};
/** Most photos of one ring at each quality gear. */
export const GEAR_CAP: Record<Gear, number> = { high: 24, medium: 12, low: 8 };
/** The angle bands, degrees of elevation: [from, to). */
export const BAND_ANGLES: Record<Band, readonly [number, number]> = { bottom: [0, 30], middle: [30, 75], top: [75, 90] };
/** Largest photo accepted by the server (bytes). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/**
 * Largest photo side and area (pixels): room for any phone or camera photo (108-megapixel phone
 * sensors included), while bounding what the reconstruction has to decode.
 */
export const MAX_PHOTO_SIDE = 16_384;
export const MAX_PHOTO_PIXELS = 120_000_000;
/** Bytes a photo may hold beyond its raw pixels: EXIF, ICC profiles, XMP (with phones' depth maps). */
export const PHOTO_METADATA_ALLOWANCE = 4 * 1024 * 1024;
/** Photos a job can hold: three full rings at its gear. */
export const maxPhotos = (gear: Gear) => GEAR_CAP[gear] * BANDS.length;

export interface PhotoRule {
  mode: PhotoMode;
  objectSize: ObjectSize;
  gear: Gear;
}
export type BandCounts = Record<Band, number>;

/** One reason a set cannot be submitted: a key of the `photo:shortfall` catalogue and its numbers. */
export type Shortfall =
  | { key: 'gear'; gear: Gear; max: number; need: number }
  | { key: 'total'; have: number; need: number }
  | { key: 'band'; band: Band; have: number; need: number }
  | { key: 'cap'; band: Band; have: number; max: number }
  | { key: 'unassigned'; count: number };

export interface BandReport {
  band: Band;
  have: number;
  /** Standard mode's count for the ring; null in free mode. */
  need: number | null;
  max: number;
}

export interface SetReport {
  bands: BandReport[];
  total: number;
  shortfalls: Shortfall[];
  ok: boolean;
}

/** The ring of a camera elevation (degrees, clamped to 0–90); null when not a number. */
export function bandOfAngle(degrees: number): Band | null {
  if (!Number.isFinite(degrees)) return null;
  const d = Math.min(90, Math.max(0, degrees));
  if (d < BAND_ANGLES.bottom[1]) return 'bottom';
  if (d < BAND_ANGLES.middle[1]) return 'middle';
  return 'top';
}

/**
 * The camera's elevation from a device-orientation `beta` (front-to-back tilt, degrees): a phone
 * held upright (beta 90) looks level (0°); lying flat, camera down (beta 0), it looks straight
 * down on the object (90°).
 */
export const elevationOfBeta = (beta: number) => 90 - Math.min(90, Math.abs(beta));

/** The gear problem of a rule, if its rings cannot hold what the mode needs. */
export function gearShortfall(rule: PhotoRule): Extract<Shortfall, { key: 'gear' }> | null {
  const max = GEAR_CAP[rule.gear];
  const need = rule.mode === 'standard' ? Math.max(...Object.values(BAND_REQUIRED[rule.objectSize])) : Math.ceil(MIN_PHOTOS / BANDS.length);
  return max < need ? { key: 'gear', gear: rule.gear, max, need } : null;
}

/** Counts photos per ring. */
export function countBands(bands: readonly (Band | null)[]): BandCounts & { unassigned: number } {
  const out = { bottom: 0, middle: 0, top: 0, unassigned: 0 };
  for (const b of bands) out[b ?? 'unassigned'] += 1;
  return out;
}

/** The counts of a set against the rule, with every shortfall (empty when it can be submitted). */
export function checkPhotoSet(rule: PhotoRule, counts: BandCounts & { unassigned?: number }): SetReport {
  const max = GEAR_CAP[rule.gear];
  const required = rule.mode === 'standard' ? BAND_REQUIRED[rule.objectSize] : null;
  const bands = BANDS.map((band) => ({ band, have: counts[band], need: required ? required[band] : null, max }));
  const unassigned = counts.unassigned ?? 0;
  const total = bands.reduce((n, b) => n + b.have, 0) + unassigned;
  const shortfalls: Shortfall[] = [];
  const gear = gearShortfall(rule);
  if (gear) shortfalls.push(gear);
  if (unassigned > 0) shortfalls.push({ key: 'unassigned', count: unassigned });
  if (total < MIN_PHOTOS) shortfalls.push({ key: 'total', have: total, need: MIN_PHOTOS });
  for (const b of bands) {
    if (b.need !== null && b.have < b.need) shortfalls.push({ key: 'band', band: b.band, have: b.have, need: b.need });
    if (b.have > max) shortfalls.push({ key: 'cap', band: b.band, have: b.have, max });
  }
  return { bands, total, shortfalls, ok: shortfalls.length === 0 };
}

/**
 * The camera's elevation recorded in a photo's XMP metadata, if any: drones and 360° cameras write
 * the camera pitch (DJI `GimbalPitchDegree`, Google photo sphere `PosePitchDegrees`; negative is
 * looking down). Plain EXIF has no pitch, so most phone photos give none (null).
 */
export function elevationFromXmp(text: string): number | null {
  const m = /(?:GimbalPitchDegree|PosePitchDegrees|CameraPitch)(?:="|>)\s*([+-]?\d+(?:\.\d+)?)/.exec(text);
  if (!m?.[1]) return null;
  const pitch = Number(m[1]);
  return Number.isFinite(pitch) ? Math.min(90, Math.max(0, -pitch)) : null;
}
