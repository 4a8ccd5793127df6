import type { HelpColumn } from '../../../contract/content.ts';

/** The footer's help columns: site structure (the /serve/* help pages of spec §2), not editable content. */
export const helpColumns: HelpColumn[] = [
  {
    title: '购物指南',
    links: [
      { title: '购物流程', url: '/serve/order_step' },
      { title: '支付方式', url: '/serve/pay' },
      { title: '新人礼包', url: '/serve/advantage' },
    ],
  },
  {
    title: '配送服务',
    links: [
      { title: '发货说明', url: '/serve/deliver_goods' },
      { title: '仓储物流', url: '/serve/warehouse' },
    ],
  },
  {
    title: '售后服务',
    links: [
      { title: '退换货政策', url: '/serve/sales_return' },
      { title: '交易安全', url: '/serve/safe' },
      { title: '售后投诉', url: '/user/feedback' },
    ],
  },
  {
    title: '关于我们',
    links: [
      { title: '公司简介', url: '/about' },
      { title: '联系我们', url: '/contact' },
      { title: '网站公告', url: '/news' },
    ],
  },
  {
    title: '商务合作',
    links: [
      { title: '供应商入驻', url: '/serve/supplier' },
      { title: '开放平台', url: '/api/index' },
      { title: '优惠活动', url: '/activity' },
    ],
  },
];

/** Spec §1/§9: Monday to Saturday 9:00-18:00. */
export const workingHours = '周一至周六 9:00-18:00';
