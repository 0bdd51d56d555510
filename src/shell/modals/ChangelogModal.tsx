import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { localText, readChangelog, releasesSince, RELEASES_PER_PAGE, type ChangeType } from '../changelog.js';
import { isLocale } from '../../core/i18n.js';
import changelog from '../changelog.json';
import { Modal } from '../ui/Modal.js';
import { useServices } from '../pane-api.js';
import type { ShellModalProps, ShellModalRequest } from './modal-request.js';

const BADGE: Record<ChangeType, string> = { new: 'changelog.badge.new', change: 'changelog.badge.change', fix: 'changelog.badge.fix' };

/**
 * The changelog modal: releases newest first, five per page; after an
 * update only what is new since the version seen last.
 */
export default function ChangelogModal({ request, onClose }: ShellModalProps) {
  const { t, store, translator } = useServices();
  const { locale } = useSnapshot(store.state);
  const since = (request as Extract<ShellModalRequest, { kind: 'changelog' }>).since;
  const releases = useMemo(() => releasesSince(readChangelog(changelog), since), [since]);
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(releases.length / RELEASES_PER_PAGE));
  const shown = releases.slice(page * RELEASES_PER_PAGE, (page + 1) * RELEASES_PER_PAGE);
  const reader = isLocale(locale) ? locale : 'en_GB';
  return (
    <Modal open title={t('changelog.title')} onClose={onClose} closeLabel={t('shell.close')} wide>
      {since ? <p className="hint">{t('changelog.since', { version: since })}</p> : null}
      {shown.map((release) => (
        <section key={release.version} className="changelog-release" aria-labelledby={`release-${release.version}`}>
          <h3 id={`release-${release.version}`}>
            {t('changelog.release', { version: release.version, date: release.date ? translator.formatDate(release.date) : '' })}
          </h3>
          <ul>
            {release.items.map((item, index) => (
              <li key={index}>
                <span className={`badge badge-${item.type}`}>{t(BADGE[item.type])}</span>
                <strong>{localText(item.title, reader)}</strong>
                <p>{localText(item.text, reader)}</p>
                <div>
                  {item.categories.map((category) => (
                    <span key={category} className="tag">
                      {t(`changelog.category.${category}`)}
                    </span>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="modal-actions">
        {pages > 1 ? (
          <nav aria-label={t('changelog.pages')} className="copy-row">
            <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t('changelog.newer')}
            </button>
            <span>{t('changelog.page', { page: page + 1, pages })}</span>
            <button type="button" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
              {t('changelog.older')}
            </button>
          </nav>
        ) : null}
        <button type="button" className="button-primary" onClick={onClose}>
          {t('shell.close')}
        </button>
      </div>
    </Modal>
  );
}
