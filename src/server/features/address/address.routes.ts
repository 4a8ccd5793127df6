import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { addressMessages } from '../../../contract/address.ts';
import { addressCalls, divisionCalls } from '../../../contract/address-calls.ts';
import { addressRequests, divisionRequests } from '../../../contract/address-requests.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { deleteAddress, listAddresses, saveAddress, setDefaultAddress } from './address.service.ts';
import { listDivisionChildren, listProvinces } from './division.service.ts';

export function registerAddressRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCalls(app, divisionCalls, divisionRequests, {
    getProvinceList: async () => listProvinces(),
    queryDistrictList: async ({ body }) => listDivisionChildren(body.areaParentCode),
  });
  registerCalls(app, addressCalls, addressRequests, {
    list: ({ userId }) => listAddresses(db, userId),
    save: async ({ body, userId }) => new WithMessage(await saveAddress(db, userId, body), addressMessages.saved),
    delete: async ({ body, userId }) => new WithMessage(await deleteAddress(db, userId, body.id), addressMessages.deleted),
    setDefault: async ({ body, userId }) => new WithMessage(await setDefaultAddress(db, userId, body.id), addressMessages.defaultSet),
  });
}
