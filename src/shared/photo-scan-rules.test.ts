import { describe, expect, it } from 'vitest';
import {
  bandOfAngle,
  checkPhotoSet,
  countBands,
  elevationFromXmp,
  elevationOfBeta,
  GEAR_CAP,
  gearShortfall,
  maxPhotos,
  type PhotoRule,
} from './photo-scan-rules';

const rule = (over: Partial<PhotoRule> = {}): PhotoRule => ({ mode: 'standard', objectSize: 'big', gear: 'high', ...over });
const counts = (bottom: number, middle: number, top: number, unassigned = 0) => ({ bottom, middle, top, unassigned });

describe('photo modelling rules', () => {
  it('puts angles in their rings, boundaries in the higher ring', () => {
    expect([0, 29.9, 30, 74.9, 75, 90].map(bandOfAngle)).toEqual(['bottom', 'bottom', 'middle', 'middle', 'top', 'top']);
    expect(bandOfAngle(-10)).toBe('bottom');
    expect(bandOfAngle(120)).toBe('top');
    expect(bandOfAngle(Number.NaN)).toBeNull();
    expect(elevationOfBeta(90)).toBe(0);
    expect(elevationOfBeta(0)).toBe(90);
    expect(elevationOfBeta(-45)).toBe(45);
  });

  it('accepts the standard counts of a big object (24, 24, 12) at the high gear', () => {
    const r = checkPhotoSet(rule(), counts(24, 24, 12));
    expect(r).toMatchObject({ ok: true, total: 60, shortfalls: [] });
    expect(r.bands.map((b) => b.need)).toEqual([24, 24, 12]);
  });

  it('names each ring short of its standard count, and the total', () => {
    const r = checkPhotoSet(rule({ objectSize: 'small' }), counts(12, 5, 2));
    expect(r.ok).toBe(false);
    expect(r.shortfalls).toEqual([
      { key: 'total', have: 19, need: 30 },
      { key: 'band', band: 'middle', have: 5, need: 12 },
      { key: 'band', band: 'top', have: 2, need: 6 },
    ]);
    expect(checkPhotoSet(rule({ objectSize: 'small' }), counts(12, 12, 6)).ok).toBe(true);
  });

  it('free mode: any distribution of at least 30, each ring within the gear cap', () => {
    expect(checkPhotoSet(rule({ mode: 'free' }), counts(24, 6, 0)).ok).toBe(true);
    expect(checkPhotoSet(rule({ mode: 'free' }), counts(20, 6, 3)).shortfalls).toEqual([{ key: 'total', have: 29, need: 30 }]);
    expect(checkPhotoSet(rule({ mode: 'free' }), counts(25, 6, 0)).shortfalls).toEqual([{ key: 'cap', band: 'bottom', have: 25, max: 24 }]);
    expect(checkPhotoSet(rule({ mode: 'free', gear: 'medium' }), counts(12, 12, 6)).ok).toBe(true);
    expect(checkPhotoSet(rule({ mode: 'free', gear: 'medium' }), counts(13, 12, 6)).shortfalls).toEqual([
      { key: 'cap', band: 'bottom', have: 13, max: 12 },
    ]);
  });

  it('counts unassigned photos in the total but refuses them', () => {
    const r = checkPhotoSet(rule({ mode: 'free' }), counts(10, 10, 5, 5));
    expect(r.total).toBe(30);
    expect(r.shortfalls).toEqual([{ key: 'unassigned', count: 5 }]);
    expect(countBands(['top', null, 'top', 'bottom'])).toEqual({ bottom: 1, middle: 0, top: 2, unassigned: 1 });
  });

  it('reports a gear too low for the mode', () => {
    expect(GEAR_CAP).toEqual({ high: 24, medium: 12, low: 8 });
    expect(maxPhotos('high')).toBe(72);
    expect(gearShortfall(rule())).toBeNull();
    expect(gearShortfall(rule({ gear: 'medium' }))).toEqual({ key: 'gear', gear: 'medium', max: 12, need: 24 });
    expect(gearShortfall(rule({ objectSize: 'small', gear: 'medium' }))).toBeNull();
    expect(gearShortfall(rule({ objectSize: 'small', gear: 'low' }))).toEqual({ key: 'gear', gear: 'low', max: 8, need: 12 });
    expect(gearShortfall(rule({ mode: 'free', gear: 'medium' }))).toBeNull();
    expect(gearShortfall(rule({ mode: 'free', gear: 'low' }))).toEqual({ key: 'gear', gear: 'low', max: 8, need: 10 });
    expect(checkPhotoSet(rule({ gear: 'medium' }), counts(12, 12, 12)).shortfalls[0]).toMatchObject({ key: 'gear' });
  });

  it('reads the camera pitch of XMP metadata as an elevation', () => {
    expect(elevationFromXmp('<x drone-dji:GimbalPitchDegree="-45.3" />')).toBe(45.3);
    expect(elevationFromXmp('<GPano:PosePitchDegrees>-80</GPano:PosePitchDegrees>')).toBe(80);
    expect(elevationFromXmp('drone-dji:GimbalPitchDegree="+10"')).toBe(0);
    expect(elevationFromXmp('Exif MM no pitch')).toBeNull();
  });
});
