import { companyProseGroup, companyProseSlugs, siteNamePlaceholder } from '../../../contract/help.ts';
import type { HelpSeedPage } from './help-seed.data.ts';

const site = siteNamePlaceholder;

/**
 * The company pages' prose a new store starts with (see companyProseGroup). The markup is what the
 * pages' CSS lays out: a list of cards is a <ul> of <li><h3>…</h3><p>…</p></li>, the onboarding steps
 * an <ol> whose numbers the CSS draws.
 */
export const companyProseSeedPages: readonly HelpSeedPage[] = [
  {
    slug: companyProseSlugs.aboutIntro,
    title: '关于我们·简介',
    description: '',
    groupName: companyProseGroup,
    sort: 1010,
    bodyHtml: `<p>${site}是面向工程师与采购人员的电子元器件一站式采购平台，提供集成电路、分立器件、被动元件、连接器、传感器等品类的现货销售与 BOM 配单服务，致力于让研发打样与生产采购更简单、更高效。</p>`,
  },
  {
    slug: companyProseSlugs.aboutServices,
    title: '关于我们·我们提供',
    description: '',
    groupName: companyProseGroup,
    sort: 1020,
    bodyHtml: `
<ul>
<li><h3>现货采购</h3><p>自营{{发货仓}}现货{{现货数量}}，支持小批量研发采购与批量生产采购，阶梯价格透明，现货订单 2 小时内发货。</p></li>
<li><h3>BOM配单</h3><p>上传物料清单即可自动匹配型号、参数与替代料，几分钟完成整单报价，减少工程师重复查询。</p></li>
<li><h3>品质保障</h3><p>物料均来自原厂及授权代理渠道，入库逐批检验，提供原厂质保与可追溯的出货记录。</p></li>
<li><h3>专业服务</h3><p>专属客户经理一对一跟进，提供选型咨询、交期跟踪、增值税专用发票与售后支持。</p></li>
</ul>`,
  },
  {
    slug: companyProseSlugs.supplierIntro,
    title: '供应商入驻·简介',
    description: '',
    groupName: companyProseGroup,
    sort: 1030,
    bodyHtml: `<p>诚邀电子元器件原厂、授权代理商与分销商入驻${site}，与我们一起为工程师和采购提供正品、现货与更快的交付。</p>`,
  },
  {
    slug: companyProseSlugs.supplierReasons,
    title: '供应商入驻·为什么加入',
    description: '',
    groupName: companyProseGroup,
    sort: 1040,
    bodyHtml: `
<ul>
<li><h3>海量采购需求</h3><p>数十万工程师与采购会员，覆盖研发打样到批量生产，订单稳定持续。</p></li>
<li><h3>结算透明准时</h3><p>按合同约定账期对账结算，线上可查每笔入库、销售与回款明细。</p></li>
<li><h3>专业运营支持</h3><p>专属品类经理协助选品定价、参数整理与型号上架，降低运营成本。</p></li>
<li><h3>数据助力备货</h3><p>共享品类搜索热度与缺货趋势，帮助您提前备货、减少呆滞库存。</p></li>
</ul>`,
  },
  {
    slug: companyProseSlugs.supplierRequirements,
    title: '供应商入驻·入驻要求',
    description: '',
    groupName: companyProseGroup,
    sort: 1050,
    bodyHtml: `
<ol>
<li>依法注册的企业法人，持有有效营业执照，具备一般纳税人资格，可开具增值税专用发票；</li>
<li>原厂、原厂授权代理商或授权分销商，能提供代理证、分销授权书等渠道证明；</li>
<li>货源正规、品质可追溯，承诺所供物料均为原装正品，支持批次与来料检验；</li>
<li>具备稳定的供货与交期能力，年供货额与申请品类相匹配。</li>
</ol>
<p>需准备材料：营业执照（彩色扫描件或照片）、代理证或分销授权书（如有），支持 jpg、png、bmp、webp、pdf，单个不超过 10MB。</p>`,
  },
  {
    slug: companyProseSlugs.supplierSteps,
    title: '供应商入驻·入驻流程',
    description: '',
    groupName: companyProseGroup,
    sort: 1060,
    bodyHtml: `
<ol>
<li><strong>注册登录</strong><span>注册会员账号并登录</span></li>
<li><strong>提交申请</strong><span>填写企业信息，上传营业执照与代理证</span></li>
<li><strong>资质审核</strong><span>3个工作日内完成审核</span></li>
<li><strong>签约合作</strong><span>确认合作条款，签署供货协议</span></li>
<li><strong>商品上架</strong><span>型号资料上架，开始销售</span></li>
</ol>`,
  },
  {
    slug: companyProseSlugs.contactIntro,
    title: '联系我们·简介',
    description: '',
    groupName: companyProseGroup,
    sort: 1070,
    bodyHtml: `<p>采购咨询、BOM配单、商务合作与售后服务，${site}客服团队在{{服务时间}}为您服务，客服热线 {{客服热线}}。</p>`,
  },
  {
    slug: companyProseSlugs.contactNotes,
    title: '联系我们·留言须知',
    description: '',
    groupName: companyProseGroup,
    sort: 1080,
    bodyHtml: `
<ul>
<li>工作日留言，我们将在1个工作日内通过电话或邮件回复您。</li>
<li>询价请注明型号、品牌、封装与数量，便于快速报价；整单需求可使用 <a href="/bom">BOM配单</a>。</li>
<li>订单售后问题请登录后在 <a href="/user/feedback">售后投诉</a> 中提交，处理更快。</li>
<li>原厂与代理商合作请访问 <a href="/serve/supplier">供应商入驻</a>。</li>
</ul>`,
  },
];
