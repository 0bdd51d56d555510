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

export default function HomePane({ paneKey }: PaneProps) {
  const { api, t, translator, registry, workspace } = useServices();
  const { data, error } = useSWR('stats/overview', (path: string) => api.get<Record<string, number>>(path));
  const panes = registry.paneTypes();
  return (
    <div className="pane-body home">
      <h2>{t('home.welcome')}</h2>
      <p>{t('home.intro')}</p>
      {error ? <p role="alert">{t('home.statsFailed')}</p> : null}
      <ul className="home-cards" aria-busy={!data && !error}>
        {CARDS.map(({ stat, path }) => {
          const match = matchPath(path, panes);
          const count = data ? translator.formatNumber(data[stat] ?? 0) : '…';
          const label = t(`home.stat.${stat}`);
          const body = (
            <>
              <span className="home-card-count" data-stat={stat}>
                {count}
              </span>
              <span className="home-card-label">{label}</span>
            </>
          );
          return (
            <li key={stat} className="home-card">
              {match ? (
                <a
                  href={path}
                  onClick={(event) => {
                    // Ctrl/⌘-click keeps the browser's "open in a new tab".
                    if (event.ctrlKey || event.metaKey || event.shiftKey) return;
                    event.preventDefault();
                    workspace.open({ type: match.paneType.id, params: match.params }, 'replace', paneKey);
                  }}
                >
                  {body}
                </a>
              ) : (
                <div>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="home-hint">{t('home.paletteHint')}</p>
    </div>
  );
}
