import { afterEach, describe, expect, it } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { endSession, getSession, startSession } from '../api/session-store';
import { keepSession } from './api';

const me: TMe = {
  accountId: 4,
  agentId: 4,
  companyId: 1,
  role: Role.Agent,
  username: 'agent02',
  permissions: [],
  officeName: 'Manila Central',
  canDelete: false,
};

afterEach(() => endSession());

describe('keepSession', () => {
  it('goes on with the token a password change answered, keeping the profile', () => {
    startSession('old', me);
    keepSession({ ok: true, token: 'new' });
    expect(getSession()).toMatchObject({ token: 'new', me, ended: false });
    expect(localStorage.getItem('token')).toBe('new');
  });

  it('keeps the token when the save changed no password', () => {
    startSession('old', me);
    keepSession({ ok: true });
    expect(getSession().token).toBe('old');
  });
});
