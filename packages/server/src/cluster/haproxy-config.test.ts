// deploy/haproxy.cfg as shipped, and as the cluster tests render it, is a configuration HAProxy accepts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { HAPROXY, haproxyConfig } from '../test/cluster-fixtures';

const TEMPLATE = path.join(REPO_ROOT, 'deploy/haproxy.cfg');
const check = (file: string) => spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' });

describe.skipIf(!fs.existsSync(HAPROXY))('deploy/haproxy.cfg', () => {
  it('is valid: health checks on GET /api/health, the client address in X-Forwarded-For', () => {
    const res = check(TEMPLATE);
    expect(res.status, res.stderr).toBe(0);
    const cfg = fs.readFileSync(TEMPLATE, 'utf8');
    for (const line of ['option httpchk GET /api/health', 'option forwardfor', 'balance roundrobin'])
      expect(cfg).toContain(line);
  });

  it('renders for a test with its own ports and nodes, still valid', () => {
    const rendered = haproxyConfig(fs.readFileSync(TEMPLATE, 'utf8'), 40_001, [40_002, 40_003]);
    expect(rendered).toContain('bind 127.0.0.1:40001');
    expect(rendered.match(/^ {4}server .*$/gm)).toEqual([
      '    server node1 127.0.0.1:40002',
      '    server node2 127.0.0.1:40003',
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-haproxy-')), 'haproxy.cfg');
    fs.writeFileSync(file, rendered);
    const res = check(file);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect([res.status, res.stderr]).toEqual([0, expect.not.stringContaining('WARNING')]);
  });
});
