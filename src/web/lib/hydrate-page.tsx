import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { appRootElementId, initialStateElementId, type PageState } from '../../contract/shell.ts';

/** Reads the JSON state the server embedded and hydrates the page rendered from it. */
export function hydratePage<Data>(Page: ComponentType<PageState<Data>>) {
  const stateElement = document.getElementById(initialStateElementId);
  const root = document.getElementById(appRootElementId);
  if (!stateElement || !root) {
    console.error('页面初始化失败：缺少初始状态');
    return;
  }
  const state = JSON.parse(stateElement.textContent) as PageState<Data>;
  hydrateRoot(root, <Page {...state} />, {
    onRecoverableError: (error) => console.error('hydration', error),
  });
}
