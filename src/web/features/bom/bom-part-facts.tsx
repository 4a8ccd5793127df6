import { BomLineStatus, bomLineStatusLabels, type BomCandidate, type BomLine } from '../../../contract/bom.ts';
import { crossReferenceCodeProblem, crossReferencePath } from '../../../contract/cross-reference.ts';

const matchedByLabels: Record<NonNullable<BomLine['matchedBy']>, string> = {
  mpn: '按型号',
  storeCode: '按商品编号',
  parameters: '按参数',
  keyword: '按关键词',
};

/** The line's status in words (the colour only repeats it), and how it was found. */
export function BomStatusBadge({ line }: { line: BomLine }) {
  const status = line.isNotFitted ? BomLineStatus.notFitted : line.status;
  return (
    <span className={`bom-status bom-status--${status}`} data-status={status}>
      {bomLineStatusLabels[status]}
      {line.matchedBy && status !== BomLineStatus.none && <span className="bom-status__by">{matchedByLabels[line.matchedBy]}</span>}
    </span>
  );
}

/** Code (to the part's page), brand with 国产, package and key parameters. */
export function BomPartFacts({ part }: { part: BomCandidate }) {
  return (
    <div className="bom-part">
      <a className="bom-part__code" href={`/product/detail/${part.productId}`} target="_blank" rel="noreferrer">
        {part.code}
      </a>
      <div className="bom-part__meta">
        <span>{part.brandName}</span>
        {part.isDomesticBrand && <span className="bom-tag bom-tag--domestic">国产</span>}
        {part.package && <span>封装 {part.package}</span>}
      </div>
      {part.keyParams.length > 0 && (
        <div className="bom-part__params">
          {part.keyParams.map((param) => (
            <span key={param.name} className="bom-part__param">
              {param.name} {param.value}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** What the buyer's sheet asked for on this line. */
export function BomLineQueryCell({ line }: { line: BomLine }) {
  const { query } = line;
  const title = query.mpn || query.storeCode || query.value || query.description || '（空）';
  const details = [query.mpn && query.value && query.value !== query.mpn ? query.value : '', query.package, query.brand].filter(Boolean);
  return (
    <div className="bom-query">
      <div className="bom-query__title">{title}</div>
      {details.length > 0 && <div className="bom-query__meta">{details.join(' · ')}</div>}
      {query.description && query.description !== title && <div className="bom-query__meta bom-query__desc">{query.description}</div>}
      {line.designators.length > 0 && (
        <div className="bom-query__designators" title={line.designators.join(', ')}>
          位号 {line.designators.length > 8 ? `${line.designators.slice(0, 8).join(', ')} 等 ${line.designators.length} 个` : line.designators.join(', ')}
        </div>
      )}
      {line.notes.map((note) => (
        <div key={note} className="bom-query__note">
          {note}
        </div>
      ))}
    </div>
  );
}

/** 查替代: the chosen part's number, else the line's; none for a line without a part number. */
export function CrossReferenceLink({ code }: { code: string }) {
  if (crossReferenceCodeProblem(code)) return null;
  return (
    <a className="bom-line__xref" href={crossReferencePath(code.trim())} data-testid="bom-line-xref">
      查替代
    </a>
  );
}
