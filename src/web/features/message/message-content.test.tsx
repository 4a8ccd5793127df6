import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageType, type Message } from '../../../contract/message.ts';
import { MessageContent } from './message-content.tsx';

const message = (messageType: Message['messageType'], msgContent: string): Message => ({
  id: 1,
  messageType,
  msgContent,
  sendDate: 0,
  sendDateStr: '2026-11-26 10:00',
  isRead: false,
});

describe('MessageContent', () => {
  it('links the product page a plain message names, on the detail page only', () => {
    const alert = message(MessageType.alert, '您收藏的商品 LM358 已到货，当前库存 5 个，查看详情：/product/detail/42');
    expect(renderToStaticMarkup(createElement(MessageContent, { message: alert, linksPages: true }))).toBe(
      '<div class="message-content ">您收藏的商品 LM358 已到货，当前库存 5 个，查看详情：<a class="message-content__link" href="/product/detail/42">/product/detail/42</a></div>',
    );
    expect(renderToStaticMarkup(createElement(MessageContent, { message: alert }))).not.toContain('<a');
  });

  it('leaves other text as text, markup included', () => {
    const order = message(MessageType.order, '订单 <b>2611</b> 已发货，见 /product/detail/x');
    const html = renderToStaticMarkup(createElement(MessageContent, { message: order, linksPages: true }));
    expect(html).toContain('&lt;b&gt;2611&lt;/b&gt;');
    expect(html).not.toContain('<a');
  });
});
