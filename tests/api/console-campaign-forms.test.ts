import { describe, expect, it } from 'vitest';
import { checkSettings } from '../../src/server/campaigns/settings';
import { CAMPAIGN_KINDS, ZCampaignInput } from '../../src/shared/api/lottery-admin';
import { LOCALES } from '../../src/shared/i18n';
import { blankDraft, draftOf, type Texts } from '../../src/web/features/console/campaign-draft';

const filled = (s: string): Texts => Object.fromEntries(LOCALES.map((l) => [l, `${s} ${l}`])) as Texts;

describe('the campaign forms', () => {
  it.each(CAMPAIGN_KINDS)('start a %s campaign the admin API accepts once its texts are written', (kind) => {
    const d = blankDraft(kind, Date.UTC(2030, 0, 1), 'Asia/Shanghai');
    const input = {
      ...d,
      title: filled('Title'),
      rules: filled('Rules'),
      prizes: d.prizes.map((p) => ({ ...p, name: filled('Prize') })),
      settings: {
        ...d.settings,
        ...(d.settings.collectionCards && {
          collectionCards: d.settings.collectionCards.map((c, i) => ({ ...c, name: filled(`Card ${i}`) })),
        }),
      },
    };
    const parsed = ZCampaignInput.safeParse(input);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const settings = checkSettings(kind, input.settings);
    expect(settings.ok ? [] : settings.issues).toEqual([]);
    // Only a raffle counts days on the server, in its own zone.
    if (kind === 'raffle' && settings.ok) expect(settings.settings).toMatchObject({ timeZone: 'Asia/Shanghai' });
  });

  it('start a blind box as a raffle with the box look', () => {
    expect(blankDraft('raffle', 0, 'UTC', 'box').settings.look).toBe('box');
  });

  it('duplicate a campaign without its prize ids, and edit it with them', () => {
    const stored = {
      id: 7,
      kind: 'giftcode' as const,
      channel: 1,
      title: { en: 'T' },
      rules: { en: 'R' },
      startsAt: 1,
      endsAt: 2,
      restocking: true,
      noWinWeight: 0,
      settings: { timeZone: 'UTC' },
      prizes: [{ id: 3, kind: 1, name: { en: 'P' }, imageUrl: '', stock: 1, weight: 1, perUserCap: null, value: 0, position: 0 }],
      draws: 0,
      createdAt: 0,
      updatedAt: 0,
    };
    expect(draftOf(stored, true).prizes[0]).not.toHaveProperty('id');
    expect(draftOf(stored, false).prizes[0]?.id).toBe(3);
    // A language the stored text lacks is an empty field (flagged), not a missing key.
    expect(draftOf(stored, true).title).toEqual({ en: 'T', 'zh-CN': '', 'zh-TW': '', fr: '' });
  });
});
