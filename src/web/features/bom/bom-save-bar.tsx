import { usePageId } from '../../lib/page-ids.tsx';
import { bomExportPath, bomLimits } from '../../../contract/bom.ts';
import { SaveAsListButton } from '../purchase-list/save-as-list-button.tsx';

interface SaveBarProps {
  name: string;
  bomId: number | null;
  isLoggedIn: boolean;
  isSaving: boolean;
  onName: (name: string) => void;
  onSave: () => void;
  onQuote: () => void;
  onStartOver: () => void;
}

/** The BOM's name and what is done with it as a whole: save, export (once saved), quote, start again. */
export function BomSaveBar({ name, bomId, isLoggedIn, isSaving, onName, onSave, onQuote, onStartOver }: SaveBarProps) {
  const nameId = usePageId();
  return (
    <div className="bom-save">
      <label className="bom-save__name" htmlFor={nameId}>
        BOM 名称
        <input id={nameId} value={name} maxLength={bomLimits.nameMax} onChange={(event) => onName(event.target.value)} />
      </label>
      <button type="button" className="button button--primary" disabled={isSaving} onClick={onSave}>
        {bomId === null ? '保存 BOM' : '保存修改'}
      </button>
      {bomId !== null ? (
        <span className="bom-save__exports">
          <a className="button" href={bomExportPath(bomId, 'xlsx')} download>
            导出 Excel
          </a>
          <a className="button" href={bomExportPath(bomId, 'pdf')} download>
            导出 PDF 报价单
          </a>
          <SaveAsListButton origin={{ kind: 'bom', bomId }} sourceName={name} />
        </span>
      ) : (
        <span className="bom-save__hint">{isLoggedIn ? '保存后可导出 Excel 和 PDF 报价单' : '登录后可保存、导出和询价，当前内容会保留'}</span>
      )}
      <button type="button" className="button" onClick={onQuote}>
        询价
      </button>
      <button type="button" className="link-button bom-save__restart" onClick={onStartOver}>
        重新上传
      </button>
    </div>
  );
}
