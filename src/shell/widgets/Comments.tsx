import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { Filter } from '../../core/table-request.js';
import { useServices } from '../pane-api.js';
import { ensureStyle } from './styles.js';

/** The server's limit (PUT comment answers 400 beyond it). */
const MAX_LENGTH = 5000;
/** Comments of one item shown at once; items with more are rare enough to list in one page. */
const PAGE_LIMIT = 1000;

const CSS = `
.comments-widget table { border-collapse: collapse; width: 100%; }
.comments-widget th, .comments-widget td { text-align: left; vertical-align: top; padding: 4px 8px 4px 0; }
.comments-widget td.comment-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.comments-widget form { display: flex; flex-direction: column; gap: 4px; margin-top: 8px; max-width: 40rem; }
.comments-widget textarea { width: 100%; min-height: 4rem; font: inherit; }
.comments-widget form button { align-self: flex-start; }
.comments-widget .comments-hint { font-size: 0.9em; margin: 0; }
`;

/** A row of POST comment/table (Germinate's ViewTableComments). */
interface CommentRow {
  commentId: number;
  commentTypeId: number;
  commentForeignId: number;
  userId?: number;
  userName?: string;
  commentContent: string;
  createdOn?: string;
  updatedOn?: string;
}

/**
 * The comments on one item (a germplasm passport: type 1): everyone reads them; a logged-in user adds
 * one and deletes their own, administrators any. Hidden while an administrator has comments switched off.
 * Comment text is user input: it is rendered as text (React escapes it), never as HTML.
 */
export function Comments(props: { commentTypeId: number; referenceId: number }) {
  const { api, session, settings, t, translator, toast } = useServices();
  const { commentTypeId, referenceId } = props;
  const user = useSyncExternalStore(session.subscribe, session.current);
  const [rows, setRows] = useState<CommentRow[] | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const fieldId = useId();
  const enabled = settings.commentsEnabled !== false;
  ensureStyle('comments-widget', CSS);

  const load = useCallback(
    (signal?: AbortSignal) => {
      const filter: Filter[] = [
        { column: 'commentTypeId', comparator: 'equals', values: [commentTypeId], operator: 'and' },
        { column: 'commentForeignId', comparator: 'equals', values: [referenceId] },
      ];
      return api.table<CommentRow>('comment/table', { page: 1, limit: PAGE_LIMIT, filter }, { signal }).then(
        (result) => setRows(result.data),
        // The API client has shown the error; an aborted load belongs to an item no longer shown.
        () => (signal?.aborted ? undefined : setRows([])),
      );
    },
    [api, commentTypeId, referenceId],
  );

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setRows(null);
    void load(controller.signal);
    return () => controller.abort();
  }, [enabled, load]);

  if (!enabled) return null;

  const loggedIn = user !== null && session.isValid();
  const isAdmin = loggedIn && user.role === 'ADMIN';
  const success = (messageKey: string) => toast({ titleKey: 'comments.title', messageKey, variant: 'success', autoHideMs: 5000, append: true });

  async function add(event: FormEvent) {
    event.preventDefault();
    const description = text.trim();
    if (!user || description === '' || busy) return;
    setBusy(true);
    try {
      await api.put<number>('comment', { body: { commenttypeId: commentTypeId, userId: user.userId, description, referenceId } });
      setText('');
      success('comments.added');
      await load();
    } catch {
      // The API client has shown the error; the text stays for another try.
    } finally {
      setBusy(false);
    }
  }

  async function remove(commentId: number) {
    setBusy(true);
    try {
      await api.delete<boolean>(`comment/${commentId}`);
      success('comments.deleted');
      await load();
      // The pressed button is gone: keep the keyboard user in the list rather than at the page's top.
      listRef.current?.focus();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="comments-widget">
      <div ref={listRef} tabIndex={-1}>
        {rows === null ? (
          <p role="status">{t('comments.loading')}</p>
        ) : rows.length === 0 ? (
          <p>{t('comments.none')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('comments.column.userName')}</th>
                <th scope="col">{t('comments.column.date')}</th>
                <th scope="col">{t('comments.column.content')}</th>
                {loggedIn ? <th scope="col">{t('comments.column.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const author = row.userName || t('comments.anonymous');
                const date = translator.formatDate(row.updatedOn ?? row.createdOn ?? null);
                const mayDelete = loggedIn && (isAdmin || row.userId === user.userId);
                return (
                  <tr key={row.commentId}>
                    <td>{author}</td>
                    <td>{date}</td>
                    <td className="comment-text">{row.commentContent}</td>
                    {loggedIn ? (
                      <td>
                        {mayDelete ? (
                          <button type="button" disabled={busy} aria-label={t('comments.delete.label', { user: author, date })} onClick={() => void remove(row.commentId)}>
                            {t('comments.delete')}
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      {loggedIn ? (
        <form onSubmit={(event) => void add(event)}>
          <label htmlFor={fieldId}>{t('comments.add.label')}</label>
          <textarea
            id={fieldId}
            value={text}
            required
            maxLength={MAX_LENGTH}
            aria-describedby={`${fieldId}-hint`}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${fieldId}-hint`} className="comments-hint">
            {t('comments.add.hint', { max: String(MAX_LENGTH) })}
          </p>
          <button type="submit" disabled={busy}>
            {t('comments.add.button')}
          </button>
        </form>
      ) : (
        <p>{t('comments.loginToComment')}</p>
      )}
    </div>
  );
}
