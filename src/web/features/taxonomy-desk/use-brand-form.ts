import { useState } from 'react';
import { brandLogoMaxBytes, latinInitialOf, type AdminBrandRow } from '../../../contract/console/taxonomy.ts';
import { brandDeskCalls } from '../../../contract/console/brands-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';

export interface BrandDraft {
  nameEn: string;
  nameCn: string;
  /** '' until chosen: the server takes it from the name (its pinyin for a Chinese one). */
  initial: string;
  isInitialChosen: boolean;
  logoPath: string;
  logoUrl: string;
  intro: string;
  website: string;
  country: string;
}

export const emptyBrandDraft: BrandDraft = {
  nameEn: '',
  nameCn: '',
  initial: '',
  isInitialChosen: false,
  logoPath: '',
  logoUrl: '',
  intro: '',
  website: '',
  country: '',
};

export function draftOf(row: AdminBrandRow): BrandDraft {
  return { ...row, isInitialChosen: true };
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function messageOf(failure: unknown): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试';
}

/** The brand form: the initial follows the name's Latin letter until chosen by hand; a logo is uploaded on choosing the file. */
export function useBrandForm(editing: AdminBrandRow | null, onSaved: (row: AdminBrandRow, isNew: boolean) => void) {
  const [draft, setDraft] = useState<BrandDraft>(editing ? draftOf(editing) : emptyBrandDraft);
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);

  function change(field: keyof BrandDraft, value: string) {
    setDraft((current) => {
      const next = { ...current, [field]: value };
      if (field === 'initial') next.isInitialChosen = value !== '';
      if (field === 'nameEn' && !current.isInitialChosen) next.initial = latinInitialOf(value);
      return next;
    });
  }

  async function uploadLogo(file: File) {
    setError('');
    if (file.size > brandLogoMaxBytes) {
      setError(`Logo 图片不能超过${brandLogoMaxBytes / 1024}KB`);
      return;
    }
    setBusy(true);
    try {
      const uploaded = await callStaffApi(brandDeskCalls.uploadLogo, { dataBase64: await readAsBase64(file) });
      setDraft((current) => ({ ...current, ...uploaded }));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    setError('');
    setBusy(true);
    const fields = {
      nameEn: draft.nameEn,
      nameCn: draft.nameCn,
      initial: (draft.isInitialChosen ? draft.initial : '') as '',
      logoPath: draft.logoPath,
      intro: draft.intro,
      website: draft.website,
      country: draft.country,
    };
    try {
      const row = editing ? await callStaffApi(brandDeskCalls.update, { brandId: editing.id, ...fields }) : await callStaffApi(brandDeskCalls.create, fields);
      onSaved(row, !editing);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return { draft, error, isBusy, change, uploadLogo, save, removeLogo: () => setDraft((current) => ({ ...current, logoPath: '', logoUrl: '' })) };
}
