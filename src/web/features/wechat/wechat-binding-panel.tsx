import { useState } from 'react';
import type { WechatProfile } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { useWechatScan } from './use-wechat-scan.ts';
import { WechatQr } from './wechat-qr.tsx';

export interface WechatBindingPanelProps {
  /** Whether the store offers WeChat login (the server's isWechatEnabled); hidden without it. */
  isEnabled: boolean;
  /** The member's binding as the page loaded it (findWechatBinding). */
  binding: WechatProfile | null;
}

/** /user/security's 微信绑定: bound → the WeChat nickname and 解除绑定; unbound → 绑定微信, WeChat's QR page to scan. Needs wechat.css. */
export function WechatBindingPanel({ isEnabled, binding: initial }: WechatBindingPanelProps) {
  const [binding, setBinding] = useState(initial);
  const [isScanning, setIsScanning] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const scan = useWechatScan(
    () => callApi(wechatCalls.bindWechatInfo, { action: 'bind', returnPath: window.location.pathname }),
    isScanning,
    (relevance) => relevance.binding !== null,
    (relevance) => {
      setBinding(relevance.binding);
      setIsScanning(false);
      showToast('微信绑定成功');
    },
  );
  if (!isEnabled) return null;

  async function unbind() {
    if (!window.confirm('解除绑定后将不能使用该微信登录，确定解除吗？')) return;
    setIsBusy(true);
    try {
      await callApi(wechatCalls.bindWechatInfo, { action: 'unbind' });
      setBinding(null);
      showToast('已解除微信绑定');
    } catch (failure) {
      toastIfMessage(errorMessageOf(failure));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section className="wechat-binding" aria-label="微信绑定">
      <h3 className="wechat-binding__title">微信绑定</h3>
      {binding ? (
        <>
          <span className="wechat-binding__state">{`已绑定微信：${binding.nickname || '微信用户'}`}</span>
          <button type="button" className="link-button" disabled={isBusy} onClick={() => void unbind()}>
            解除绑定
          </button>
        </>
      ) : (
        <>
          <span className="wechat-binding__state">绑定后可使用微信扫码登录</span>
          <button type="button" className="link-button" onClick={() => setIsScanning(!isScanning)}>
            {isScanning ? '取消绑定' : '绑定微信'}
          </button>
          {isScanning ? (
            <div className="wechat-binding__scan">
              <WechatQr scan={scan} caption="在打开的微信页面用手机微信扫码，绑定后可用微信登录" />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
