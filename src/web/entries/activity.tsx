import '../styles/base.css';
import '../features/activity/activity.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ActivityPage } from '../pages/activity-page.tsx';

hydratePage(ActivityPage);
