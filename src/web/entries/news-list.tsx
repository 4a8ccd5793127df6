import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/news.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { NewsListPage } from '../pages/news-list-page.tsx';

hydratePage(NewsListPage);
