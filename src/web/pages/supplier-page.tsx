import { registerPath } from '../../contract/account.ts';
import { supplierPaths, type SupplierPageData } from '../../contract/supplier.ts';
import { SupplierForm } from '../features/supplier/supplier-form.tsx';
import { SupplierProgress } from '../features/supplier/supplier-progress.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

const reasons = [
  { title: '海量采购需求', text: '数十万工程师与采购会员，覆盖研发打样到批量生产，订单稳定持续。' },
  { title: '结算透明准时', text: '按合同约定账期对账结算，线上可查每笔入库、销售与回款明细。' },
  { title: '专业运营支持', text: '专属品类经理协助选品定价、参数整理与型号上架，降低运营成本。' },
  { title: '数据助力备货', text: '共享品类搜索热度与缺货趋势，帮助您提前备货、减少呆滞库存。' },
];

const requirements = [
  '依法注册的企业法人，持有有效营业执照，具备一般纳税人资格，可开具增值税专用发票；',
  '原厂、原厂授权代理商或授权分销商，能提供代理证、分销授权书等渠道证明；',
  '货源正规、品质可追溯，承诺所供物料均为原装正品，支持批次与来料检验；',
  '具备稳定的供货与交期能力，年供货额与申请品类相匹配。',
];

const steps = [
  { title: '注册登录', text: '注册会员账号并登录' },
  { title: '提交申请', text: '填写企业信息，上传营业执照与代理证' },
  { title: '资质审核', text: '3个工作日内完成审核' },
  { title: '签约合作', text: '确认合作条款，签署供货协议' },
  { title: '商品上架', text: '型号资料上架，开始销售' },
];

/** /serve/supplier: why join, the requirements and process, the application (members) and the progress lookup (anyone). */
export function SupplierPage({ shell, data }: PageProps<SupplierPageData>) {
  return (
    <PageShell shell={shell}>
      <div className="supplier-page">
        <Breadcrumb items={[{ label: '供应商入驻' }]} />
        <section className="supplier-hero">
          <h1>供应商入驻</h1>
          <p>诚邀电子元器件原厂、授权代理商与分销商入驻{shell.siteName}，与我们一起为工程师和采购提供正品、现货与更快的交付。</p>
          <div className="supplier-hero__actions">
            <a className="supplier-hero__button" href="#apply">
              立即申请
            </a>
            <a className="supplier-hero__button supplier-hero__button--ghost" href="#progress">
              查询进度
            </a>
          </div>
        </section>

        <section className="supplier-section">
          <h2 className="supplier-title">为什么加入</h2>
          <ul className="supplier-reasons">
            {reasons.map((reason) => (
              <li key={reason.title}>
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="supplier-section supplier-section--split">
          <div>
            <h2 className="supplier-title">入驻要求</h2>
            <ol className="supplier-requirements">
              {requirements.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
            </ol>
            <p className="supplier-materials">
              需准备材料：营业执照（彩色扫描件或照片）、代理证或分销授权书（如有），支持 jpg、png、bmp、webp、pdf，单个不超过 10MB。
            </p>
          </div>
          <div>
            <h2 className="supplier-title">入驻流程</h2>
            <ol className="supplier-steps">
              {steps.map((step, index) => (
                <li key={step.title}>
                  <span className="supplier-steps__number">{index + 1}</span>
                  <strong>{step.title}</strong>
                  <span>{step.text}</span>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="supplier-section" id="apply">
          <h2 className="supplier-title">入驻申请</h2>
          {data.isLoggedIn ? (
            <SupplierForm categories={data.categories} />
          ) : (
            <div className="supplier-login" data-testid="supplier-login-prompt">
              <p>申请入驻需要登录会员账号：营业执照与代理证作为您账号下的资料上传，审核结果也会关联到该账号。</p>
              <div className="supplier-hero__actions">
                <a className="supplier-hero__button" href={data.loginUrl}>
                  登录后申请
                </a>
                <a className="supplier-hero__button supplier-hero__button--ghost" href={registerPath(supplierPaths.page)}>
                  免费注册
                </a>
              </div>
            </div>
          )}
        </section>

        <section className="supplier-section" id="progress">
          <h2 className="supplier-title">查询进度</h2>
          <SupplierProgress />
        </section>
      </div>
    </PageShell>
  );
}
