import { z } from 'zod';
import { crossReferenceCodeProblem, crossReferenceMessages } from './cross-reference.ts';

/** The request schemas of crossReferenceCalls. */
export const crossReferenceRequests = {
  /** {code}: a manufacturer part number. */
  queryCrossReference: z.object({
    code: z
      .string({ error: crossReferenceMessages.codeMissing })
      .trim()
      .superRefine((code, context) => {
        const problem = crossReferenceCodeProblem(code);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  }),
};
