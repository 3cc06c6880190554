/** A build failure whose message already says where and why (file:line: reason): printed as it is, without a stack. */
export class BuildError extends Error {}
