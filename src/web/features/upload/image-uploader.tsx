import { usePageId } from '../../lib/page-ids.tsx';
import { useState, type ChangeEvent } from 'react';
import type { ImageUpload } from './use-image-upload.ts';

/**
 * Thumbnails of the chosen pictures with their progress and a remove button, a tile to choose
 * more while there is room, and the rule in words. The page holds the hook (useImageUpload) and
 * submits its keys.
 */
export function ImageUploader({ upload, label = '上传图片' }: { upload: ImageUpload; label?: string }) {
  const inputId = usePageId();
  const hintId = `${inputId}-hint`;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    upload.addFiles([...(event.target.files ?? [])]);
    // The same file chosen again (after removing it) must fire change again.
    event.target.value = '';
  }

  return (
    <div className="image-uploader">
      <ul className="image-uploader__list">
        {upload.items.map((item) => (
          <li key={item.id} className={`image-uploader__item image-uploader__item--${item.status}`} data-status={item.status}>
            <UploadThumb src={item.previewUrl} name={item.name} />
            {item.status === 'uploading' ? (
              <div
                className="image-uploader__progress"
                role="progressbar"
                aria-label={`${item.name}上传进度`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
              >
                <span className="image-uploader__bar" style={{ width: `${Math.round(item.progress * 100)}%` }} />
                <span className="image-uploader__percent">{Math.round(item.progress * 100)}%</span>
              </div>
            ) : null}
            {item.status === 'failed' ? (
              <span className="image-uploader__failed" title={item.error}>
                上传失败
              </span>
            ) : null}
            <button type="button" className="image-uploader__remove" aria-label={`删除图片${item.name}`} onClick={() => upload.remove(item.id)}>
              ×
            </button>
          </li>
        ))}
        {upload.items.length < upload.maxFiles ? (
          <li className="image-uploader__item image-uploader__item--add">
            <label className="image-uploader__add" htmlFor={inputId}>
              <span className="image-uploader__plus" aria-hidden="true">
                +
              </span>
              <span>{label}</span>
            </label>
            <input
              id={inputId}
              className="image-uploader__input"
              type="file"
              accept={upload.accept}
              multiple={upload.maxFiles > 1}
              aria-describedby={hintId}
              onChange={choose}
            />
          </li>
        ) : null}
      </ul>
      <p id={hintId} className="image-uploader__hint">
        {upload.hint}
      </p>
    </div>
  );
}

/** The chosen file's own preview; a PDF (a supplier's document) is marked as one, a file the browser cannot show (a program named .png) says so. */
function UploadThumb({ src, name }: { src: string; name: string }) {
  const [isBroken, setIsBroken] = useState(false);
  if (name.toLowerCase().endsWith('.pdf')) {
    return (
      <span className="image-uploader__thumb image-uploader__thumb--none image-uploader__thumb--pdf" title={name}>
        PDF
      </span>
    );
  }
  if (isBroken) {
    return (
      <span className="image-uploader__thumb image-uploader__thumb--none" title={name}>
        无法预览
      </span>
    );
  }
  return <img className="image-uploader__thumb" src={src} alt={name} width={96} height={96} onError={() => setIsBroken(true)} />;
}
