import '../styles/base.css';
import '../styles/person.css';
import '../features/invite/invite.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { InvitePage } from '../pages/invite-page.tsx';

hydratePage(InvitePage);
