// Scheduled reports (issue 37): PUT report-schedules (`Send this report`), POST report-schedules/search,
// POST report-schedules/{id}/pause, DELETE report-schedules/{id}; every account its own only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OK,
  ZIdParams,
  ZOk,
  ZPayoutBatchSearch,
  ZReportSchedule,
  ZReportScheduleCreate,
  ZReportScheduleList,
  ZReportSchedulePause,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { LOGIN } from '../http/access';
import { principalOf } from '../http/auth';
import * as schedules from './service';

const own = { access: LOGIN } as const;
const onOne = { ...own, audit: { target: 'report-schedule' } } as const;

const reportSchedulesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/report-schedules/search',
    // Paging only, as the batches' search.
    {
      config: { ...own, read: true },
      schema: { body: ZPayoutBatchSearch, response: { 200: ZReportScheduleList } },
    },
    (req) => schedules.listSchedules(ctx, principalOf(req), req.body),
  );
  app.put(
    '/report-schedules',
    { config: own, schema: { body: ZReportScheduleCreate, response: { 200: ZReportSchedule } } },
    (req) => schedules.createSchedule(ctx, principalOf(req), req.body),
  );
  app.post(
    '/report-schedules/:id/pause',
    {
      config: onOne,
      schema: { params: ZIdParams, body: ZReportSchedulePause, response: { 200: ZReportSchedule } },
    },
    (req) => schedules.pauseSchedule(ctx, principalOf(req), req.params.id, req.body.paused),
  );
  app.delete(
    '/report-schedules/:id',
    { config: onOne, schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (req) => {
      await schedules.deleteSchedule(ctx, principalOf(req), req.params.id);
      return OK;
    },
  );
};

export default reportSchedulesRoutes;
