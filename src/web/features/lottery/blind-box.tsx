import { publicPageHeaders } from '../../cache-headers';
import { headTags } from '../../seo';
import type { Route } from './+types/blind-box';
import { CampaignNotFound, DrawCampaign } from './activitys';
import { NoneRunning } from './none-running';
import { RaffleBoxes } from './raffle-islands';
import { drawCampaignLoader } from './raffle-loader';
import './blind-box.css';

/**
 * Blind box (`/blind-box`, `/blind-box-new`) and happy planet (`/happy-planet`): a draw campaign
 * (`?activeId=`; without one, the running raffle of the page's look) on the raffle's engine with another look. Every draw opens one box, or launches
 * the planet; the odds, rules and prizes are the campaign's.
 */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  drawCampaignLoader(request, context, new URL(request.url).pathname === '/happy-planet' ? 'planet' : 'box');

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function BlindBox({ loaderData, matches }: Route.ComponentProps) {
  const { page, none } = loaderData;
  if (!page) return none ? <NoneRunning state={none} /> : <CampaignNotFound />;
  const planet = matches.at(-1)?.id === 'happy-planet';
  return (
    <DrawCampaign page={page}>
      <RaffleBoxes info={page.info} look={planet ? 'planet' : 'box'} />
    </DrawCampaign>
  );
}
