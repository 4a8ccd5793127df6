import type { SubmitEvent } from 'react';
import { brandInitials, brandIntroMax, brandNameMax, brandWebsiteMax, type AdminBrandRow } from '../../../contract/console/taxonomy.ts';
import { useBrandForm } from './use-brand-form.ts';

/** The brand's logo: its preview, an upload, and 移除. */
function LogoField({
  logoUrl,
  isBusy,
  uploadLogo,
  removeLogo,
}: {
  logoUrl: string;
  isBusy: boolean;
  uploadLogo: (file: File) => Promise<void>;
  removeLogo: () => void;
}) {
  return (
    <div className="taxonomy-logo">
      <span>Logo</span>
      {logoUrl ? (
        <img src={logoUrl} alt="品牌 Logo" className="taxonomy-logo__preview" width={120} height={60} />
      ) : (
        <span className="taxonomy-hint">未上传</span>
      )}
      <input
        type="file"
        aria-label="上传 Logo"
        accept="image/png,image/jpeg,image/webp"
        disabled={isBusy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void uploadLogo(file);
          event.target.value = '';
        }}
      />
      {logoUrl ? (
        <button type="button" className="taxonomy-link" onClick={removeLogo}>
          移除
        </button>
      ) : null}
    </div>
  );
}

/** 新建品牌 / 编辑品牌: name, Chinese name, letter (from the name unless chosen), logo, introduction, website, country. */
export function BrandForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: AdminBrandRow | null;
  onSaved: (row: AdminBrandRow, isNew: boolean) => void;
  onCancel: () => void;
}) {
  const { draft, error, isBusy, change, uploadLogo, save, removeLogo } = useBrandForm(editing, onSaved);
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void save();
  }
  return (
    <form className="taxonomy-brand-form" aria-label={editing ? '编辑品牌' : '新建品牌'} onSubmit={submit}>
      <h2>{editing ? `编辑品牌：${editing.nameEn}` : '新建品牌'}</h2>
      <label>
        品牌名称
        <input name="nameEn" value={draft.nameEn} maxLength={brandNameMax} onChange={(event) => change('nameEn', event.target.value)} required />
      </label>
      <label>
        中文名称
        <input name="nameCn" value={draft.nameCn} maxLength={brandNameMax} onChange={(event) => change('nameCn', event.target.value)} />
      </label>
      <label>
        首字母
        <select name="initial" value={draft.isInitialChosen ? draft.initial : ''} onChange={(event) => change('initial', event.target.value)}>
          <option value="">自动（{draft.initial || '按名称拼音'}）</option>
          {brandInitials.map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </select>
      </label>
      <LogoField logoUrl={draft.logoUrl} isBusy={isBusy} uploadLogo={uploadLogo} removeLogo={removeLogo} />
      <label>
        官网
        <input
          name="website"
          value={draft.website}
          maxLength={brandWebsiteMax}
          placeholder="https://"
          onChange={(event) => change('website', event.target.value)}
        />
      </label>
      <label>
        国家/地区
        <input name="country" value={draft.country} maxLength={32} onChange={(event) => change('country', event.target.value)} />
      </label>
      <label className="taxonomy-brand-form__wide">
        品牌介绍
        <textarea name="intro" value={draft.intro} maxLength={brandIntroMax} rows={4} onChange={(event) => change('intro', event.target.value)} />
      </label>
      <p className="admin-notice" role="alert">
        {error}
      </p>
      <div className="taxonomy-brand-form__buttons">
        <button type="submit" className="admin-button" disabled={isBusy}>
          保存
        </button>
        <button type="button" className="taxonomy-secondary" onClick={onCancel}>
          取消
        </button>
      </div>
    </form>
  );
}
