import { leadWeeksText, mslLabels, packagingLabels, reachLabels, type PurchasingView } from '../../../contract/purchasing.ts';

const unsaid = '暂无';

/** 采购与合规 on the phone's product page: the desktop block's facts as a list, the CAD models as links. */
export function MobilePurchasing({ purchasing, isRohs }: { purchasing: PurchasingView; isRohs: boolean }) {
  const facts: [string, string][] = [
    ['RoHS', isRohs ? '符合' : '不符合'],
    ['REACH', reachLabels[purchasing.reachStatus]],
    ['湿敏等级', purchasing.msl ? mslLabels[purchasing.msl] : unsaid],
    ['ECCN', purchasing.eccn ?? unsaid],
    ['原产地', purchasing.originCountry ? `${purchasing.originCountryName ?? ''}（${purchasing.originCountry}）` : unsaid],
    ['包装方式', purchasing.packaging ? packagingLabels[purchasing.packaging] : unsaid],
    ['工厂交期', purchasing.factoryLeadWeeks === null ? unsaid : leadWeeksText(purchasing.factoryLeadWeeks)],
  ];
  const cads = [
    ['原理图符号', purchasing.cadSymbolUrl],
    ['PCB 封装', purchasing.cadFootprintUrl],
    ['3D 模型', purchasing.cadModelUrl],
  ].flatMap(([label, href]) => (href ? [{ label: label ?? '', href }] : []));
  return (
    <>
      <h2 className="m-product__subtitle">采购与合规</h2>
      <dl className="m-product__params" data-testid="m-product-purchasing">
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>CAD 模型</dt>
          <dd>
            {cads.length === 0
              ? unsaid
              : cads.map((cad) => (
                  <a key={cad.label} href={cad.href} target="_blank" rel="noopener noreferrer nofollow" className="m-product__cad">
                    {cad.label}
                  </a>
                ))}
          </dd>
        </div>
      </dl>
    </>
  );
}
