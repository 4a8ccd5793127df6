import type { NewsKind } from '../../../contract/news.ts';

/**
 * Demo announcements and news-column entries; `daysAgo` places each one before the seed time. Site facts
 * (warehouses, cut-off, hotline, stock count, free-shipping threshold) are named by placeholder, filled at render.
 */
export interface NewsSeed {
  kind: NewsKind;
  title: string;
  daysAgo: number;
  content: string[];
  /** HTML shown instead of the paragraphs, for an entry that links somewhere (news-detail-page.tsx). */
  bodyHtml?: string;
}

const purchaseListNewsParagraphs = [
  '会员中心新增“常购清单”：在购物车勾选商品、在订单详情或 BOM 配单中点击“存为常购清单”，即可保存为命名清单，下次采购时整单或勾选部分加入购物车。',
  '清单记录保存时的单价与库存，再次采购时显示价格涨跌（↑/↓ 与百分比）和当前库存，缺货、下架的商品一目了然；加入购物车时按最小起订量和整包数量自动调整。',
  '购物车页面同时新增“快速下单”：粘贴“型号, 数量”（可直接从 Excel 复制两列），即可批量加入购物车。',
];

/** The 常购清单 announcement: its paragraphs, and the same as HTML with a link to the lists (/user/purchase-list). */
const purchaseListNews = {
  paragraphs: purchaseListNewsParagraphs,
  bodyHtml: [...purchaseListNewsParagraphs.map((text) => `<p>${text}</p>`), '<p>立即前往：<a href="/user/purchase-list">会员中心 · 常购清单</a></p>'].join(''),
};

