import { z } from 'zod';

/** The request schemas of companyCreditCalls. */
export const companyCreditRequests = {
  statements: z.object({}),
  credit: z.object({}),
};
