import '../styles/base.css';
import '../styles/person.css';
import '../features/message/message.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MessageDetailsPage } from '../pages/message-details-page.tsx';

hydratePage(MessageDetailsPage);
