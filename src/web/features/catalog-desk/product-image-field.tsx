import { useState, type ChangeEvent } from 'react';
import { failureMessage, sendStaffFile } from '../staff/staff-api.ts';
import { adminProductImageUploadPath, type UploadedProductImage } from '../../../contract/console/products.ts';

function uploadProductImage(file: File): Promise<UploadedProductImage> {
  return sendStaffFile<UploadedProductImage>(adminProductImageUploadPath, file);
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
      setStatus(failureMessage(failure, '图片上传失败，请重试'));
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
