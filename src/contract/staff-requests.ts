import { z } from 'zod';
import { staffMessages } from './staff.ts';

export const staffRequests = {
  login: z.object({
    login: z.string(staffMessages.loginMissing).trim().min(1, staffMessages.loginMissing).max(64, staffMessages.loginMissing),
    password: z.string(staffMessages.passwordMissing).min(1, staffMessages.passwordMissing).max(200, staffMessages.passwordMissing),
    code: z
      .string(staffMessages.codeInvalid)
      .trim()
      .regex(/^\d{6}$/, staffMessages.codeInvalid),
    returnPath: z.string().max(500).optional(),
  }),
  logout: z.object({}),
};
