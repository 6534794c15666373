import { describe, expect, it } from 'vitest';
import { encodePng, PNG_SIGNATURE } from './png';
import { decodePng } from './test-readers';

describe('PNG encoder', () => {
  it('writes signature, IHDR, IDAT and IEND that decode to the same pixels', () => {
    const w = 7;
    const h = 5;
    const rgb = new Uint8Array(w * h * 3).map((_, i) => (i * 37 + (i >> 4) * 11) & 0xff);
    const png = encodePng(w, h, rgb);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const d = decodePng(png);
    expect(d).toMatchObject({ width: w, height: h, bitDepth: 8, colourType: 2, chunkTypes: ['IHDR', 'IDAT', 'IEND'] });
    expect(Buffer.from(d.rgb).equals(Buffer.from(rgb))).toBe(true);
    expect(png.subarray(-12).equals(Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]))).toBe(true);
  });

  it('refuses pixel data of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow(RangeError);
    expect(() => encodePng(0, 2, new Uint8Array(0))).toThrow(RangeError);
  });
});
