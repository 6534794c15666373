import { readDemoImage } from '../content/demo-library';
import { fileUrl } from '../content/files';
import type { FileStorage } from '../content/storage';
import type { Seed } from '../db/seed/seed';

/** The demo prizes' pictures (content/demo, made by `npm run demo:assets`), by what they show. */
export const PRIZE_ART = {
  printer: 'prize-printer.svg',
  filament: 'prize-filament.svg',
  'filament-glow': 'prize-filament-glow.svg',
  coupon: 'prize-coupon.svg',
  coins: 'prize-coins.svg',
  premium: 'prize-premium.svg',
  cloud: 'prize-cloud.svg',
  figure: 'prize-figure.svg',
  keychain: 'prize-keychain.svg',
  dragon: 'prize-dragon.svg',
  gift: 'prize-gift.svg',
} as const;
export type PrizeArt = keyof typeof PRIZE_ART;

/** The picture for a prize: by its kind, and for a physical prize by what its English name says it is. */
export function prizeArtFor(kind: number, englishName: string): PrizeArt {
  if (kind === 2) return 'coupon';
  if (kind === 3) return 'coins';
  if (kind === 4) return 'premium';
  if (kind === 5) return 'cloud';
  const rules: [RegExp, PrizeArt][] = [
    [/printer/i, 'printer'],
    [/glow/i, 'filament-glow'],
    [/filament|spool|\bPLA\b/i, 'filament'],
    [/keychain/i, 'keychain'],
    [/dragon/i, 'dragon'],
    [/figur/i, 'figure'],
  ];
  return rules.find(([re]) => re.test(englishName))?.[1] ?? 'gift';
}

/**
 * The demo campaigns' prizes get their pictures (seed 'prize-art-demo-v1', after the campaign
 * seeds): each picture stored once, every demo prize without an image pointed at its own.
 */
export function prizeArtDemoSeed(files: FileStorage): Seed {
  return {
    name: 'prize-art-demo-v1',
    async run(trx, now) {
      const urls = new Map<PrizeArt, string>();
      for (const [art, name] of Object.entries(PRIZE_ART) as [PrizeArt, string][]) {
        const bytes = readDemoImage(name);
        const key = await files.put(bytes, 'svg');
        await trx
          .insertInto('content_files')
          .values({ kind: 'image', storage_key: key, name, mime: 'image/svg+xml', size_bytes: bytes.byteLength, created_at: now })
          .execute();
        urls.set(art, fileUrl(key));
      }
      const prizes = await trx.selectFrom('lottery_prizes').select(['id', 'kind', 'name']).where('image_url', '=', '').execute();
      for (const p of prizes) {
        const english = (JSON.parse(p.name) as { en?: string }).en ?? '';
        await trx
          .updateTable('lottery_prizes')
          .set({ image_url: urls.get(prizeArtFor(p.kind, english)) ?? '' })
          .where('id', '=', p.id)
          .execute();
      }
    },
  };
}
