import { useState } from 'react';
import type { ComplaintPhoto } from '../../../contract/complaint.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';

/** Thumbnails that open the picture full size over the page (a plain link to it without script). */
export function ComplaintPhotos({ photos }: { photos: ComplaintPhoto[] }) {
  const [openUrl, setOpenUrl] = useState<string | null>(null);
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
        <ModalDialog isOpen onClose={() => setOpenUrl(null)} className="complaint-lightbox" label="查看大图" closesOnBackdrop>
          <img className="complaint-lightbox__image" src={openUrl} alt="投诉图片大图" />
          <button type="button" className="complaint-lightbox__close" aria-label="关闭大图" onClick={() => setOpenUrl(null)}>
            ×
          </button>
        </ModalDialog>
      ) : null}
    </>
  );
}
