import { z } from 'zod';
import { helpErrors, helpSlugPattern } from './help.ts';

/** The request schemas of helpCalls, one per call. */
export const helpRequests = {
  vote: z.object({
    slug: z.string({ error: helpErrors.notFound.msg }).regex(helpSlugPattern, helpErrors.notFound.msg),
    isHelpful: z.boolean({ error: '请选择有用或没用' }),
  }),
};
