import { messageErrors } from '../../../contract/message.ts';
import { recordIdField } from '../../../contract/content-requests.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { MessageDetailsPage } from '../../../web/pages/message-details-page.tsx';
import { MessageListPage } from '../../../web/pages/message-list-page.tsx';
import { findOwnMessage, listMessages, parseMessageListQuery } from './message.service.ts';

/** ?id= of the detail page: anything but a record id is a message that does not exist. */
const messageIdField = recordIdField(messageErrors.notFound.msg);

/** Members only: the renderer sends visitors to the login page before a loader runs. */
export function messagePages(deps: ServiceDeps): Page[] {
  return [
    definePage({
      path: '/user/message/list',
      entry: 'message-list',
      component: MessageListPage,
      isMemberOnly: true,
      async load({ query, userId }) {
        if (userId === null) throw notFound();
        const data = await listMessages(deps.db, userId, parseMessageListQuery(query));
        return { title: `我的消息 - ${deps.config.siteName}`, description: `${deps.config.siteName}站内消息：订单、物流、优惠与商品提醒。`, data };
      },
    }),
    definePage({
      path: '/user/message/details',
      entry: 'message-details',
      component: MessageDetailsPage,
      isMemberOnly: true,
      async load({ query, userId }) {
        const id = messageIdField.safeParse(query.id);
        if (userId === null || !id.success) throw new AppError(messageErrors.notFound);
        const message = await findOwnMessage(deps.db, userId, id.data);
        return {
          title: `消息详情（${message.sendDateStr}） - ${deps.config.siteName}`,
          description: `${deps.config.siteName}站内消息，${message.sendDateStr}发送。`,
          data: { message },
        };
      },
    }),
  ];
}
