import { useState } from 'react';
import { adminInvoiceFilePath } from '../../../contract/admin-orders.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../../contract/staff.ts';
import type { UploadedImage } from '../../../contract/upload.ts';
import { readCookie } from '../../lib/api-client.ts';

/** The electronic invoice's PDF: sent as it is chosen; the server reads its type from its content. */
export function InvoicePdfUpload({ orderNo, fileUrl, onUploaded }: { orderNo: string; fileUrl: string; onUploaded: (url: string) => void }) {
  const [problem, setProblem] = useState('');
  const [isSending, setSending] = useState(false);
  async function send(file: File) {
    setSending(true);
    setProblem('');
    const form = new FormData();
    form.append('file', file);
    try {
      const response = await fetch(`${adminInvoiceFilePath}?orderNo=${encodeURIComponent(orderNo)}`, {
        method: 'POST',
        headers: { [staffCsrfHeaderName]: readCookie(staffCsrfCookieName) },
        body: form,
        credentials: 'same-origin',
      });
      const envelope = (await response.json()) as Envelope<UploadedImage>;
      if (envelope.code === 1 && envelope.data) onUploaded(envelope.data.url);
      else setProblem(envelope.msg || '上传失败，请重试');
    } catch {
      setProblem('上传失败，请重试');
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
