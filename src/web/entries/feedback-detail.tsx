import '../styles/base.css';
import '../styles/person.css';
import '../features/complaint/complaint.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { FeedbackDetailPage } from '../pages/feedback-detail-page.tsx';

hydratePage(FeedbackDetailPage);
