import { publicPageHeaders } from '../../cache-headers';
import { headTags } from '../../seo';
import type { Route } from './+types/blind-box';
import { CampaignNotFound, DrawCampaign } from './activitys';
import { RaffleBoxes } from './raffle-islands';
import { drawCampaignLoader } from './raffle-loader';

/**
 * Blind box (`/blind-box`, `/blind-box-new`) and happy planet (`/happy-planet`): a draw campaign
 * (`?activeId=`) on the raffle's engine with another look. Every draw opens one box, or launches
 * the planet; the odds, rules and prizes are the campaign's.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => drawCampaignLoader(request, context);

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function BlindBox({ loaderData, matches }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) return <CampaignNotFound />;
  const planet = matches.at(-1)?.id === 'happy-planet';
  return (
    <DrawCampaign page={page}>
      <RaffleBoxes info={page.info} look={planet ? 'planet' : 'box'} />
    </DrawCampaign>
  );
}
