/**
 * Post-sales tickets for the API tests: a new ticket of a site, created by post-sales, with its
 * interactions (the ticket's body is the one the browser scenarios send too: tests/fixtures/ticket.mjs).
 */
import { expect } from 'vitest';
import { person, type client } from './workflow-helpers';
import { TICKET_OWNER, ticketBody } from '../fixtures/ticket.mjs';

type Row = Record<string, unknown>;
/** An interaction's fields, or a function of the interactions created before it (a reply names the one it answers). */
type Interaction = Record<string, unknown> | ((earlier: Row[]) => Record<string, unknown>);

export interface TicketOptions {
  /** The site (default 101). */
  obra?: string;
  /** Fields of the ticket that differ from the fixture's. */
  fields?: Record<string, unknown>;
  /** Interactions created in order, by post-sales, with post-sales as responsável unless given. */
  interactions?: Interaction[];
}

/** Creates the ticket and its interactions (each must answer 201); both as the API answered them. */
export async function newTicket(c: ReturnType<typeof client>, titulo: string, opts: TicketOptions = {}): Promise<{ ticket: Row; interactions: Row[] }> {
  // The client as the demo tickets name it (whatever form the company registry gives it).
  const cliente = ((await c.get('/api/v1/posvendas?obra=101&_end=1')).body as Row[])[0].cliente as string;
  const r = await c.post('/api/v1/posvendas', ticketBody(titulo, cliente, { obra: opts.obra ?? '101', ...opts.fields }), TICKET_OWNER);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const interactions: Row[] = [];
  for (const next of opts.interactions ?? []) {
    const fields = typeof next === 'function' ? next(interactions) : next;
    const i = await c.post('/api/v1/ticket-interacoes', { ticket: r.body.id, responsavel: person(TICKET_OWNER), ...fields }, TICKET_OWNER);
    expect(i.status, JSON.stringify(i.body)).toBe(201);
    interactions.push(i.body);
  }
  return { ticket: r.body, interactions };
}
