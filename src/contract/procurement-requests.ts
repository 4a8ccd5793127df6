import { customerPartNoRule, poNumberRule } from './procurement.ts';
import { ruleSchema } from './rules-requests.ts';

/** The request fields of procurement.ts's rules: trimmed, checked with the same words the forms show; absent is ''. */
export const poNumberSchema = ruleSchema(poNumberRule).default('');
export const customerPartNoSchema = ruleSchema(customerPartNoRule).default('');
