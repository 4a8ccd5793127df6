import { useState } from 'react';
import { adminInvoiceFilePath } from '../../../contract/console/orders.ts';
import type { UploadedImage } from '../../../contract/upload.ts';
import { failureMessage, sendStaffFile } from '../staff/staff-api.ts';

/**
 * The electronic invoice's PDF: sent as it is chosen; the server reads its type from its content.
 * `onSending` tells the form while it is on its way (登记开票 waits for it).
 */
export function InvoicePdfUpload({
  orderNo,
  fileUrl,
  onUploaded,
  onSending,
}: {
  orderNo: string;
  fileUrl: string;
  onUploaded: (url: string) => void;
  onSending: (isSending: boolean) => void;
}) {
  const [problem, setProblem] = useState('');
  const [isSending, setSendingHere] = useState(false);
  function setSending(value: boolean) {
    setSendingHere(value);
    onSending(value);
  }
  async function send(file: File) {
    setSending(true);
    setProblem('');
    onUploaded('');
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
      电子发票PDF（数电票必传）
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
      {isSending && <span role="status">正在上传…</span>}
      {problem && <span className="desk-notice desk-notice--error">{problem}</span>}
    </label>
  );
}
