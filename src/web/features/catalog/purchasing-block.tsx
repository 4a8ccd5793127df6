import { leadWeeksText, mslLabels, packagingLabels, reachLabels, type PurchasingView } from '../../../contract/purchasing.ts';

const unsaid = '暂无';

function Row({ label, value, testId, isWarning = false }: { label: string; value: string; testId: string; isWarning?: boolean }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId} className={isWarning ? 'purchasing-block__warning' : undefined}>
        {value}
      </td>
    </tr>
  );
}

function CadLink({ href, label }: { href: string | null; label: string }) {
  if (!href)
    return (
      <span className="purchasing-block__cad purchasing-block__cad--none">
        {label}：{unsaid}
      </span>
    );
  return (
    <a className="purchasing-block__cad" href={href} target="_blank" rel="noopener noreferrer nofollow">
      {label}
    </a>
  );
}

/** 采购与合规 beside the parameters: compliance (RoHS, REACH, MSL, ECCN), origin, packaging, factory lead time and the CAD models. */
export function PurchasingBlock({ purchasing, isRohs }: { purchasing: PurchasingView; isRohs: boolean }) {
  const origin = purchasing.originCountry ? `${purchasing.originCountryName ?? ''}（${purchasing.originCountry}）` : unsaid;
  return (
    <div className="purchasing-block">
      <table className="param-table purchasing-block__table">
        <tbody>
          <Row label="RoHS" value={isRohs ? '符合' : '不符合'} testId="purchasing-rohs" isWarning={!isRohs} />
          <Row
            label="REACH（SVHC）"
            value={reachLabels[purchasing.reachStatus]}
            testId="purchasing-reach"
            isWarning={purchasing.reachStatus === 'non_compliant'}
          />
          <Row label="湿敏等级（MSL）" value={purchasing.msl ? mslLabels[purchasing.msl] : unsaid} testId="purchasing-msl" />
          <Row label="出口管制分类（ECCN）" value={purchasing.eccn ?? unsaid} testId="purchasing-eccn" />
          <Row label="原产地" value={origin} testId="purchasing-origin" />
          <Row label="包装方式" value={purchasing.packaging ? packagingLabels[purchasing.packaging] : unsaid} testId="purchasing-packaging" />
          <Row label="工厂交期" value={purchasing.factoryLeadWeeks === null ? unsaid : leadWeeksText(purchasing.factoryLeadWeeks)} testId="purchasing-lead" />
        </tbody>
      </table>
      <p className="purchasing-block__cads" data-testid="purchasing-cad">
        <span className="purchasing-block__cads-title">CAD 模型</span>
        <CadLink href={purchasing.cadSymbolUrl} label="原理图符号" />
        <CadLink href={purchasing.cadFootprintUrl} label="PCB 封装" />
        <CadLink href={purchasing.cadModelUrl} label="3D 模型" />
      </p>
      <p className="purchasing-block__note">工厂交期为原厂生产周期，现货商品付款后按发货仓的截单时间发货。</p>
    </div>
  );
}
