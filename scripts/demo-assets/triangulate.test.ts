import { describe, expect, it } from 'vitest';
import { cubeLetters } from './calibration-cube';
import { orient, polygonArea, triangulate, type Vec2 } from './triangulate';

const areaOf = (pts: readonly Vec2[], tris: [number, number, number][]) =>
  tris.reduce((s, [a, b, c]) => s + orient(pts[a] as Vec2, pts[b] as Vec2, pts[c] as Vec2) / 2, 0);

const square = (x: number, y: number, s: number): Vec2[] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
];

describe('triangulate', () => {
  it('splits a square into two counter-clockwise triangles, whatever the input winding', () => {
    for (const poly of [square(0, 0, 2), square(0, 0, 2).reverse()]) {
      const tris = triangulate(poly);
      expect(tris).toHaveLength(2);
      for (const [a, b, c] of tris) expect(orient(poly[a] as Vec2, poly[b] as Vec2, poly[c] as Vec2)).toBeGreaterThan(0);
    }
  });

  it('keeps points on straight edges (no T-junctions) and covers the area exactly', () => {
    const poly: Vec2[] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 2],
      [1, 2],
      [0, 2],
      [0, 1],
    ];
    const tris = triangulate(poly);
    expect(tris).toHaveLength(poly.length - 2);
    expect(new Set(tris.flat()).size).toBe(poly.length);
    expect(areaOf(poly, tris)).toBeCloseTo(4, 12);
  });

  it('handles concave letters', () => {
    const { X, Y, Z } = cubeLetters(20);
    for (const letter of [X, Y, Z]) {
      const tris = triangulate(letter);
      expect(tris).toHaveLength(letter.length - 2);
      expect(areaOf(letter, tris)).toBeCloseTo(Math.abs(polygonArea(letter)), 9);
    }
  });

  it('cuts holes (two of them, any winding) out of a face', () => {
    const outer = square(0, 0, 10);
    const holes = [square(2, 2, 2), square(6, 5, 3).reverse()];
    const tris = triangulate(outer, holes);
    const pts = [...outer, ...holes.flat()];
    // n + 2h − 2 triangles for n points and h holes (Euler), and the area of the ring.
    expect(tris).toHaveLength(pts.length + 2 * holes.length - 2);
    expect(areaOf(pts, tris)).toBeCloseTo(100 - 4 - 9, 9);
    for (const [a, b, c] of tris) expect(orient(pts[a] as Vec2, pts[b] as Vec2, pts[c] as Vec2)).toBeGreaterThan(0);
  });

  it('refuses a self-intersecting polygon', () => {
    const bowtie: Vec2[] = [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
    ];
    expect(() => triangulate(bowtie)).toThrow(/triangulate/);
  });
});
