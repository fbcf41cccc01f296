/** A cluster that cannot be used: exit code 2, with the message. */
export class ClusterError extends Error {}
