// Flags written before `--` in `npm run <script> …` belong to npm, which keeps them: `--prod`
// becomes NODE_ENV=production, an unknown `--csv x` becomes npm_config_csv, and the script sees
// neither. A script that takes flags asks here what npm took, to refuse in one line rather than
// run without them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Settings npm sets for every script, though no one passed them. */
const NPM_OWN = ['npm-version', 'local-prefix', 'global-prefix', 'user-agent'];

/** The environment npm itself was started with (Linux: /proc), or null where it cannot be read. */
function npmStartEnvironment() {
  if (!existsSync('/proc/self/environ')) return null;
  try {
    let pid = process.ppid;
    for (let depth = 0; depth < 4 && pid > 1; depth++) {
      // npm sets its title to `npm run <script> …`; the shell it starts is in between.
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (/^npm[\s\0]/.test(title) || title.includes('npm-cli.js'))
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    }
  } catch {
    return null;
  }
  return null;
}

/** Unknown `--name` flags npm stored as npm_config_name settings. */
function unknownConfigFlags() {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_config_')),
  );
  const listed = spawnSync('npm', ['config', 'ls', '-l', '--json'], {
    encoding: 'utf8',
    env: clean,
  });
  if (listed.status !== 0) return [];
  const known = new Set([...Object.keys(JSON.parse(listed.stdout)), ...NPM_OWN]);
  return Object.keys(process.env)
    .filter((k) => k.toLowerCase().startsWith('npm_config_'))
    .map((k) => k.slice('npm_config_'.length).toLowerCase().replace(/_/g, '-'))
    .filter((name) => !known.has(name))
    .map((name) => `--${name}`);
}

/**
 * The flags npm kept for itself when it ran this script, as `--name` strings (empty when the
 * script was not started by npm, or nothing was kept).
 */
export function flagsNpmTook() {
  if (!process.env.npm_lifecycle_event) return [];
  const took = unknownConfigFlags();
  if (process.env.NODE_ENV === 'production') {
    // npm turns --prod and --production into NODE_ENV=production; a shell that set it itself
    // is no mistake. Where npm's own start environment cannot be read, assume the flag.
    const started = npmStartEnvironment();
    if (!started || !started.includes('NODE_ENV=production')) took.push('--prod or --production');
  }
  return took;
}
