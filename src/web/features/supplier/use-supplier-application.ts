import { useRef, useState } from 'react';
import { supplierCalls } from '../../../contract/supplier-calls.ts';
import {
  supplierFormProblem,
  supplierLimits,
  supplierMessages,
  type AnnualVolume,
  type SupplierApplicationForm,
  type SupplierApplicationSummary,
} from '../../../contract/supplier.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { useImageUpload } from '../upload/use-image-upload.ts';

type TextField = 'companyName' | 'creditCode' | 'contactName' | 'phone' | 'smsCode' | 'brands';

/**
 * The application form: its fields, the chosen categories, the licence and certificate uploads
 * (purpose supplierDocument), the check with the server's rules, and the submission; the stored
 * application (待审核) replaces the form once it is in.
 */
export function useSupplierApplication() {
  const [fields, setFields] = useState<Record<TextField, string>>({ companyName: '', creditCode: '', contactName: '', phone: '', smsCode: '', brands: '' });
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [annualVolume, setAnnualVolume] = useState<AnnualVolume | ''>('');
  const [problem, setProblem] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<SupplierApplicationSummary | null>(null);
  const licences = useImageUpload({ purpose: 'supplierDocument', maxFiles: supplierLimits.licencesMax });
  const certificates = useImageUpload({ purpose: 'supplierDocument', maxFiles: supplierLimits.certificatesMax });
  const isRunning = useRef(false);

  function change(field: TextField, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
  }

  function toggleCategory(categoryId: number) {
    setCategoryIds((current) => (current.includes(categoryId) ? current.filter((id) => id !== categoryId) : [...current, categoryId]));
  }

  async function submit() {
    if (isRunning.current) return;
    const form: SupplierApplicationForm = { ...fields, categoryIds, annualVolume, licenceKeys: licences.keys, certificateKeys: certificates.keys };
    const found = licences.isUploading || certificates.isUploading ? '文件正在上传，请稍候' : supplierFormProblem(form);
    setProblem(found);
    if (found || annualVolume === '') return;
    isRunning.current = true;
    setIsSubmitting(true);
    try {
      const application = await callApi(supplierCalls.apply, {
        ...form,
        annualVolume,
        categoryIds,
        licenceKeys: licences.keys,
        certificateKeys: certificates.keys,
      });
      setSubmitted(application);
      showToast(supplierMessages.submitted);
    } catch (error) {
      const message = errorMessageOf(error) || '提交失败，请稍后重试';
      setProblem(message);
      showToast(message);
    } finally {
      isRunning.current = false;
      setIsSubmitting(false);
    }
  }

  return { fields, change, categoryIds, toggleCategory, annualVolume, setAnnualVolume, licences, certificates, problem, isSubmitting, submitted, submit };
}
