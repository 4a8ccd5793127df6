import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BankPanel, QrPanel } from './payment-instruction.tsx';

function render(element: ReactElement): string {
  return renderToString(element).replaceAll('<!-- -->', '');
}

describe('the cashier’s instructions', () => {
  it('shows Alipay’s QR address to open on the phone, with the link to Alipay’s web cashier', () => {
    const html = render(
      <QrPanel
        instruction={{
          kind: 'qr',
          method: 'alipay',
          codeUrl: 'https://qr.alipay.com/bax01',
          webPayUrl: 'https://openapi.alipay.com/gateway.do?sign=x&amp=1',
          qrImage: 'data:image/png;base64,QUxJ',
        }}
      />,
    );
    expect(html).toContain('请使用手机支付宝扫码');
    expect(html).toContain('<img class="cashier-qr__image" src="data:image/png;base64,QUxJ"');
    expect(html).toContain('alt="支付宝付款二维码"');
    expect(html).toContain('href="https://qr.alipay.com/bax01"');
    expect(html).toContain('前往支付宝网页付款');
    expect(html).toContain('href="https://openapi.alipay.com/gateway.do?sign=x&amp;amp=1"');
    expect(html).toContain('付款完成后页面将自动跳转到订单详情');
  });

  it('shows WeChat’s code without a web cashier', () => {
    const html = render(
      <QrPanel
        instruction={{ kind: 'qr', method: 'wechat', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', webPayUrl: null, qrImage: 'data:image/png;base64,V0VD' }}
      />,
    );
    expect(html).toContain('请使用手机微信支付扫码');
    expect(html).toContain('weixin://wxpay/bizpayurl?pr=abc');
    expect(html).not.toContain('网页付款');
  });

  it('shows the account, the amount with ¥ and two decimals, and the order number to write as the remark, each with a copy button', () => {
    const html = render(
      <BankPanel
        instruction={{
          kind: 'bank',
          method: 'bankTransfer',
          account: { accountName: '深圳市芯品电子科技有限公司', bankName: '招商银行深圳科技园支行', accountNumber: '7559 2860 2610 901' },
          reference: '2511231234567890',
          amountCents: 123_400,
          payBefore: null,
        }}
      />,
    );
    for (const text of ['户名', '深圳市芯品电子科技有限公司', '开户银行', '7559 2860 2610 901', '¥1234.00', '转账附言', '2511231234567890'])
      expect(html).toContain(text);
    expect(html.match(/aria-label="复制/g)).toHaveLength(4);
  });
});
