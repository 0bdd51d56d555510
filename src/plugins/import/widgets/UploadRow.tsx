import { useEffect, useState } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import { formatBytes, type UploadProgress } from '../upload.js';

export type UploadPhase = 'ready' | 'uploading' | 'uploaded' | 'failed';

/**
 * The data upload row: thumb, name, width, height, size, speed, status. Images get a
 * preview and their pixel size; templates a file symbol and no dimensions.
 */
export function UploadRow(props: { file: File; phase: UploadPhase; progress: UploadProgress | null; error: string | null }) {
  const { t, translator } = useServices();
  const { file, phase, progress } = props;
  const preview = usePreview(file);
  const number = (value: number, options: { maximumFractionDigits: number }) => translator.formatNumber(value, options);
  const fraction = progress && progress.total > 0 ? progress.loaded / progress.total : phase === 'uploaded' ? 1 : 0;
  const status =
    phase === 'failed'
      ? t('import.upload.failed', { reason: props.error ?? '' })
      : phase === 'uploaded'
        ? t('import.upload.done')
        : phase === 'uploading'
          ? t('import.upload.progress', { percent: Math.round(fraction * 100) })
          : t('import.upload.ready');
  return (
    <table className="import-upload-row ui-table">
      <caption className="visually-hidden">{t('import.upload.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('import.upload.thumb')}</th>
          <th scope="col">{t('import.upload.name')}</th>
          <th scope="col">{t('import.upload.width')}</th>
          <th scope="col">{t('import.upload.height')}</th>
          <th scope="col">{t('import.upload.size')}</th>
          <th scope="col">{t('import.upload.speed')}</th>
          <th scope="col">{t('import.upload.status')}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>
            {preview.url ? (
              <img src={preview.url} alt={t('import.upload.preview', { name: file.name })} className="ui-thumb" />
            ) : (
              <span className="ui-file-icon" role="img" aria-label={t('import.upload.fileIcon')}>
                🗎
              </span>
            )}
          </td>
          <td>{file.name}</td>
          <td>{preview.width ?? '–'}</td>
          <td>{preview.height ?? '–'}</td>
          <td>{formatBytes(file.size, number)}</td>
          <td>{progress && progress.speed > 0 ? `${formatBytes(progress.speed, number)}/s` : '–'}</td>
          <td>
            <span role={phase === 'failed' ? 'alert' : 'status'}>{status}</span>
            {phase === 'uploading' || phase === 'uploaded' ? (
              <progress className="ui-progress" max={1} value={fraction} aria-label={t('import.upload.progressLabel', { name: file.name })} />
            ) : null}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

interface Preview {
  url: string | null;
  width: number | null;
  height: number | null;
}

/** An object URL for image files (revoked when the file changes) and the image's natural size. */
function usePreview(file: File): Preview {
  const [preview, setPreview] = useState<Preview>({ url: null, width: null, height: null });
  useEffect(() => {
    if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      setPreview({ url: null, width: null, height: null });
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview({ url, width: null, height: null });
    const image = new Image();
    image.onload = () => setPreview({ url, width: image.naturalWidth, height: image.naturalHeight });
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}
