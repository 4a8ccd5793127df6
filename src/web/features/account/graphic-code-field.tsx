import { usePageId } from '../../lib/page-ids.tsx';
import { graphCodeLength, SendMsgType } from '../../../contract/account.ts';
import { FormField } from './form-parts.tsx';
import { GraphicCodeImage } from './graphic-code-image.tsx';
import type { GraphicCodeAnswer } from './use-graphic-code-answer.ts';

/** The 图形验证码 row of the account forms: the answer's input and the image (a new one on click). */
export function GraphicCodeField({ answer, type = SendMsgType.register }: { answer: GraphicCodeAnswer; type?: number }) {
  const inputId = usePageId();
  return (
    <FormField label="图形验证码" htmlFor={inputId}>
      <span className="auth-inline">
        <input
          id={inputId}
          className="auth-input"
          name="graphCode"
          autoComplete="off"
          placeholder="请输入右侧字符"
          maxLength={graphCodeLength}
          value={answer.value}
          onChange={(event) => answer.setValue(event.target.value)}
        />
        <GraphicCodeImage version={answer.version} type={type} />
      </span>
    </FormField>
  );
}
