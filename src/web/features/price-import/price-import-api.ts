import { priceImportUploadPath, type PriceImportUploadView } from '../../../contract/price-import.ts';
import { sendStaffFile } from '../staff/staff-api.ts';

/** Sends the price list as multipart with the console's anti-forgery header. */
export function uploadPriceListFile(file: File): Promise<PriceImportUploadView> {
  return sendStaffFile<PriceImportUploadView>(priceImportUploadPath, file);
}
