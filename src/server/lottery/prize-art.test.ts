import { describe, expect, it } from 'vitest';
import raffle from '../../../docs/examples/raffle.json';
import { prizeArtFor } from './prize-art';

describe('the demo prizes’ pictures', () => {
  it('follow the prize kind, and for a physical prize what its name says it is', () => {
    expect(prizeArtFor(3, '200 Cuvacoins')).toBe('coins');
    expect(prizeArtFor(4, '30 days of premium')).toBe('premium');
    expect(prizeArtFor(5, '50 GB of cloud space')).toBe('cloud');
    expect(prizeArtFor(2, 'Slicer Pro coupon (1 year)')).toBe('coupon');
    expect(prizeArtFor(1, 'Creality K1C 3D printer')).toBe('printer');
    expect(prizeArtFor(1, 'Glow-in-the-dark PLA spool')).toBe('filament-glow');
    expect(prizeArtFor(1, 'PLA filament bundle (4 × 1 kg)')).toBe('filament');
    expect(prizeArtFor(1, 'Printed Chengdu panda keychain')).toBe('keychain');
    expect(prizeArtFor(1, 'Printed flexi dragon')).toBe('dragon');
    expect(prizeArtFor(1, 'Painted resin mini figure')).toBe('figure');
    expect(prizeArtFor(1, 'Something else')).toBe('gift');
  });

  it('give every prize of the example raffle a picture of its own kind', () => {
    const arts = raffle.prizes.map((p) => prizeArtFor(p.kind, p.name.en));
    expect(arts).not.toContain('gift');
  });
});
