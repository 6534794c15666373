import { createContentService } from '../content/service';
import type { FileStorage } from '../content/storage';
import type { Seed } from '../db/seed/seed';
import { insertContest } from './service';

const DAY = 86_400_000;

/**
 * The modeler programme's demo (seed 'modeler-demo-v1'): one contest running for 30 days from the
 * day before the seed, voting open, with four entries showing the demo library's models (read
 * through the content service; it runs after the content seed), and two open requests.
 */
export function modelerDemoSeed(files: FileStorage): Seed {
  return {
    name: 'modeler-demo-v1',
    async run(trx, now) {
      const content = createContentService(trx, files);
      const models = (await Promise.all([1, 2, 3, 4].map((id) => content.model(id)))).flatMap((m) => (m && m.images.length > 0 ? [m] : []));
      const startsAt = now - DAY;
      await insertContest(
        trx,
        files,
        {
          title: 'Desk Companions Design Contest',
          description: 'Design a useful or delightful object for the desk. Members vote for their favourites.',
          startsAt,
          endsAt: startsAt + 30 * DAY,
          voteStartsAt: startsAt,
          voteEndsAt: startsAt + 30 * DAY,
          entries: models.map((m) => ({ title: m.title, designer: m.author.nickname, modelId: Number(m.id) })),
        },
        now,
      );
      const author = await trx.selectFrom('users').select('id').orderBy('id').executeTakeFirst();
      if (!author) return;
      for (const [i, r] of [
        {
          title: 'Replacement knob for a vintage radio',
          description: 'The volume knob of my 1970s radio broke. I can send photos and measurements (shaft 6 mm, D-shaped).',
          budget: 150,
        },
        { title: 'Custom phone stand with my logo', description: 'A foldable phone stand with our studio logo on the front.', budget: 0 },
      ].entries())
        await trx
          .insertInto('modeler_requests')
          .values({ user_id: Number(author.id), ...r, image_ids: '[]', closed_at: null, created_at: now - (i + 1) * 3_600_000 })
          .execute();
    },
  };
}
