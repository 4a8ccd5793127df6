import { useEffect, useState } from 'react';
import type { ComplaintPhoto } from '../../../contract/complaint.ts';

/** Thumbnails that open the picture full size over the page (a plain link to it without script). */
export function ComplaintPhotos({ photos }: { photos: ComplaintPhoto[] }) {
  const [openUrl, setOpenUrl] = useState<string | null>(null);
  useEffect(() => {
    if (openUrl === null) return undefined;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenUrl(null);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [openUrl]);
  if (photos.length === 0) return null;
  return (
    <>
      <ul className="complaint-photos" aria-label="投诉图片">
        {photos.map((photo, index) => (
          <li key={photo.key}>
            <a
              href={photo.url}
              target="_blank"
              rel="noreferrer"
              onClick={(event) => {
                event.preventDefault();
                setOpenUrl(photo.url);
              }}
            >
              <img
                className="complaint-photos__thumb"
                src={photo.url}
                alt={`投诉图片${String(index + 1)}`}
                width={88}
                height={88}
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
      {openUrl !== null ? (
        <div className="complaint-lightbox" role="dialog" aria-modal="true" aria-label="查看大图" onClick={() => setOpenUrl(null)}>
          <img className="complaint-lightbox__image" src={openUrl} alt="投诉图片大图" />
          <button type="button" className="complaint-lightbox__close" aria-label="关闭大图" onClick={() => setOpenUrl(null)}>
            ×
          </button>
        </div>
      ) : null}
    </>
  );
}
