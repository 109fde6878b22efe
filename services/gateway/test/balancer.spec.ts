/** Replicas behind the gateway: round robin, a refused replica rested for a while, and the *_URL lists. */
import { UpstreamPool } from '../src/balancer';
import { loadGatewayConfig } from '../src/config';

describe('UpstreamPool', () => {
  it('takes replicas in turn, passes over one that refused a connection until its rest is over', () => {
    let now = 1_000;
    const pool = new UpstreamPool(['http://a', 'http://b', 'http://c'], 2_000, () => now);
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual(['http://a', 'http://b', 'http://c', 'http://a']);
    pool.markDown('http://b');
    expect([pool.pick(), pool.pick(), pool.pick()]).toEqual(['http://c', 'http://a', 'http://c']);
    now += 2_001;
    expect([pool.pick(), pool.pick(), pool.pick()]).toEqual(['http://a', 'http://b', 'http://c']);
  });

  it('still tries someone when every replica rests, and one URL is always that URL', () => {
    const pool = new UpstreamPool(['http://a', 'http://b'], 60_000);
    pool.markDown('http://a');
    pool.markDown('http://b');
    expect(new Set([pool.pick(), pool.pick()])).toEqual(new Set(['http://a', 'http://b']));
    const single = new UpstreamPool(['http://only']);
    single.markDown('http://only');
    expect(single.pick()).toBe('http://only');
  });
});

describe('*_URL lists', () => {
  it('reads several replicas of a service, the first being its upstream', () => {
    const c = loadGatewayConfig({ LEARNING_URL: 'http://127.0.0.1:9001/, http://127.0.0.1:9002' });
    expect(c.upstreamUrls.learning).toEqual(['http://127.0.0.1:9001', 'http://127.0.0.1:9002']);
    expect(c.upstreams.learning).toBe('http://127.0.0.1:9001');
    expect(c.upstreamUrls.auth).toEqual(['http://127.0.0.1:8081']);
    expect(() => loadGatewayConfig({ LEARNING_URL: 'http://127.0.0.1:9001,ftp://x' })).toThrow(/LEARNING_URL/);
    expect(() => loadGatewayConfig({ LEARNING_URL: ' , ' })).toThrow(/LEARNING_URL/);
  });
});
