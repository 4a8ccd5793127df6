import { useState, type ChangeEvent } from 'react';
import { failureMessage, sendStaffFile } from '../staff/staff-api.ts';
import { contentDeskPaths, type UploadedContentImage } from '../../../contract/console/content.ts';
import { pictureUrl } from './desk-notice.ts';

function uploadContentImage(file: File): Promise<UploadedContentImage> {
  return sendStaffFile<UploadedContentImage>(contentDeskPaths.uploadImage, file);
}

/** A picture of a banner, ad or the WeChat QR: upload a file (the path is filled in) or type a path. */
export function ImageField({
  label,
  name,
  value,
  imageBase,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  imageBase: string;
  onChange: (path: string) => void;
}) {
  const [status, setStatus] = useState('');
  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setStatus('上传中…');
    try {
      const uploaded = await uploadContentImage(file);
      onChange(uploaded.path);
      setStatus('图片已上传');
    } catch (failure) {
      setStatus(failureMessage(failure, '图片上传失败，请重试'));
    }
  }
  return (
    <div className="content-image-field">
      <label className="admin-field">
        {label}
        <input name={name} value={value} onChange={(event) => onChange(event.currentTarget.value)} placeholder="上传图片，或填写图片地址" />
      </label>
      <label className="content-image-field__upload">
        上传图片
        <input type="file" accept="image/png,image/jpeg,image/webp,image/bmp" data-testid={`${name}-file`} onChange={(event) => void upload(event)} />
      </label>
      <span className="content-image-field__status" role="status">
        {status}
      </span>
      {value !== '' && <img className="content-image-field__preview" src={pictureUrl(imageBase, value)} alt={`${label}预览`} width={240} height={120} />}
    </div>
  );
}
