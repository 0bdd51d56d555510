import { useId, useState, type FormEvent } from 'react';
import { isKnownReasonPhrase, LONG_TOAST_MS, successToast } from '../../core/errors.js';
import { ApiError } from '../../core/api-client.js';
import { Modal } from '../ui/Modal.js';
import { useServices } from '../pane-api.js';
import type { FeedbackPrefill, ShellModalProps } from './modal-request.js';

/** The feedback form's choices, in the order the original lists them, as the server spells them. */
export const FEEDBACK_TYPES = ['bug', 'data_error', 'feature_request', 'general', 'question'] as const;
export const FEEDBACK_SEVERITIES = ['low', 'medium', 'high'] as const;
const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
const SCREENSHOT_TYPES = ['image/png', 'image/jpeg'];

interface Fields {
  feedbackType: string;
  severity: string;
  contactEmail: string;
  content: string;
  captcha: string;
}

const EMPTY: Fields = { feedbackType: '', severity: '', contactEmail: '', content: '', captcha: '' };

/**
 * The user feedback modal with its captcha: every field is required and the captcha must match. The captcha is an image the server draws
 * for a uuid made here; any attempt uses it up, so a failure brings a new one.
 */
export default function FeedbackModal({ request, onClose }: ShellModalProps) {
  const { t, api, toast } = useServices();
  const [uuid, setUuid] = useState(() => crypto.randomUUID());
  const [fields, setFields] = useState<Fields>(() => prefilled(request.kind === 'feedback' ? request.prefill : undefined));
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typeId = useId();
  const severityId = useId();
  const set = (key: keyof Fields) => (value: string) => setFields((previous) => ({ ...previous, [key]: value }));

  const newCaptcha = () => {
    setUuid(crypto.randomUUID());
    setFields((previous) => ({ ...previous, captcha: '' }));
  };

  function chooseScreenshot(file: File | null) {
    setProblem(null);
    if (file && !SCREENSHOT_TYPES.includes(file.type)) {
      setProblem(t('feedback.screenshotType'));
      setScreenshot(null);
      return;
    }
    if (file && file.size > MAX_SCREENSHOT_BYTES) {
      setProblem(t('feedback.screenshotSize'));
      setScreenshot(null);
      return;
    }
    setScreenshot(file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.values(fields).some((value) => value.trim() === '')) {
      setProblem(t('feedback.incomplete'));
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value.trim());
    form.append('pageUrl', window.location.href);
    if (screenshot) form.append('image', screenshot, screenshot.name);
    setBusy(true);
    setProblem(null);
    const outcome: { failure: string | null; captchaUsed: boolean } = { failure: null, captchaUsed: false };
    try {
      await api.post(`feedback/${uuid}`, {
        body: form,
        handlers: [
          {
            codes: [],
            callback: (error) => {
              outcome.failure = t(failureKey(error));
              // The server checks the captcha last and uses it up then (404 = wrong or expired).
              outcome.captchaUsed = error.status === 404;
            },
          },
        ],
      });
    } catch (error) {
      outcome.failure ??= error instanceof ApiError && error.kind !== 'http' ? t('error.serverUnavailable') : t('feedback.failed');
    }
    setBusy(false);
    if (outcome.failure !== null) {
      setProblem(outcome.failure);
      if (outcome.captchaUsed) newCaptcha();
      return;
    }
    toast(successToast('feedback.sent', LONG_TOAST_MS));
    onClose();
  }

  return (
    <Modal open title={t('feedback.title')} onClose={onClose} closeLabel={t('shell.close')} wide>
      <form className="modal-form" onSubmit={submit} noValidate>
        <p className="hint">{t('feedback.intro')}</p>
        {/* Selects are labelled by id: a wrapping label would add the chosen option to their name. */}
        <div className="field">
          <label htmlFor={typeId}>{t('feedback.type')}</label>
          <select id={typeId} required value={fields.feedbackType} onChange={(e) => set('feedbackType')(e.target.value)}>
            <option value="">{t('feedback.choose')}</option>
            {FEEDBACK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`feedback.type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={severityId}>{t('feedback.severity')}</label>
          <select id={severityId} required value={fields.severity} onChange={(e) => set('severity')(e.target.value)}>
            <option value="">{t('feedback.choose')}</option>
            {FEEDBACK_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`feedback.severity.${severity}`)}
              </option>
            ))}
          </select>
        </div>
        <label>
          {t('feedback.contactEmail')}
          <input type="email" required autoComplete="email" value={fields.contactEmail} onChange={(e) => set('contactEmail')(e.target.value)} />
        </label>
        <label>
          {t('feedback.content')}
          <textarea required maxLength={10_000} value={fields.content} onChange={(e) => set('content')(e.target.value)} />
        </label>
        <label>
          {t('feedback.screenshot')}
          <input type="file" accept="image/png,image/jpeg" onChange={(e) => chooseScreenshot(e.target.files?.[0] ?? null)} />
        </label>
        <div className="captcha">
          <img src={`api/feedback/${uuid}`} width={200} height={50} alt={t('feedback.captchaImage')} />
          <button type="button" onClick={newCaptcha}>
            {t('feedback.newCaptcha')}
          </button>
        </div>
        <label>
          {t('feedback.captcha')}
          <input required autoComplete="off" spellCheck={false} value={fields.captcha} onChange={(e) => set('captcha')(e.target.value)} />
        </label>
        {problem ? (
          <p role="alert" className="form-error">
            {problem}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" onClick={onClose}>
            {t('shell.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            {t('feedback.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The empty form, with what the opener asked it to start with (a type only if it is one of the choices). */
function prefilled(prefill: FeedbackPrefill | undefined): Fields {
  const type = prefill?.feedbackType;
  return {
    ...EMPTY,
    feedbackType: type && (FEEDBACK_TYPES as readonly string[]).includes(type) ? type : '',
    content: prefill?.content ?? '',
  };
}

/** The form's own message for a refused submission (a wrong captcha, missing fields). */
function failureKey(error: ApiError): string {
  if (error.status === 404) return 'feedback.captchaMismatch';
  if (error.reasonPhrase === 'BAD_REQUEST_MISSING_FIELDS') return 'feedback.incomplete';
  if (isKnownReasonPhrase(error.reasonPhrase)) return `reasonPhrase.${error.reasonPhrase}`;
  return 'feedback.failed';
}
