// One format for every file, checked by `npm run format:check`. Lines up to 140 characters:
// the width the code was written to before the formatter.
/** @type {import("prettier").Config} */
export default {
  printWidth: 140,
};
