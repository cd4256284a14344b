// The user-agent classifier against strings nobody here wrote (corpus/README.md): crawlers' own user
// agents must be flagged, people's browsers must not; and a hostile agent costs under a millisecond.
import { fastestMs, flat } from '../test/fastest';
import { describe, expect, it } from 'vitest';
import browsers from './corpus/browser-user-agents.json';
import crawlers from './corpus/crawler-user-agents.json';
import { userAgentReason } from './user-agent-reason';

const share = (n: number, of: number) => `${n} of ${of} (${((100 * n) / of).toFixed(2)} %)`;

describe('user agent classifier', () => {
  it('flags at least 99 % of a maintained crawler list and at most 0.5 % of real browsers', () => {
    const instances = crawlers.flatMap((c) => c.instances);
    const missed = instances.filter((ua) => !userAgentReason(ua));
    const people = Object.values(browsers).flat();
    const flagged = people.filter((ua) => userAgentReason(ua));
    console.log(
      `crawler-user-agents: flagged ${share(instances.length - missed.length, instances.length)}; ` +
        `browsers: flagged ${share(flagged.length, people.length)}`,
    );
    if (missed.length) console.log(`not flagged: ${missed.slice(0, 20).join(' | ')}`);
    if (flagged.length) console.log(`flagged browsers: ${flagged.join(' | ')}`);
    expect(instances.length).toBeGreaterThan(2000);
    expect(people.length).toBeGreaterThan(1000);
    expect(missed.length / instances.length).toBeLessThanOrEqual(0.01);
    expect(flagged.length / people.length).toBeLessThanOrEqual(0.005);
  });

  it('names link-preview robots apart from other bots, with what matched', () => {
    const previews = [
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'TelegramBot (like TwitterBot)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Twitterbot/1.0',
      // iMessage's fetcher.
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    ];
    for (const ua of previews) expect(userAgentReason(ua)?.reason, ua).toBe('PREVIEW');
    expect(userAgentReason('TelegramBot (like TwitterBot)')).toEqual({
      reason: 'PREVIEW',
      pattern: 'telegrambot',
    });
    const bots = [
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    ];
    for (const ua of bots) expect(userAgentReason(ua)?.reason, ua).toBe('BOT');
    expect(userAgentReason('curl/8.5.0')?.pattern).toContain('curl');
    for (const none of [undefined, null, '', '   '])
      expect(userAgentReason(none)).toEqual({ reason: 'BOT', pattern: '(no user agent)' });
    // People, in the apps whose own browsers name them.
    for (const ua of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.60.0.45 (like Safari/604.1)',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21B74 [FBAN/FBIOS;FBAV/440.0.0.33.117]',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
    ])
      expect(userAgentReason(ua), ua).toBeNull();
  });

  it('classifies a 64 KiB hostile user agent in under a millisecond', () => {
    const K64 = 64 * 1024;
    const fill = (unit: string) => unit.repeat(Math.ceil(K64 / unit.length)).slice(0, K64);
    // Near-misses of the patterns, repeated: the strings that make a backtracking expression slow.
    const hostile = [
      fill('a'),
      fill('Mozilla/5.0 ('),
      fill('bo'),
      fill('facebookexternalhi'),
      fill('Chrome/1 Safari/ '),
      fill('compatible; '),
      fill('http://'),
      fill('\u0430'), // Cyrillic a
      fill('  '),
    ];
    // The part a click keeps is read: a bot's name within it is found however long the rest.
    expect(userAgentReason(`${'x'.repeat(2000)} Googlebot/2.1 ${fill('y')}`)?.reason).toBe('BOT');
    for (const unit of hostile) {
      // Each run a new string, so the memory of known agents cannot answer; flat, as the parser gives it.
      const agents = Array.from({ length: 5 }, (_, i) => flat(`${i}${unit}`));
      const ms = fastestMs((i) => userAgentReason(agents[i]));
      expect(ms, JSON.stringify(unit.slice(0, 20))).toBeLessThan(1);
    }
  });
});
