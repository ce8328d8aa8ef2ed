import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { isCrawler } from '../../server/request/is-crawler.ts';

const AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  'curl/8.5.0',
  '',
  undefined,
];

describe('isCrawler', () => {
  it.each(AGENTS)('answers like isbot for %s, the first time and when remembered', (agent) => {
    expect(isCrawler(agent)).toBe(isbot(agent));
    expect(isCrawler(agent)).toBe(isbot(agent));
  });

  it('stays right past the number of agents it remembers', () => {
    for (let index = 0; index < 2500; index += 1) {
      const agent = index % 2 ? `Mozilla/5.0 Firefox/${index}.0` : `examplebot/${index}`;
      expect(isCrawler(agent), agent).toBe(isbot(agent));
    }
    expect(isCrawler(AGENTS[0])).toBe(true);
    expect(isCrawler(AGENTS[1])).toBe(false);
  });
});
