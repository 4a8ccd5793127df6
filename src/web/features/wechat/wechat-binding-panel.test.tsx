import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WechatBindingPanel } from './wechat-binding-panel.tsx';

const render = (props: Parameters<typeof WechatBindingPanel>[0]) => renderToString(createElement(WechatBindingPanel, props));

describe('WechatBindingPanel', () => {
  it('shows the bound WeChat and 解除绑定', () => {
    const html = render({ isEnabled: true, binding: { nickname: '芯片小王', headImgUrl: '' } });
    expect(html).toContain('已绑定微信：芯片小王');
    expect(html).toContain('解除绑定');
    expect(html).not.toContain('绑定微信<');
  });

  it('offers 绑定微信 when not bound', () => {
    const html = render({ isEnabled: true, binding: null });
    expect(html).toContain('绑定微信');
    expect(html).not.toContain('解除绑定');
  });

  it('is hidden when the store has no WeChat login', () => {
    expect(render({ isEnabled: false, binding: null })).toBe('');
  });
});
