import { useEffect, useState } from 'react';
import { SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

/**
 * The graphic code: loaded after hydration, a new one on click or when `version` changes. An
 * answer that arrives after a newer request was made is dropped. Its type is the purpose of the
 * SMS code it guards (registration by default).
 */
export function GraphicCodeImage({ version, type = SendMsgType.register }: { version: number; type?: number }) {
  const [clicks, setClicks] = useState(0);
  const [image, setImage] = useState('');
  /** The request whose answer is in: loading while it is not the latest one. */
  const [answeredKey, setAnsweredKey] = useState('');
  const requestKey = `${version}:${clicks}`;

  useEffect(() => {
    let isLatest = true;
    callApi(accountCalls.queryDynamicGraphCode, { type })
      .then((answer) => {
        if (isLatest) setImage(answer.image);
      })
      .catch((error: unknown) => {
        toastIfMessage(errorMessageOf(error));
      })
      .finally(() => {
        if (isLatest) setAnsweredKey(requestKey);
      });
    return () => {
      isLatest = false;
    };
  }, [requestKey, type]);

  const isLoading = answeredKey !== requestKey;
  return (
    <button type="button" className="graphic-code" onClick={() => setClicks((count) => count + 1)} title="看不清？点击换一张" disabled={isLoading}>
      {image ? (
        <img className="graphic-code__image" src={image} alt="图形验证码" width={120} height={40} />
      ) : (
        <span className="graphic-code__placeholder">加载中…</span>
      )}
    </button>
  );
}
