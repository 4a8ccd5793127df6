import { productDetailPath } from '../../../contract/catalog.ts';
import { crossReferenceRelationLabels, type CrossReferenceMatch, type CrossReferencePart } from '../../../contract/cross-reference.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { StockLabel } from '../catalog/stock-label.tsx';
import { EvidenceTable } from './evidence-table.tsx';

function PriceFrom({ part }: { part: CrossReferencePart }) {
  const first = part.priceTiers[0];
  if (!first) return <span className="xref-part__price xref-part__price--none">暂无报价</span>;
  return (
    <span className="xref-part__price">
      <strong className="price">{formatUnitPriceE4(first.priceE4)}</strong>
      <span className="xref-part__tier">（{first.qtyStart}+）</span>
    </span>
  );
}

/** The part's line: code (to its page), brand with 国产, package, price and stock. */
export function PartLine({ part }: { part: CrossReferencePart }) {
  return (
    <div className="xref-part">
      <a className="xref-part__code" href={productDetailPath(part.productId)}>
        {part.code}
      </a>
      <span className="xref-part__brand">{part.brandName}</span>
      {part.isDomesticBrand && <span className="xref-tag xref-tag--domestic">国产</span>}
      <span className="xref-part__package">封装 {part.package || '未注明'}</span>
      <PriceFrom part={part} />
      <StockLabel stock={part.stock} />
    </div>
  );
}

export function MatchList({ matches, originalCode, emptyText }: { matches: readonly CrossReferenceMatch[]; originalCode: string; emptyText: string }) {
  if (matches.length === 0) return <p className="xref-empty">{emptyText}</p>;
  return (
    <ol className="xref-matches">
      {matches.map((match) => (
        <li key={match.part.productId} className="xref-match" data-testid="xref-match" data-code={match.part.code}>
          <div className="xref-match__head">
            <span className="xref-tag">{crossReferenceRelationLabels[match.relation]}</span>
            <PartLine part={match.part} />
          </div>
          <EvidenceTable rows={match.evidence} originalCode={originalCode} candidateCode={match.part.code} />
          <p className="xref-match__pin">引脚兼容：{match.pinNote}</p>
        </li>
      ))}
    </ol>
  );
}
