// Member messages shared by server and browser; zod-free for the shell's bundle (schemas: message-requests.ts).
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

/**
 * Message kinds of spec §3/§9, and a sixth of our own: a favourite's back-in-stock or price-drop
 * alert (issue 12), which is none of the five; it behaves as the plain kinds do (text, links to its detail).
 */
export const MessageType = {
  bom: 1,
  returned: 2,
  order: 3,
  invoice: 4,
  offer: 5,
  alert: 6,
  /** 企业账户: invitations, roles and membership (issue 28). */
  company: 7,
} as const;
export type MessageTypeCode = (typeof MessageType)[keyof typeof MessageType];

export const messageTypeNames: Record<MessageTypeCode, string> = {
  1: 'BOM消息',
  2: '退货消息',
  3: '订单消息',
  4: '发票消息',
  5: '报价消息',
  6: '商品提醒',
  7: '企业账户',
};

export function isMessageTypeCode(value: number): value is MessageTypeCode {
  return Number.isInteger(value) && value >= 1 && value <= 7;
}

/** BOM and offer messages carry HTML (sanitised by the server) and are not clickable. */
export function isHtmlMessageType(messageType: number): boolean {
  return messageType === MessageType.bom || messageType === MessageType.offer;
}

export interface Message {
  id: number;
  messageType: MessageTypeCode;
  /** Plain text, or for BOM/offer messages HTML already sanitised by the server. */
  msgContent: string;
  /** Epoch milliseconds. */
  sendDate: number;
  /** yyyy-MM-dd HH:mm in Beijing time, formatted by the server so both renders agree. */
  sendDateStr: string;
  isRead: boolean;
}

export const messagePageSize = 10;

export interface MessageListData {
  messages: Message[];
  total: number;
  page: number;
  pageSize: number;
  /** null: every kind. */
  messageType: MessageTypeCode | null;
  isUnreadOnly: boolean;
  /** 已读 only (?read=1); never with isUnreadOnly. */
  isReadOnly: boolean;
  unreadCount: number;
}

export interface MessageDetailsData {
  message: Message;
}

export const messageMessages = {
  idInvalid: '消息编号有误',
  idsInvalid: '请选择要删除的消息',
  tooMany: '一次最多删除100条消息',
} as const;

/** Most messages one delete may name (a page shows 10). */
export const messageDeleteLimit = 100;

/** Failures of the message calls and pages: errorCode `message.<key>`. */
export const messageErrors = defineErrors('message', {
  /** Unknown, or another member's: the same answer, so ids reveal nothing. */
  notFound: { code: ResultCode.notFound, msg: '消息不存在' },
});

/**
 * The status bar's and the sidebar's view of the member's messages: what every change on the
 * message pages hands back, so the shell follows without a reload.
 */
export interface MessageSummary {
  unreadCount: number;
  /** Unread BOM and offer messages: the sidebar's BOM badge. */
  bomMessageCount: number;
  /** The latest unread messages (the status-bar dropdown's 3). */
  messageList: Message[];
}

/** messageCalls.delete: how many of the member's messages went, and how many of them were unread. */
export interface DeleteMessagesResponse {
  count: number;
  unreadCount: number;
}

/** messageCalls.readAll answers how many messages became read. */
export interface ReadAllMessagesResponse {
  count: number;
}
