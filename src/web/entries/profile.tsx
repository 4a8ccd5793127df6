import '../styles/base.css';
import '../styles/person.css';
import '../features/address/address.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ProfilePage } from '../pages/profile-page.tsx';

hydratePage(ProfilePage);
