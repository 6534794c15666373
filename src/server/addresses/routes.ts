import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/addresses';
import { requireUser } from '../accounts/auth';
import { endpoint } from '../http/envelope';
import { addAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from './addresses';

/** The raffle's shipping address book: every call is the signed-in user's own book. */
export function registerAddressRoutes(app: FastifyInstance) {
  const { db } = app;
  const { accounts } = app.services;
  const user = async (request: FastifyRequest) => (await requireUser(accounts, request)).userId;
  // Generous for a person filling in a form; tight enough to stop scripted churn of the book.
  const writes = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  endpoint(app, contract.list, async (_input, request) => listAddresses(db.kysely, await user(request)));
  endpoint(app, contract.add, async (input, request) => addAddress(db, await user(request), input), writes);
  endpoint(app, contract.update, async ({ id, ...fields }, request) => updateAddress(db, await user(request), id, fields), writes);
  endpoint(app, contract.remove, async (input, request) => deleteAddress(db, await user(request), input.id), writes);
  endpoint(app, contract.setDefault, async (input, request) => setDefaultAddress(db, await user(request), input.id), writes);
}
