import type { BuyAgainResponse, ExpressInfo, ExpressListResponse, OrderDetail, OrderListData, PlacedOrder, SettlementPricing } from './order.ts';
import type { orderRequests } from './order-requests.ts';
import { memberCall, publicCall } from './call.ts';

type Requests = typeof orderRequests;

/** Orders: /order/api/… for members; the two carrier calls at the paths spec §7 names. */
export const orderCalls = {
  /** Prices the cart's selected lines for a carrier, address, shortfall choice and coupons. */
  preview: memberCall<Requests['preview'], SettlementPricing>('/order/api/preview'),
  place: memberCall<Requests['place'], PlacedOrder>('/order/api/place'),
  list: memberCall<Requests['list'], OrderListData>('/order/api/list'),
  detail: memberCall<Requests['detail'], OrderDetail>('/order/api/detail'),
  /** The buyer cancels an unpaid order; answers the order as it is now. */
  cancel: memberCall<Requests['cancel'], OrderDetail>('/order/api/cancel'),
  /** The buyer confirms a shipped order received (已完成); answers the order as it is now. */
  confirmReceipt: memberCall<Requests['confirmReceipt'], OrderDetail>('/order/api/confirmReceipt'),
  buyAgain: memberCall<Requests['buyAgain'], BuyAgainResponse>('/order/api/buyAgain'),
  expressList: publicCall<Requests['expressList'], ExpressListResponse>('/common/api/queryExpressList'),
  /** The member's own orders only. */
  expressInfo: memberCall<Requests['expressInfo'], ExpressInfo>('/common/api/queryExpressInfo'),
};
