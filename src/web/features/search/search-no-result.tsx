import { searchUrl, type Suggestion } from '../../../contract/search.ts';

/** Nothing matched: why that may be, the words that do match, nearby part numbers, and the BOM tool. */
export function SearchNoResult({ keyword, nearMatches }: { keyword: string; nearMatches: Suggestion[] }) {
  return (
    <section className="search-empty">
      <h1 className="search-empty__title">
        抱歉，没有找到与“<em>{keyword}</em>”相关的商品
      </h1>
      <ul className="search-empty__tips">
        <li>请检查型号拼写是否正确，或只输入型号的前几位，如“STM32F103”；</li>
        <li>减少关键词，或换用品牌、分类名称搜索，如“德州仪器”“贴片电阻”；</li>
        <li>按参数搜索：阻值、容值、电压、精度与封装，如“10k 0603 1%”“100nF 50V”。</li>
      </ul>
      {nearMatches.length > 0 && (
        <div className="search-empty__near">
          <h2 className="search-empty__subtitle">您是不是要找：</h2>
          <ul className="search-empty__near-list">
            {nearMatches.map((match) => (
              <li key={match.key}>
                <a href={searchUrl(match.key)}>{match.key}</a>
                <span className="search-empty__count">约 {match.searchResultCount} 个商品</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="search-empty__bom">
        <div>
          <h2 className="search-empty__bom-title">型号太多，一个个搜太慢？</h2>
          <p className="search-empty__bom-text">试试 BOM 配单：上传或粘贴您的物料清单，系统自动匹配型号、库存与阶梯报价。</p>
        </div>
        <a className="button button--primary" href="/bom">
          立即BOM配单
        </a>
      </div>
    </section>
  );
}
