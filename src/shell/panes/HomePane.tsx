import useSWR from 'swr';
import { matchPath } from '../../core/routes.js';
import { useServices, type PaneProps } from '../pane-api.js';

/** Overview counts (GET stats/overview) and where each one opens, in Germinate's dashboard order. */
const CARDS: readonly { stat: string; path: string }[] = [
  { stat: 'germplasm', path: '/data/germplasm' },
  { stat: 'markers', path: '/data/genotypes/markers' },
  { stat: 'maps', path: '/data/genotypes/maps' },
  { stat: 'traits', path: '/data/trials/traits' },
  { stat: 'climates', path: '/data/climate/climates' },
  { stat: 'locations', path: '/data/geography/locations' },
  { stat: 'datasets', path: '/data/datasets' },
  { stat: 'experiments', path: '/data/experiments' },
  { stat: 'groups', path: '/groups' },
  { stat: 'images', path: '/images' },
  { stat: 'fileresources', path: '/data/data-resources' },
  { stat: 'publications', path: '/publications' },
  { stat: 'dataStories', path: '/stories' },
  { stat: 'projects', path: '/projects' },
];

/**
 * The dashboard: one link a count, opening its pane in this tile (Ctrl/⌘-click keeps the browser's new
 * tab). A count whose pane does not exist in this build is left out: a card must do what it looks like.
 */
export default function HomePane({ paneKey }: PaneProps) {
  const { api, t, translator, registry, workspace } = useServices();
  const { data, error } = useSWR('stats/overview', (path: string) => api.get<Record<string, number>>(path));
  const panes = registry.paneTypes();
  const cards = CARDS.flatMap(({ stat, path }) => {
    const match = matchPath(path, panes);
    return match ? [{ stat, path, match }] : [];
  });
  return (
    <div className="pane-body home">
      <h2>{t('home.welcome')}</h2>
      <p>{t('home.intro')}</p>
      {error ? <p role="alert">{t('home.statsFailed')}</p> : null}
      <ul className="home-cards" aria-busy={!data && !error}>
        {cards.map(({ stat, path, match }) => (
          <li key={stat} className="home-card">
            <a
              href={path}
              onClick={(event) => {
                if (event.ctrlKey || event.metaKey || event.shiftKey) return;
                event.preventDefault();
                workspace.open({ type: match.paneType.id, params: match.params }, 'replace', paneKey);
              }}
            >
              <span className="home-card-count" data-stat={stat}>
                {data ? translator.formatNumber(data[stat] ?? 0) : '…'}
              </span>
              <span className="home-card-label">{t(`home.stat.${stat}`)}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="home-hint">{t('home.paletteHint')}</p>
    </div>
  );
}
