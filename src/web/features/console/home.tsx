import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/home';
import { consoleAccess } from './console-loader';
import { navFor } from './nav';

/**
 * The console's first page: the sections the user may open, as large targets for a phone. (The
 * layout answers signed-out and non-staff visitors; this page then shows nothing of its own.)
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console']);
  const access = await consoleAccess(context);
  return { i18n: base.i18n, sections: access.state === 'staff' ? access.sections : [] };
}

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('console');
  const items = navFor(loaderData.sections).filter((i) => !i.end);
  return (
    <section>
      <h1>{t('home.title')}</h1>
      <ul className="console-cards">
        {items.map((item) => (
          <li key={item.path}>
            <Link className="card console-card-link" to={item.path}>
              {t(item.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
