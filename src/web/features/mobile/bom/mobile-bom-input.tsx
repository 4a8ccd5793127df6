import { bomFileExtensions, bomLimits } from '../../../../contract/bom.ts';
import { usePageId } from '../../../lib/page-ids.tsx';
import { bomFileAccept } from '../../bom/send-bom-file.ts';
import type { BomUpload } from '../../bom/use-bom-upload.ts';

const pasteExample = 'STM32F103C8T6 10\n0603WAF1002T5E 100\nGRM188R71C104KA01D 50';
const acceptedTypes = bomFileExtensions.map((extension) => `.${extension}`).join('、');

/** The two ways a BOM comes in on a phone: lines pasted (型号 and 数量 per line), or a file picked. */
export function MobileBomInput({ upload }: { upload: BomUpload }) {
  const pasteId = usePageId();
  const fileId = usePageId();
  const problemId = usePageId();
  const describedBy = upload.problem ? problemId : undefined;
  return (
    <>
      <section className="mb-card m-bom-input" aria-labelledby={`${pasteId}-title`}>
        <h2 id={`${pasteId}-title`} className="mb-card__title">
          粘贴型号清单
        </h2>
        <label className="mb-muted" htmlFor={pasteId}>
          每行一个型号和数量，如“STM32F103C8T6 10”；也可粘贴从 Excel 复制的内容
        </label>
        <textarea
          id={pasteId}
          className="mb-textarea m-bom-input__paste"
          rows={5}
          placeholder={pasteExample}
          value={upload.pasteText}
          aria-describedby={describedBy}
          onChange={(event) => upload.setPasteText(event.target.value)}
        />
        <button type="button" className="mb-button mb-button--accent mb-button--block" disabled={upload.isReading} onClick={upload.parsePaste}>
          {upload.isReading ? '正在识别…' : '识别并匹配'}
        </button>
      </section>
      <section className="mb-card m-bom-input" aria-labelledby={`${fileId}-title`}>
        <h2 id={`${fileId}-title`} className="mb-card__title">
          上传 BOM 文件
        </h2>
        <p className="mb-muted">
          支持 {acceptedTypes}，不超过 {bomLimits.fileBytesMax / 1024 / 1024}MB、{bomLimits.partLinesMax} 行物料
        </p>
        <input
          id={fileId}
          className="m-visually-hidden m-bom-input__file"
          type="file"
          accept={bomFileAccept}
          aria-describedby={describedBy}
          disabled={upload.isReading}
          onChange={(event) => {
            upload.uploadFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label className="mb-button mb-button--primary mb-button--block" htmlFor={fileId}>
          选择 BOM 文件
        </label>
      </section>
      {upload.problem && (
        <p id={problemId} className="mb-notice" role="alert">
          {upload.problem}
        </p>
      )}
    </>
  );
}
