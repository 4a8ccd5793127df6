import { useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PageIds } from './page-ids.tsx';
import { appRootElementId, hydratedAttribute, initialStateElementId, type PageState } from '../../contract/shell.ts';

/** Marks the root once the page is live (effects run after hydration commits); it renders nothing of its own, so the markup still matches. */
function HydratedMark({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => root.setAttribute(hydratedAttribute, ''), [root]);
  return children;
}

/** Reads the JSON state the server embedded and hydrates the page rendered from it. */
export function hydratePage<Data>(Page: ComponentType<PageState<Data>>) {
  const stateElement = document.getElementById(initialStateElementId);
  const root = document.getElementById(appRootElementId);
  if (!stateElement || !root) {
    console.error('页面初始化失败：缺少初始状态');
    return;
  }
  const state = JSON.parse(stateElement.textContent) as PageState<Data>;
  hydrateRoot(
    root,
    <HydratedMark root={root}>
      <PageIds>
        <Page {...state} />
      </PageIds>
    </HydratedMark>,
    { onRecoverableError: (error) => console.error('hydration', error) },
  );
}
