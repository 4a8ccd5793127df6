import '../styles/base.css';
import '../styles/product.css';
import '../features/cross-reference/cross-reference.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CrossReferencePage } from '../features/cross-reference/cross-reference-page.tsx';

hydratePage(CrossReferencePage);
