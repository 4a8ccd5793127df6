import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/person.css';
import '../features/message/message.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MessageListPage } from '../pages/message-list-page.tsx';

hydratePage(MessageListPage);
