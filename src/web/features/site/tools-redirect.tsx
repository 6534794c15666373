import { redirect } from 'react-router';
import { paths } from '../../paths';
import type { Route } from './+types/tools-redirect';

/**
 * Any path containing /creality-cloud/tools goes, in the same window, to the makers-tools
 * page `{MAKERS_TOOLS_URL}/makers-tools/{id}`. On the server for a direct visit; on client
 * navigation the loader's redirect makes the router leave the site the same way.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = (params['*'] ?? '').split('/')[0] ?? '';
  const host = context.services.config.makersToolsUrl;
  throw redirect(id ? paths.makersTools(host, id) : `${host}/makers-tools`, 302);
}

export default function ToolsRedirect() {
  return null;
}
