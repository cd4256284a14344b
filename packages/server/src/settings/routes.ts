// Settings: the black-list-ip calls (admin and above) and GET/POST options (superadmin), spec 2 section 7.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OK,
  Role,
  ZBlackList,
  ZBlackListSearch,
  ZIdParams,
  ZIpList,
  ZIpListAdded,
  ZIpListDeleted,
  ZOk,
  ZOptions,
  ZOptionsUpdate,
  ZDatacenterListInfo,
  ZDatacenterListStored,
  ZDatacenterListUpload,
  DATACENTER_LIST_MAX_MB,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import { principalOf } from '../http/auth';
import * as settings from './service';

const admin = { access: role(Role.Admin) };
const superadmin = { access: role(Role.Superadmin) };

const settingsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/black-list-ip/search',
    { config: { ...admin, read: true }, schema: { body: ZBlackListSearch, response: { 200: ZBlackList } } },
    (req) => settings.listBlackList(ctx, req.body),
  );

  // The whole 'IP List' box in one call, so a list with a bad line adds nothing.
  app.put(
    '/black-list-ip',
    { config: admin, schema: { body: ZIpList, response: { 200: ZIpListAdded } } },
    (req) => settings.addIps(ctx, req.body),
  );

  app.post(
    '/black-list-ip/delete-by-value',
    { config: admin, schema: { body: ZIpList, response: { 200: ZIpListDeleted } } },
    (req) => settings.deleteIps(ctx, req.body),
  );

  app.delete(
    '/black-list-ip/:id',
    { config: admin, schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (req) => {
      await settings.deleteIp(ctx, req.params.id);
      return OK;
    },
  );

  app.get('/options', { config: superadmin, schema: { response: { 200: ZOptions } } }, () =>
    settings.listOptions(ctx),
  );

  app.post(
    '/options',
    { config: superadmin, schema: { body: ZOptionsUpdate, response: { 200: ZOk } } },
    async (req) => {
      await settings.changeOptions(ctx, req.body);
      return OK;
    },
  );

  app.get(
    '/options/datacenter-list',
    { config: superadmin, schema: { response: { 200: ZDatacenterListInfo } } },
    () => settings.datacenterList(ctx),
  );

  // The providers' lists together are a few megabytes: past Fastify's 1 MB default, within the list's own cap.
  app.post(
    '/options/datacenter-list',
    {
      config: superadmin,
      bodyLimit: (DATACENTER_LIST_MAX_MB + 1) * 1024 * 1024,
      schema: { body: ZDatacenterListUpload, response: { 200: ZDatacenterListStored } },
    },
    (req) => settings.storeDatacenter(ctx, principalOf(req).accountId, req.body.text),
  );
};

export default settingsRoutes;
