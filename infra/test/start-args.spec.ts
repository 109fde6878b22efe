/** `npm start -- --replicas N`: what the CLI accepts and what it refuses. */
import { parseArgs } from '../src/start';

describe('npm start arguments', () => {
  it('reads --replicas N and --replicas=N, one by default', () => {
    expect(parseArgs([])).toEqual({ replicas: 1 });
    expect(parseArgs(['--replicas', '2'])).toEqual({ replicas: 2 });
    expect(parseArgs(['--replicas=3'])).toEqual({ replicas: 3 });
  });

  it('refuses anything else with the usage', () => {
    expect(() => parseArgs(['--replicas', '0'])).toThrow('--replicas takes 1 to 8, got 0');
    expect(() => parseArgs(['--replicas'])).toThrow(/--replicas takes 1 to 8/);
    expect(() => parseArgs(['--replicas=two'])).toThrow('--replicas takes 1 to 8, got two');
    expect(() => parseArgs(['--replica', '2'])).toThrow('unknown argument --replica. Usage: npm start [-- --replicas N]');
  });
});
