import { createRoot } from 'react-dom/client';
import { ImageUploader } from '../../src/web/features/upload/image-uploader.tsx';
import { useImageUpload } from '../../src/web/features/upload/use-image-upload.ts';

/**
 * The uploader as the after-sales page will hold it, mounted by upload.spec.ts into a member page
 * (until that page exists): the form's keys and whether it may be submitted are shown for the test.
 */
function UploadHarness() {
  const upload = useImageUpload({ purpose: 'feedback', maxFiles: 3 });
  return (
    <section className="upload-harness" style={{ padding: 20, background: '#fff' }}>
      <h2 style={{ margin: '0 0 12px', fontSize: 16 }}>问题照片</h2>
      <ImageUploader upload={upload} />
      <p>
        已上传：<output data-testid="keys">{upload.keys.join(',')}</output>
        <output data-testid="uploading" hidden>
          {String(upload.isUploading)}
        </output>
      </p>
    </section>
  );
}

const root = document.createElement('div');
root.id = 'upload-harness';
(document.querySelector('.person-main') ?? document.body).prepend(root);
createRoot(root).render(<UploadHarness />);
