// Runs before every npm script that runs a .ts file under node: Node older than 22.12 cannot
// strip types and would only say "bad option: --experimental-strip-types". Plain JavaScript
// that Node 14 and later can parse. The tests pass a version as the argument (npm never does).
const MIN_MAJOR = 22;
const MIN_MINOR = 12;
const version = process.argv[2] || process.version;
const match = /^v?(\d+)\.(\d+)/.exec(version);
const major = match ? Number(match[1]) : 0;
const minor = match ? Number(match[2]) : 0;
const shown = version.charAt(0) === 'v' ? version : `v${version}`;
if (major < MIN_MAJOR || (major === MIN_MAJOR && minor < MIN_MINOR)) {
  console.error(`AutoHaven needs Node 22.12 or newer (this is ${shown}); install Node 24: https://nodejs.org`);
  process.exit(1);
}
