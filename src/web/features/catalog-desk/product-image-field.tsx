import { useState, type ChangeEvent } from 'react';
import { adminProductImageUploadPath, type UploadedProductImage } from '../../../contract/admin-products.ts';
import { ResultCode, type Envelope } from '../../../contract/envelope.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../../contract/staff.ts';
import { uploadFileField } from '../../../contract/upload.ts';
import { readCookie } from '../../lib/api-client.ts';

async function uploadProductImage(file: File): Promise<UploadedProductImage> {
  const form = new FormData();
  form.append(uploadFileField, file);
  const response = await fetch(adminProductImageUploadPath, {
    method: 'POST',
    headers: { [staffCsrfHeaderName]: readCookie(staffCsrfCookieName) },
    body: form,
    credentials: 'same-origin',
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<UploadedProductImage> | null;
  if (envelope?.code === ResultCode.success && envelope.data) return envelope.data;
  const msg = envelope?.msg ?? '';
  throw new Error(msg === '' ? '图片上传失败，请重试' : msg);
}

/** The product's picture: upload one (saved with the form), or clear it (the shop then draws the package). */
export function ProductImageField({
  imagePath,
  imageBase,
  isReadOnly,
  onChange,
}: {
  imagePath: string;
  imageBase: string;
  isReadOnly: boolean;
  onChange: (path: string) => void;
}) {
  const [status, setStatus] = useState('');
  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setStatus('上传中…');
    try {
      onChange((await uploadProductImage(file)).path);
      setStatus('图片已上传，保存后生效');
    } catch (failure) {
      setStatus(failure instanceof Error ? failure.message : '图片上传失败，请重试');
    }
  }
  return (
    <div className="catalog-desk__image">
      <h2>图片</h2>
      {imagePath === '' ? (
        <p className="catalog-desk__hint">暂无图片（商城按封装显示示意图）</p>
      ) : (
        <img src={`${imageBase}${imagePath}`} alt="商品图片" width={200} height={200} />
      )}
      {!isReadOnly && (
        <>
          <label className="catalog-desk__field">
            <span>上传图片（bmp/jpg/png/webp，2MB以内）</span>
            <input type="file" accept="image/png,image/jpeg,image/webp,image/bmp" data-testid="product-image-file" onChange={(event) => void upload(event)} />
          </label>
          {imagePath !== '' && (
            <button type="button" className="catalog-desk__link" onClick={() => onChange('')}>
              移除图片
            </button>
          )}
        </>
      )}
      <p className="catalog-desk__hint" role="status">
        {status}
      </p>
    </div>
  );
}
