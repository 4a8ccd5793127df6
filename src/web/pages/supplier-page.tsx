import { registerPath } from '../../contract/account.ts';
import { supplierPaths, type SupplierPageData } from '../../contract/supplier.ts';
import { HelpHtml } from '../features/help/help-html.tsx';
import { SupplierForm } from '../features/supplier/supplier-form.tsx';
import { SupplierProgress } from '../features/supplier/supplier-progress.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

/** /serve/supplier: why join, the requirements and process (staff-edited prose), the application (members) and the progress lookup (anyone). */
export function SupplierPage({ shell, data }: PageProps<SupplierPageData>) {
  return (
    <PageShell shell={shell}>
      <div className="supplier-page">
        <Breadcrumb items={[{ label: '供应商入驻' }]} />
        <section className="supplier-hero">
          <h1>供应商入驻</h1>
          <HelpHtml className="supplier-hero__text" html={data.prose.intro} />
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
          <HelpHtml className="supplier-reasons" html={data.prose.reasons} />
        </section>

        <section className="supplier-section supplier-section--split">
          <div>
            <h2 className="supplier-title">入驻要求</h2>
            <HelpHtml className="supplier-requirements" html={data.prose.requirements} />
          </div>
          <div>
            <h2 className="supplier-title">入驻流程</h2>
            <HelpHtml className="supplier-steps" html={data.prose.steps} />
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
