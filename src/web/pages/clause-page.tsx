import { registerPath } from '../../contract/account.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { clauseSections } from '../features/account/clause-sections.ts';
import type { PageProps } from './page-props.ts';

export function ClausePage({ shell }: PageProps<null>) {
  const withSite = (text: string) => text.replaceAll('{site}', shell.siteName);
  return (
    <PageShell shell={shell}>
      <article className="clause">
        <h1 className="clause__title">{shell.siteName}用户注册协议</h1>
        <p className="clause__intro">本协议是您与{shell.siteName}之间关于注册、使用会员账号及相关服务所订立的协议。</p>
        {clauseSections.map((section) => (
          <section key={section.title} className="clause__section">
            <h2 className="clause__heading">{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="clause__paragraph">
                {withSite(paragraph)}
              </p>
            ))}
          </section>
        ))}
        <p className="clause__actions">
          <a className="button button--primary" href={registerPath()}>
            同意并前往注册
          </a>
        </p>
      </article>
    </PageShell>
  );
}