export const announcementSeeds: NewsSeed[] = [
  {
    kind: 'announcement',
    title: '关于2026年端午节假期发货安排的通知',
    daysAgo: 1,
    content: [
      '尊敬的客户：根据国家法定节假日安排，端午节假期为6月19日至6月21日，共3天。',
      '假期期间仓库正常发货：6月19日{{截单时间}}前支付的现货订单当天发出，6月20日、21日仅安排顺丰快递发货，其他快递将于6月22日起恢复揽收。',
      '假期期间在线客服与客服热线 {{客服热线}} 正常值班，BOM配单与报价服务顺延至节后第一个工作日处理。',
      '给您带来的不便敬请谅解，祝您节日快乐！',
    ],
  },
  {
    kind: 'announcement',
    title: '芯品商城{{发货仓}}扩容完成，现货型号达{{现货数量}}',
    daysAgo: 3,
    content: [
      '为进一步提升现货交付能力，芯品商城{{发货仓}}已于本周完成扩容改造。',
      '扩容后各仓采用自动化立体货架与恒温恒湿存储，有现货的型号达{{现货数量}}。',
      '扩容后，{{截单时间}}前付款的现货订单平均出库时间缩短至1.5小时，支付后2小时内发货的承诺覆盖率提升至99%以上。',
    ],
  },
  {
    kind: 'announcement',
    title: '新人专享：注册即送100元元器件优惠券包',
    daysAgo: 5,
    content: [
      '即日起，新用户在芯品商城完成手机号注册，即可领取价值100元的新人专享券包，包含满500减50、满300减30、满200减20三张优惠券。',
      '优惠券自领取之日起30天内有效，可用于商城内全部现货商品，特价商品除外。',
      '每个手机号、每个企业限领一次，如发现恶意注册领券，平台有权取消优惠资格。',
    ],
  },
  {
    kind: 'announcement',
    title: 'BOM配单功能升级：支持Excel多工作表与替代料自动推荐',
    daysAgo: 8,
    content: [
      'BOM配单工具完成升级，现已支持一次上传包含多个工作表的Excel文件，系统将自动识别型号、品牌、数量与封装列。',
      '对于缺货或停产物料，系统会根据参数自动推荐引脚兼容的替代料，并标注差异参数供工程师确认。',
      '升级后单张BOM的匹配时间平均缩短40%，欢迎体验并提出宝贵意见。',
    ],
  },
  {
    kind: 'announcement',
    title: '关于部分意法半导体(ST)MCU价格调整的说明',
    daysAgo: 11,
    content: [
      '受原厂价格政策调整影响，自本月15日起，部分ST STM32F0、STM32F1系列微控制器的阶梯价格将有所下调，最高降幅约12%。',
      '已下单未支付的订单仍按下单时价格结算；如需按新价格购买，请取消原订单后重新下单。',
      '具体价格以商品详情页实时显示为准。',
    ],
  },
  {
    kind: 'announcement',
    title: '增值税专用发票开具流程优化通知',
    daysAgo: 14,
    content: [
      '为提升开票效率，自即日起，订单确认收货后系统将自动为已完成资质审核的企业用户开具增值税专用发票。',
      '电子发票将在开具后推送至会员中心“我的发票”，纸质专票将随次月首个工作日统一寄出。',
      '如需修改开票信息，请在订单确认收货前于会员中心完成变更。',
    ],
  },
  {
    kind: 'announcement',
    title: '芯品商城与沁恒微电子(WCH)达成授权代理合作',
    daysAgo: 18,
    content: [
      '芯品商城正式成为南京沁恒微电子股份有限公司的授权代理商，CH340、CH9102等USB转串口芯片及CH32系列RISC-V单片机全面现货供应。',
      '授权代理商品均由原厂直供，提供原厂质保与技术支持，小批量研发采购同样适用阶梯价格。',
    ],
  },
  {
    kind: 'announcement',
    title: '防范诈骗提醒：芯品商城不会以任何理由要求您转账至个人账户',
    daysAgo: 22,
    content: [
      '近期有不法分子冒充平台客服，以“订单异常”“退款理赔”等名义诱导客户转账。',
      '芯品商城所有款项均通过平台收银台或对公账户收取，客服人员不会索要您的短信验证码或支付密码。',
      '如遇可疑情况，请拨打官方客服热线 {{客服热线}} 核实。',
    ],
  },
  {
    kind: 'announcement',
    title: '六月元器件采购节：被动元件满减与包邮活动开启',
    daysAgo: 26,
    content: [
      '六月采购节期间，贴片电阻、贴片电容、电感等被动元件专区全场满199减20，满499减60。',
      '活动期间全场订单满{{包邮门槛}}包邮（偏远地区除外），活动时间为6月1日至6月30日。',
    ],
  },
  {
    kind: 'announcement',
    title: '系统维护公告：6月8日凌晨2:00-4:00暂停服务',
    daysAgo: 31,
    content: [
      '为提升系统稳定性，芯品商城将于6月8日凌晨2:00至4:00进行服务器升级维护，期间网站与小程序将暂停访问。',
      '维护期间已支付订单不受影响，维护结束后将按支付顺序正常发货。给您带来的不便，敬请谅解。',
    ],
  },
  {
    kind: 'announcement',
    title: '会员中心上线“常购清单”，复购更便捷',
    daysAgo: 36,
    content: purchaseListNews.paragraphs,
    bodyHtml: purchaseListNews.bodyHtml,
  },
  {
    kind: 'announcement',
    title: '关于调整偏远地区运费标准的公告',
    daysAgo: 42,
    content: [
      '因物流成本变化，自下月1日起，新疆、西藏及港澳台地区的运费按新的快递协议计算，首重与续重标准以配送说明页的运费表为准。',
      '其他地区运费标准不变，满{{包邮门槛}}包邮照常进行。',
    ],
  },
];

