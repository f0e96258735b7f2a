import {
  callTRPCProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
  type TRPCError,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toJson } from '../domain/json-text.js';
import { callerOf, createContext, type ContextDeps } from './context.js';
import { maxBatchSize, retryAfterOf } from './init.js';
import { appRouter } from './root.js';

// Every page of the client is a tRPC query and every action a mutation. tRPC v11's Fastify adapter turns each
// request into a Fetch Request and its answer into a Response, with an AbortSignal and a streamed body: for a
// feed page that cost as much CPU as the page's SQL. The plain calls, a GET of queries or a POST of
// mutations with a JSON body, one or a batch, are answered here with tRPC's own public functions, so the
// answers are the adapter's, byte for byte, errors included (tests/trpc/direct-calls.test.ts compares them).
// Everything else (subscriptions, streaming links, unknown paths, a GET of a mutation, input that is not
// JSON) goes on to the adapter, which answers as tRPC does.

type ProcedureType = 'query' | 'mutation';
type Call = { path: string; type: ProcedureType; input: unknown };
export type OnCallError = (failure: { error: TRPCError; path: string | undefined }) => void;

const procedureTypes = new Map(
  Object.entries(appRouter._def.procedures).map(([path, procedure]) => [
    path,
    (procedure as unknown as { _def: { type: string } })._def.type,
  ]),
);
const typeOfMethod: Record<string, ProcedureType> = { GET: 'query', POST: 'mutation' };

function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null; // malformed escapes: the adapter answers them
  }
}

/** The calls of a plain tRPC request (`/trpc/a.b,c.d?batch=1&input=...`), or null to leave it to the adapter. */
function callsOf(request: FastifyRequest): { calls: Call[]; batch: boolean } | null {
  const type = typeOfMethod[request.method];
  if (!type || request.headers['trpc-accept'] !== undefined) return null;
  const url = new URL(request.url, 'http://realm');
  const paths = url.pathname.slice('/trpc/'.length).split(',').map(decodePath);
  if (!paths.every((path): path is string => path !== null && procedureTypes.get(path) === type)) return null;
  const params = url.searchParams;
  const batch = params.get('batch') === '1';
  if ((!batch && paths.length > 1) || paths.length > maxBatchSize) return null; // the adapter refuses them
  // As tRPC reads input: a GET's `input` parameter, a POST's JSON body (kept as text by the adapter's parser).
  const raw: unknown = type === 'query' ? params.get('input') || undefined : request.body;
  const jsonBody = request.headers['content-type']?.startsWith('application/json') && typeof raw === 'string';
  if (type === 'mutation' && !jsonBody) return null;
  let input: unknown;
  try {
    input = typeof raw === 'string' ? JSON.parse(raw) : undefined;
  } catch {
    return null;
  }
  if (!batch) return { calls: [{ path: paths[0]!, type, input }], batch };
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input)))
    return null;
  const inputs = (input ?? {}) as Record<string, unknown>;
  return { calls: paths.map((path, i) => ({ path, type, input: inputs[i] })), batch };
}

/**
 * Answers plain tRPC calls in the trpc scope's preHandler, before the adapter's handler. Each call of a batch
 * after the first waits for `nextTurn` (fair-share.ts): ten calls are ten pieces of work, not one.
 */
export function answerCallsDirectly(
  scope: FastifyInstance,
  deps: ContextDeps,
  onError: OnCallError,
  nextTurn: (request: FastifyRequest) => Promise<void> = async () => {},
) {
  const config = appRouter._def._config;
  scope.addHook('preHandler', async (request, reply) => {
    const parsed = callsOf(request);
    if (!parsed) return;
    const ctx = createContext(deps, callerOf(request));
    const errors: TRPCError[] = [];
    const answers = await Promise.all(
      parsed.calls.map(async ({ path, type, input }, batchIndex) => {
        try {
          if (batchIndex > 0) await nextTurn(request);
          const data = await callTRPCProcedure({
            router: appRouter,
            path,
            getRawInput: async () => input,
            ctx,
            type,
            signal: undefined,
            batchIndex,
          });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          errors.push(error);
          onError({ error, path });
          return { error: getErrorShape({ config, ctx, error, input, path, type }) };
        }
      }),
    );
    const body = answers.map((answer) => answerJson(transformTRPCResponse(config, answer) as typeof answer));
    const retryAfter = retryAfterOf(errors);
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply
      .code(getHTTPStatusCode(answers))
      .header('vary', 'trpc-accept, accept')
      .header('content-type', 'application/json')
      .send(Buffer.from(parsed.batch ? `[${body.join(',')}]` : body[0]!)); // a Buffer: no charset added
  });
}

/** An answer as JSON.stringify writes it, with a page's cards written as SQLite's text (json-text.ts). */
function answerJson(answer: { result: { data?: unknown } } | { error: unknown }): string {
  if ('error' in answer || answer.result.data === undefined) return JSON.stringify(answer);
  return `{"result":{"data":${toJson(answer.result.data)}}}`;
}
