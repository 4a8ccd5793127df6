import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/person.css';
import '../features/upload/image-uploader.css';
import '../features/complaint/complaint.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { FeedbackPage } from '../pages/feedback-page.tsx';

hydratePage(FeedbackPage);
