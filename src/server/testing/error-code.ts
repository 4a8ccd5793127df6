import { AppError } from '../http/app-error.ts';

/** The errorCode a service call failed with ('none' when it succeeded); anything but an AppError is rethrown. */
export async function errorCodeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'none';
  } catch (error) {
    if (error instanceof AppError) return error.errorCode;
    throw error;
  }
}
