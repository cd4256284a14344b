// What the route samples of every area (src/<area>/route-samples.test-data.ts) are written with: the
// sample types and the request parts more than one area's samples build.
import { weekOf } from '@salesdesk/contract';
import { flushClicks, recordClick } from '../tracking/service';
import { buildSite } from './factories';
import type { Tenant, World } from './route-world';

export interface SampleRequest {
  /** Path after /api/, with its query string. */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  payload?: Buffer | string;
}

export interface RouteSample {
  /** A valid request aimed at tenant `t` (the caller's own, or another office's). */
  build: (w: World, t: Tenant) => SampleRequest | Promise<SampleRequest>;
  /** The request names a tenant's ids: an office or an agent aiming at another office gets 404. */
  tenantIds?: boolean;
  /** Answers a permitted call may give besides 2xx and 3xx. */
  alsoOk?: number[];
}

/** An area's samples, keyed like the routes ("POST /api/agents/search"). */
export type RouteSamples = Record<string, RouteSample>;

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const BOUNDARY = 'matrixboundary';
export const multipartImage = (): SampleRequest['payload'] =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** A click of the tenant's agent, written through, for the postback samples to name. */
export async function clickOf(w: World, t: Tenant): Promise<number> {
  const click = await recordClick(w.ctx, {
    siteId: t.siteId,
    typeId: t.typeId,
    agentId: t.agentId,
    ip: '10.9.8.7',
    time: new Date(),
  });
  if (!click) throw new Error('the matrix tenant cannot click');
  await flushClicks(w.ctx);
  return click.clickId;
}

/** A site (with a link type) of its own, so a change leaves the matrix tenants' site, type and token. */
export const freshSite = (w: World) => buildSite(w.ctx);

/** The log filters naming the tenant's office, agent and site. */
export const logFilters = (t: Tenant) => ({ companyId: t.officeId, agentId: t.agentId, siteId: t.siteId });

export const thisWeek = () => weekOf(new Date());
