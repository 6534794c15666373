import { describe, expect, it } from 'vitest';
import { fittedWheelLabel, WHEEL_FONT, wheelLabel } from './wheel-label';

describe('wheelLabel', () => {
  it('keeps words whole', () => {
    expect(wheelLabel('Creality K1C 3D printer')).toBe('Creality\nK1C 3D\nprinter');
    expect(wheelLabel('200 Cuvacoins')).toBe('200\nCuvacoins');
  });
  it('breaks CJK text between characters', () => {
    expect(wheelLabel('Creality K1C 3D 打印机')).toBe('Creality\nK1C 3D\n打印机');
    expect(wheelLabel('切片软件专业版兑换券')).toBe('切片软件专\n业版兑换券');
  });
  it('ends a name too long for the segment with an ellipsis', () => {
    const label = wheelLabel('Lot de filament PLA (4 × 1 kg) en édition limitée');
    expect(label.split('\n')).toHaveLength(3);
    expect(label.endsWith('…')).toBe(true);
  });
  it('splits a word longer than a line', () => {
    expect(wheelLabel('Supercalifragilistic')).toBe('Supercalifr\nagilistic');
  });
});

describe('fittedWheelLabel', () => {
  it('keeps the normal size for names that fit', () => {
    expect(fittedWheelLabel('200 Cuvacoins')).toEqual({ text: '200\nCuvacoins', size: WHEEL_FONT.normal });
  });
  it('sets a name cut at the normal size smaller, whole', () => {
    const { text, size } = fittedWheelLabel('PLA filament bundle (4 colours)');
    expect(size).toBe(WHEEL_FONT.small);
    expect(text.replace(/\n/g, ' ')).toBe('PLA filament bundle (4 colours)');
  });
});
