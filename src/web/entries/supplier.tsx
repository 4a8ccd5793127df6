import '../styles/base.css';
import '../styles/account.css';
import '../ui/stacked-field.css';
import '../features/upload/image-uploader.css';
import '../features/supplier/supplier.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { SupplierPage } from '../pages/supplier-page.tsx';

hydratePage(SupplierPage);
