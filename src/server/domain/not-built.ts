// GROUNDWORK ONLY (issue 17 branch): every use is replaced by a helper before the branch merges.
export const notBuilt = (what: string): never => {
  throw new Error(`${what} is not built yet`);
};
