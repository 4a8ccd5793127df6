import { useCallback, useEffect, useState } from 'react';
import { SendMsgType, type QueryDynamicGraphCodeRequest, type QueryDynamicGraphCodeResponse } from '../../../contract/account.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

/** The graphic code: loaded after hydration, a new one on click or when `version` changes. */
export function GraphicCodeImage({ version }: { version: number }) {
  const [image, setImage] = useState('');
  const [isLoading, setIsLoading] = useState(false);

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      const body: QueryDynamicGraphCodeRequest = { type: SendMsgType.register };
      const answer = await callApi<QueryDynamicGraphCodeResponse>('/common/api/queryDynamicGraphCode', body);
      setImage(answer.image);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load, version]);

  return (
    <button type="button" className="graphic-code" onClick={() => void load()} title="看不清？点击换一张" disabled={isLoading}>
      {image ? <img className="graphic-code__image" src={image} alt="图形验证码" width={120} height={40} /> : <span className="graphic-code__placeholder">加载中…</span>}
    </button>
  );
}
