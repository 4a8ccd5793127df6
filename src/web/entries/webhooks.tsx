import '../styles/base.css';
import '../styles/person.css';
import '../features/open-platform/open-platform.css';
import '../features/webhook/webhook.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { WebhooksPage } from '../pages/webhooks-page.tsx';

hydratePage(WebhooksPage);
