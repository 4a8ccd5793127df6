import { factPlaceholders, placeholderOf, unknownPlaceholdersIn } from '../../../contract/site-facts.ts';

/**
 * The site facts an editor may name in a title or body: each placeholder and what the shop shows in its place.
 * They are filled in when a page is shown, so a fact changed in 站点设置 shows everywhere at once.
 */
export function FactPlaceholderList({ text }: { text: string }) {
  const unknown = unknownPlaceholdersIn(text);
  return (
    <div className="content-form__wide content-placeholders" data-testid="fact-placeholders">
      <p>写到仓库、截单时间、客服热线、现货数量等站点信息时，请用下列占位符，页面显示时替换为当前值（在“站点设置”中修改）：</p>
      <ul>
        {factPlaceholders.map((placeholder) => (
          <li key={placeholder.name}>
            <code>{placeholderOf(placeholder.name)}</code> {placeholder.shows}
          </li>
        ))}
      </ul>
      {unknown.length > 0 && (
        <p className="content-placeholders__unknown" role="alert">
          未知的占位符：{unknown.map((name) => `{{${name}}}`).join('、')}，页面将按原样显示
        </p>
      )}
    </div>
  );
}
