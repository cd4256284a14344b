import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginPathWithReturn, safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it('follows a same-site path with its query', () => {
    expect(safeReturnUrl('/app/agents?companyId=3')).toBe('/app/agents?companyId=3');
  });

  it('goes home without a value', () => {
    expect(safeReturnUrl(null)).toBe(HOME_PATH);
    expect(safeReturnUrl('')).toBe(HOME_PATH);
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'app/home',
    '/\t/evil.example',
  ])('refuses %s', (value) => {
    expect(safeReturnUrl(value)).toBe(HOME_PATH);
  });

  it('does not loop back to /login', () => {
    expect(safeReturnUrl('/login?returnUrl=/app/home')).toBe(HOME_PATH);
  });
});

describe('loginPathWithReturn', () => {
  it('carries the attempted path and search, encoded', () => {
    const url = loginPathWithReturn('/app/logs/login', '?agentId=5&companyId=2');
    expect(url).toBe('/login?returnUrl=%2Fapp%2Flogs%2Flogin%3FagentId%3D5%26companyId%3D2');
    expect(new URLSearchParams(url.split('?')[1]).get('returnUrl')).toBe(
      '/app/logs/login?agentId=5&companyId=2',
    );
  });
});
