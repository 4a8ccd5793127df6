import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { testConfig } from '../../testing/test-app.ts';
import { createPaymentProviders } from './payment-providers.ts';
import { alipayEnv, alipayKeys } from './testing/fake-alipay.ts';
import { wechatEnv, wechatKeys } from './testing/fake-wechat-pay.ts';

const alipay = alipayKeys();
const wechat = wechatKeys();
const methodsOf = (env: Record<string, string>) => createPaymentProviders(testConfig(env).payments).options.map((option) => option.method);

describe('payment settings', () => {
  it('offers bank transfer alone in production without provider keys, and 模拟支付 beside it elsewhere or when enabled', () => {
    expect(methodsOf({ NODE_ENV: 'production' })).toEqual(['bankTransfer']);
    expect(methodsOf({ NODE_ENV: 'production', PAYMENT_DEV_ENABLED: 'true' })).toEqual(['bankTransfer', 'development']);
    expect(methodsOf({ NODE_ENV: 'development' })).toEqual(['bankTransfer', 'development']);
    expect(methodsOf({ NODE_ENV: 'development', PAYMENT_DEV_ENABLED: 'false' })).toEqual(['bankTransfer']);
  });

  it('offers Alipay and WeChat Pay, in that order, when their keys are given', () => {
    const env = { NODE_ENV: 'production', ...alipayEnv(alipay, 'https://openapi.alipay.com/'), ...wechatEnv(wechat, 'https://api.mch.weixin.qq.com') };
    expect(methodsOf(env)).toEqual(['alipay', 'wechat', 'bankTransfer']);
    expect(testConfig(env).payments).toMatchObject({ publicBaseUrl: 'https://shop.example.com', alipay: { gateway: 'https://openapi.alipay.com' } });
  });

  it('stops at start on half a provider, a missing public address, or an APIv3 key of the wrong length', () => {
    expect(() => testConfig({ ALIPAY_APP_ID: '2021000123456789' })).toThrow(/ALIPAY_PRIVATE_KEY: required with the other ALIPAY_ settings/);
    const { PUBLIC_BASE_URL: _unused, ...withoutBase } = alipayEnv(alipay, 'https://openapi.alipay.com');
    expect(() => testConfig(withoutBase)).toThrow(ConfigError);
    expect(() => testConfig(withoutBase)).toThrow(/PUBLIC_BASE_URL: required/);
    expect(() => testConfig({ ...wechatEnv(wechat, 'https://api.mch.weixin.qq.com'), WECHATPAY_API_V3_KEY: 'short' })).toThrow(
      /WECHATPAY_API_V3_KEY: must be 32 bytes/,
    );
  });

  it('reads keys from files, from bare base64, and with escaped line breaks; an unusable key stops the start naming its setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payment-keys-'));
    const keyFile = join(dir, 'apiclient_key.pem');
    writeFileSync(keyFile, wechat.merchant.privateKey);
    const fromFile = testConfig({ ...wechatEnv(wechat, 'https://api.mch.weixin.qq.com'), WECHATPAY_PRIVATE_KEY: keyFile });
    expect(fromFile.payments.wechat?.privateKey).toBe(wechat.merchant.privateKey.trim());
    const bare = alipay.app.privateKey.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const escaped = alipay.alipay.publicKey.trim().replaceAll('\n', '\\n');
    expect(methodsOf({ ...alipayEnv(alipay, 'https://openapi.alipay.com'), ALIPAY_PRIVATE_KEY: bare, ALIPAY_PUBLIC_KEY: escaped })).toContain('alipay');
    expect(() => methodsOf({ ...alipayEnv(alipay, 'https://openapi.alipay.com'), ALIPAY_PUBLIC_KEY: 'not-a-key' })).toThrow(
      /ALIPAY_PUBLIC_KEY: not a usable public key/,
    );
  });

  it('waits 7 days for a bank transfer unless told otherwise, and refuses a window that is not 1 to 30 whole days', () => {
    expect(testConfig().payments.bankTransferWindowDays).toBe(7);
    expect(testConfig({ BANK_TRANSFER_WINDOW_DAYS: '3' }).payments.bankTransferWindowDays).toBe(3);
    for (const value of ['0', '31', '1.5', 'week']) expect(() => testConfig({ BANK_TRANSFER_WINDOW_DAYS: value })).toThrow(/BANK_TRANSFER_WINDOW_DAYS/);
  });
});
