import type { BomCandidate } from '../../../../contract/bom.ts';
import { mobileProductPath } from '../../../../contract/mobile.ts';

/** A part offered for a line: its number (to its phone page), brand with 国产, package and key parameters. */
export function MobileBomPart({ part, basePath }: { part: BomCandidate; basePath: string }) {
  return (
    <div className="m-bom-part">
      <a className="m-bom-part__code" href={mobileProductPath(basePath, part.productId)}>
        {part.code}
      </a>
      <p className="m-bom-part__meta">
        {part.brandName}
        {part.isDomesticBrand && <span className="m-bom-tag">国产</span>}
        {part.package && <span> · {part.package}</span>}
      </p>
      {part.keyParams.length > 0 && <p className="m-bom-part__params">{part.keyParams.map((param) => `${param.name} ${param.value}`).join(' · ')}</p>}
    </div>
  );
}
