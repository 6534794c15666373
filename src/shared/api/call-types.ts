import type { z } from 'zod';
import type { MODULES } from './contracts';

/**
 * Types only (nothing of zod reaches the browser: the import is erased): a call names its route,
 * and the contract with that method and path gives the call's input and result types. The
 * modules are contracts.ts's list, so a module added there types its calls here too.
 */
type Modules = (typeof MODULES)[number]['exports'];

type ExportOf<M> = M extends unknown ? M[keyof M] : never;

/** Every endpoint contract of the shared modules. */
export type ApiContract = Extract<ExportOf<Modules>, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; result: z.ZodType }>;

/** A route some contract answers. */
export type ApiRoute = ApiContract extends infer C ? (C extends ApiContract ? { method: C['method']; path: C['path'] } : never) : never;

/** The contract of a route (of each, for a choice of routes). */
export type ContractOf<R extends ApiRoute> = Extract<ApiContract, { method: R['method']; path: R['path'] }>;

/** What a call of the route sends (before the server's defaults and coercion). */
export type CallInput<R extends ApiRoute> =
  ContractOf<R> extends infer C ? (C extends { input: infer I extends z.ZodType } ? z.input<I> : undefined) : never;

/** What a call of the route answers. */
export type CallResult<R extends ApiRoute> = z.output<ContractOf<R>['result']>;
