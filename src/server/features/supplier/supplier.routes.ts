import type { FastifyInstance } from 'fastify';
import { supplierMessages } from '../../../contract/supplier.ts';
import { supplierCalls } from '../../../contract/supplier-calls.ts';
import { supplierRequests } from '../../../contract/supplier-requests.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { applyAsSupplier, lookUpSupplierProgress, type CategorySource, type SupplierDeps } from './supplier.service.ts';

export function registerSupplierRoutes(app: FastifyInstance, deps: SupplierDeps & { categories: CategorySource }) {
  registerCalls(app, supplierCalls, supplierRequests, {
    apply: async ({ body, userId }) => new WithMessage(await applyAsSupplier(deps, userId, body), supplierMessages.submitted),
    progress: ({ body }) => lookUpSupplierProgress(deps.db, body),
  });
}
