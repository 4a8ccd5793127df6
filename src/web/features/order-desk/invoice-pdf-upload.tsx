import { useState } from 'react';
import { adminInvoiceFilePath } from '../../../contract/admin-orders.ts';
import type { UploadedImage } from '../../../contract/upload.ts';
import { failureMessage, sendStaffFile } from '../staff/staff-api.ts';

/** The electronic invoice's PDF: sent as it is chosen; the server reads its type from its content. */
export function InvoicePdfUpload({ orderNo, fileUrl, onUploaded }: { orderNo: string; fileUrl: string; onUploaded: (url: string) => void }) {
  const [problem, setProblem] = useState('');
  const [isSending, setSending] = useState(false);
  async function send(file: File) {
    setSending(true);
    setProblem('');
    try {
      const uploaded = await sendStaffFile<UploadedImage>(`${adminInvoiceFilePath}?orderNo=${encodeURIComponent(orderNo)}`, file);
      onUploaded(uploaded.url);
    } catch (failure) {
      setProblem(failureMessage(failure, '上传失败，请重试'));
    } finally {
      setSending(false);
    }
  }
  return (
    <label>
      电子发票（PDF，可选）
      <input
        type="file"
        name="invoicePdf"
        accept="application/pdf"
        disabled={isSending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      {fileUrl && (
        <a href={fileUrl} target="_blank" rel="noreferrer">
          已上传：查看PDF
        </a>
      )}
      {problem && <span className="desk-notice desk-notice--error">{problem}</span>}
    </label>
  );
}
