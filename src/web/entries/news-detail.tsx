import '../styles/base.css';
import '../styles/news.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { NewsDetailPage } from '../pages/news-detail-page.tsx';

hydratePage(NewsDetailPage);