export const informationSeeds: NewsSeed[] = [
  {
    kind: 'information',
    title: '2026年第二季度MLCC市场行情：车规料需求持续走强',
    daysAgo: 2,
    content: [
      '受新能源汽车与智能驾驶需求拉动，车规级MLCC订单持续增长，部分高容值规格交期延长至16周。',
      '消费类通用规格供应充足，价格整体保持平稳，建议采购方对车规与高压规格适当提前备货。',
    ],
  },
  {
    kind: 'information',
    title: '国产32位MCU出货量同比增长超过30%',
    daysAgo: 4,
    content: [
      '据行业统计，国产32位MCU今年上半年出货量同比增长超过30%，在工业控制、家电与电机驱动领域渗透率明显提升。',
      '兆易创新、沁恒、雅特力等厂商持续推出Pin-to-Pin兼容产品，为工程师提供更多替代选择。',
    ],
  },
  {
    kind: 'information',
    title: '功率半导体：SiC MOSFET成本下降加速光伏与充电桩应用',
    daysAgo: 7,
    content: [
      '随着6英寸碳化硅衬底良率提升，SiC MOSFET价格较两年前下降约35%，在光伏逆变器与直流快充桩中的使用比例快速增长。',
      '业内预计8英寸产线量产后成本仍有进一步下降空间。',
    ],
  },
  {
    kind: 'information',
    title: '存储芯片价格回暖，NOR Flash交期小幅延长',
    daysAgo: 10,
    content: ['NOR Flash价格本季度环比上涨约5%，中小容量规格交期延长1至2周。', '建议有量产计划的客户提前锁定货源，芯品商城现货库存可满足样品与小批量需求。'],
  },
  {
    kind: 'information',
    title: 'USB Type-C接口元器件需求增长，连接器厂商扩产',
    daysAgo: 15,
    content: ['欧盟统一充电接口政策落地后，Type-C连接器、ESD保护器件及PD协议芯片需求持续走高，多家连接器厂商宣布扩产计划。'],
  },
  {
    kind: 'information',
    title: '工业物联网带动低功耗无线模组出货增长',
    daysAgo: 20,
    content: ['Wi-Fi 6与BLE 5.x双模模组在智能表计、资产追踪领域快速普及，ESP32-C系列模组出货量同比增长显著。'],
  },
];

export const articleSeeds: NewsSeed[] = [
  {
    kind: 'article',
    title: '贴片电阻选型指南：封装、功率与精度如何取舍',
    daysAgo: 3,
    content: [
      '贴片电阻的封装决定了额定功率：0402通常为1/16W，0603为1/10W，0805为1/8W，1206为1/4W。',
      '精度方面，通用电路选用±5%即可，分压采样与运放反馈网络建议选用±1%及以上精度。',
      '高温或大电流场合还需关注温度系数与降额曲线，必要时选用厚膜抗硫化或合金电阻。',
    ],
  },
  {
    kind: 'article',
    title: 'LDO与DC-DC怎么选？一文看懂电源方案取舍',
    daysAgo: 6,
    content: [
      'LDO结构简单、噪声低、外围元件少，适合压差小、电流不大的场合，例如5V转3.3V为MCU供电。',
      '当压差较大或电流超过数百毫安时，LDO的发热会显著增加，此时应选用效率更高的DC-DC降压方案。',
      '对噪声敏感的射频或ADC电路，常用“DC-DC预降压 + LDO后级稳压”的组合方案。',
    ],
  },
  {
    kind: 'article',
    title: 'MLCC的直流偏压效应：为什么实际容值会变小',
    daysAgo: 9,
    content: [
      'X5R、X7R等II类陶瓷电容在施加直流电压后，实际容值会明显下降，小封装高容值规格尤为严重。',
      '设计时应查阅厂商提供的直流偏压特性曲线，必要时选用更大封装或更高额定电压的规格。',
    ],
  },
  {
    kind: 'article',
    title: 'STM32F103C8T6最小系统设计要点',
    daysAgo: 13,
    content: [
      '最小系统包括电源、复位、时钟与下载接口四部分：每个VDD引脚就近放置100nF去耦电容，VDDA单独滤波。',
      '外部高速晶振常用8MHz，负载电容按晶振规格书计算；BOOT0通过10kΩ电阻下拉。',
      'SWD下载只需SWDIO、SWCLK、GND与3.3V四根线，调试更方便。',
    ],
  },
  {
    kind: 'article',
    title: 'MOSFET驱动电路设计中的常见误区',
    daysAgo: 17,
    content: [
      '用MCU的GPIO直接驱动大栅极电荷的MOSFET，会导致开关速度慢、损耗增大，应选用专用栅极驱动器。',
      '栅极串联电阻可以抑制振铃，但阻值过大会延长开关时间，需要在EMI与效率之间权衡。',
    ],
  },
  {
    kind: 'article',
    title: 'ESD防护器件选型：TVS二极管参数解读',
    daysAgo: 24,
    content: ['选择TVS时重点关注反向截止电压、钳位电压与结电容：高速信号线应选择低结电容的阵列型TVS，电源线则关注峰值脉冲功率。'],
  },
];
