import type { GridPage } from '../staff-grid.ts';
import { staffCall } from '../staff-calls.ts';
import type { contactDeskRequests } from './contact-desk-requests.ts';
import type { ContactDeskRow } from '../member-desk.ts';

type Contact = typeof contactDeskRequests;

/** /admin/api/contact-messages/…: 联系留言. */
export const contactDeskCalls = {
  list: staffCall<Contact['list'], GridPage<ContactDeskRow>>('/admin/api/contact-messages/list', { action: 'read', subject: 'ContactMessage' }),
  markHandled: staffCall<Contact['markHandled'], ContactDeskRow>('/admin/api/contact-messages/markHandled', { action: 'update', subject: 'ContactMessage' }),
};
