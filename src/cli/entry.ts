import { runCli } from './main.js';

// `npm run realm -- COMMAND` and `npm start` run this file, compiled (scripts/build.mjs).
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
