import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where the journeys look for Chromium when CHROMIUM_PATH is unset: Debian's package puts it there. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Chromium and the fonts of every language the app speaks, as `.ci/run` installs them. */
export const CHROMIUM_PACKAGES = ['chromium', 'fonts-noto-core', 'fonts-noto-cjk'];
/** The one command a person runs where the journeys cannot install Chromium themselves. */
export const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

/** What the decision needs to know of the machine; the real one reads it, a test makes one up. */
export type Machine = {
  /** CHROMIUM_PATH, if set. */
  chromiumPath: string | undefined;
  exists(path: string): boolean;
  /** Whether a command is on the PATH. */
  has(command: string): boolean;
  isRoot: boolean;
  /** Whether sudo runs without asking for a password. */
  canSudo(): boolean;
};

export type ChromiumPlan =
  | { action: 'use'; path: string }
  | { action: 'install'; path: string; commands: string[][] }
  | { action: 'stop'; message: string };

/**
 * How the browser journeys get their Chromium: the one named by CHROMIUM_PATH or Debian's; where it is missing,
 * installed with apt-get as `.ci/run` does when we are root or may sudo without a password; otherwise a stop with
 * one line naming the command to run.
 */
export function chromiumPlan(machine: Machine): ChromiumPlan {
  if (machine.chromiumPath !== undefined) {
    if (machine.exists(machine.chromiumPath)) return { action: 'use', path: machine.chromiumPath };
    return {
      action: 'stop',
      message: `The browser journeys need Chromium: CHROMIUM_PATH names ${machine.chromiumPath}, which does not exist; point it at a Chromium, or unset it and run: ${INSTALL_COMMAND}`,
    };
  }
  if (machine.exists(DEBIAN_CHROMIUM)) return { action: 'use', path: DEBIAN_CHROMIUM };
  const stop = {
    action: 'stop' as const,
    message: `The browser journeys need Chromium, which is not installed; run: ${INSTALL_COMMAND} (or set CHROMIUM_PATH to a Chromium)`,
  };
  if (!machine.has('apt-get')) return stop;
  const prefix = machine.isRoot ? [] : machine.has('sudo') && machine.canSudo() ? ['sudo', '-n'] : undefined;
  if (!prefix) return stop;
  const aptGet = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  return {
    action: 'install',
    path: DEBIAN_CHROMIUM,
    commands: [
      [...aptGet, 'update', '-qq'],
      [...aptGet, 'install', '-y', '-qq', ...CHROMIUM_PACKAGES],
    ],
  };
}

/** This machine, as `chromiumPlan` sees it. */
export function thisMachine(): Machine {
  return {
    chromiumPath: process.env.CHROMIUM_PATH || undefined,
    exists: existsSync,
    has: (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0,
    isRoot: process.getuid?.() === 0,
    canSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  };
}

/**
 * Makes sure the journeys have a Chromium, installing Debian's where it may; answers its path, or the one line
 * to show when there is none.
 */
export function ensureChromium(machine: Machine = thisMachine()): { path: string } | { problem: string } {
  const plan = chromiumPlan(machine);
  if (plan.action === 'stop') return { problem: plan.message };
  if (plan.action === 'use') return { path: plan.path };
  process.stdout.write(
    `Chromium is not installed; installing ${CHROMIUM_PACKAGES.join(', ')} with apt-get\n`,
  );
  try {
    for (const [command = '', ...args] of plan.commands) execFileSync(command, args, { stdio: 'inherit' });
  } catch {
    return { problem: `Installing Chromium with apt-get failed (see above); run: ${INSTALL_COMMAND}` };
  }
  if (!machine.exists(plan.path)) {
    return { problem: `apt-get installed no ${plan.path}; run: ${INSTALL_COMMAND}` };
  }
  return { path: plan.path };
}
