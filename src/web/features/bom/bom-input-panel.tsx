import { usePageId } from '../../lib/page-ids.tsx';
import { useRef, useState, type DragEvent } from 'react';
import { bomLimits } from '../../../contract/bom.ts';
import { bomFileAccept } from './send-bom-file.ts';
import type { BomUpload } from './use-bom-upload.ts';

const pasteExample = 'STM32F103C8T6\t10\n0603WAF1002T5E\t100\nGRM188R71C104KA01D\t50';

/** Drop a file, pick one, or paste lines copied from Excel: the two ways a BOM comes in. */
export function BomInputPanel({ upload }: { upload: BomUpload }) {
  const fileInputId = usePageId();
  const pasteId = usePageId();
  const problemId = usePageId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    upload.uploadFile(event.dataTransfer.files[0]);
  }

  return (
    <div className="bom-input">
      <div
        className={isDragging ? 'bom-drop bom-drop--active' : 'bom-drop'}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        data-testid="bom-drop-zone"
      >
        <p className="bom-drop__title">将 BOM 文件拖到这里</p>
        <p className="bom-drop__hint">
          支持 .xlsx、.xls、.csv、.txt、.bom，不超过 5MB、{bomLimits.partLinesMax} 行物料；可直接上传立创 EDA、KiCad、Altium 等导出的 BOM
        </p>
        <label className="bom-hidden" htmlFor={fileInputId}>
          选择 BOM 文件
        </label>
        <input
          ref={fileInput}
          id={fileInputId}
          className="bom-hidden"
          type="file"
          accept={bomFileAccept}
          aria-describedby={upload.problem ? problemId : undefined}
          onChange={(event) => {
            upload.uploadFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <button type="button" className="button button--primary" disabled={upload.isReading} onClick={() => fileInput.current?.click()}>
          {upload.isReading ? '正在读取…' : '选择文件'}
        </button>
      </div>
      <div className="bom-paste">
        <label className="bom-paste__label" htmlFor={pasteId}>
          或粘贴 BOM 内容（从 Excel 复制，或每行“型号 数量”）
        </label>
        <textarea
          id={pasteId}
          className="bom-paste__text"
          rows={6}
          placeholder={pasteExample}
          value={upload.pasteText}
          onChange={(event) => upload.setPasteText(event.target.value)}
        />
        <button type="button" className="button button--accent" disabled={upload.isReading} onClick={upload.parsePaste}>
          识别粘贴内容
        </button>
      </div>
      {upload.problem && (
        <p id={problemId} className="bom-input__problem" role="alert">
          {upload.problem}
        </p>
      )}
    </div>
  );
}
