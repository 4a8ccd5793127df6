import { z } from 'zod';

/** 数据概览: nothing to ask; the server answers the widgets the role may read. */
export const dashboardRequests = {
  summary: z.object({}),
};
