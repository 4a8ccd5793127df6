import { requestErrors, type ErrorDefinition } from '../../contract/errors.ts';

/**
 * A failure the user should read, raised from a domain's error table: its msg is shown as
 * is (always Chinese) and its errorCode goes to the envelope beside it.
 */
export class AppError extends Error {
  readonly code: number;
  readonly errorCode: string;
  readonly msg: string;

  constructor(
    definition: ErrorDefinition,
    /** A message worked out at run time (a rule's own wording), instead of the table's. */
    msg?: string,
    readonly data: unknown = null,
  ) {
    super(msg ?? definition.msg);
    this.code = definition.code;
    this.errorCode = definition.errorCode;
    this.msg = msg ?? definition.msg;
  }
}

export const unauthorized = () => new AppError(requestErrors.loginRequired);
/** An unknown page or id: pages render the 404 page, calls answer code 404. */
export const notFound = () => new AppError(requestErrors.notFound);
