import { describe, expect, it } from 'vitest';
import { chromiumPlan, DEBIAN_CHROMIUM, ensureChromium, INSTALL_COMMAND, type Machine } from './chromium';

/** A machine with these files and commands; root and password-less sudo as said. */
const machineWith = (
  options: Partial<Machine> & { files?: string[]; commands?: string[] } = {},
): Machine => ({
  chromiumPath: options.chromiumPath,
  exists: (path) => (options.files ?? []).includes(path),
  has: (command) => (options.commands ?? []).includes(command),
  isRoot: options.isRoot ?? false,
  canSudo: options.canSudo ?? (() => false),
});

describe('the browser journeys’ Chromium', () => {
  it('uses Debian’s Chromium where it is installed', () => {
    const sut = chromiumPlan(machineWith({ files: [DEBIAN_CHROMIUM], commands: ['apt-get'], isRoot: true }));
    expect(sut).toEqual({ action: 'use', path: DEBIAN_CHROMIUM });
  });

  it('uses the Chromium CHROMIUM_PATH names', () => {
    const sut = chromiumPlan(
      machineWith({ chromiumPath: '/opt/chrome/chrome', files: ['/opt/chrome/chrome'] }),
    );
    expect(sut).toEqual({ action: 'use', path: '/opt/chrome/chrome' });
  });

  it('installs Chromium and the fonts with apt-get as root, as CI does', () => {
    const sut = chromiumPlan(machineWith({ commands: ['apt-get'], isRoot: true }));
    expect(sut).toEqual({
      action: 'install',
      path: DEBIAN_CHROMIUM,
      commands: [
        ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq'],
        [
          'env',
          'DEBIAN_FRONTEND=noninteractive',
          'apt-get',
          'install',
          '-y',
          '-qq',
          'chromium',
          'fonts-noto-core',
          'fonts-noto-cjk',
        ],
      ],
    });
  });

  it('installs through sudo when it asks for no password', () => {
    const sut = chromiumPlan(machineWith({ commands: ['apt-get', 'sudo'], canSudo: () => true }));
    expect(sut.action === 'install' && sut.commands.map((command) => command.slice(0, 2))).toEqual([
      ['sudo', '-n'],
      ['sudo', '-n'],
    ]);
  });

  it('stops with the command to run where sudo would ask for a password', () => {
    const sut = chromiumPlan(machineWith({ commands: ['apt-get', 'sudo'], canSudo: () => false }));
    expect(sut).toMatchObject({ action: 'stop' });
    expect(sut.action === 'stop' && sut.message).toContain(`run: ${INSTALL_COMMAND}`);
  });

  it('stops with the command to run where there is no apt-get', () => {
    const sut = chromiumPlan(machineWith({ commands: ['sudo'], isRoot: true }));
    expect(sut.action === 'stop' && sut.message).toContain(INSTALL_COMMAND);
  });

  it('stops rather than installing where CHROMIUM_PATH names a missing file', () => {
    const sut = chromiumPlan(
      machineWith({ chromiumPath: '/nowhere/chromium', commands: ['apt-get'], isRoot: true }),
    );
    expect(sut.action === 'stop' && sut.message).toContain('CHROMIUM_PATH names /nowhere/chromium');
  });

  it('answers one line, and runs nothing, when it cannot install', () => {
    const sut = ensureChromium(machineWith({ chromiumPath: '/nowhere/chromium' }));
    expect(sut).toEqual({ problem: expect.not.stringContaining('\n') });
  });
});
