// The identifiers the manifest (package.json) declares and the code uses: commands, views and context keys. The one
// place the code names them (a test checks them against package.json both ways). The language server uses the
// command ids too: its code lenses run `run` and `runAll`.

/** Every command the extension contributes. */
export const COMMANDS = {
  run: 'searchRequests.run',
  runAll: 'searchRequests.runAll',
  rerun: 'searchRequests.rerun',
  cancelRun: 'searchRequests.cancelRun',
  addCluster: 'searchRequests.addCluster',
  selectCluster: 'searchRequests.selectCluster',
  changeClusterSecret: 'searchRequests.changeClusterSecret',
  forgetClusterSecret: 'searchRequests.forgetClusterSecret',
  testConnection: 'searchRequests.testConnection',
  openResult: 'searchRequests.openResult',
  copyResultValue: 'searchRequests.copyResultValue',
  copyAsCurl: 'searchRequests.copyAsCurl',
  copyAsPowerShell: 'searchRequests.copyAsPowerShell',
  showMoreResults: 'searchRequests.showMoreResults',
  clearResults: 'searchRequests.clearResults',
  refreshClusterStatus: 'searchRequests.refreshClusterStatus',
  useCluster: 'searchRequests.useCluster',
  editClusterSettings: 'searchRequests.editClusterSettings',
  refreshClusters: 'searchRequests.refreshClusters',
  copyNodeId: 'searchRequests.copyNodeId',
  evaluateNodeFilter: 'searchRequests.evaluateNodeFilter',
  refreshClusterState: 'searchRequests.refreshClusterState',
  refreshTasks: 'searchRequests.refreshTasks',
  pauseTasks: 'searchRequests.pauseTasks',
  resumeTasks: 'searchRequests.resumeTasks',
  filterTasks: 'searchRequests.filterTasks',
  filterTasksByAction: 'searchRequests.filterTasksByAction',
  filterTasksByNode: 'searchRequests.filterTasksByNode',
  clearTaskFilters: 'searchRequests.clearTaskFilters',
  cancelTask: 'searchRequests.cancelTask',
  cancelAllTasks: 'searchRequests.cancelAllTasks',
  showTask: 'searchRequests.showTask',
  copyTaskId: 'searchRequests.copyTaskId',
  defineVariable: 'searchRequests.defineVariable',
  setSecretVariable: 'searchRequests.setSecretVariable',
  forgetSecretVariable: 'searchRequests.forgetSecretVariable',
  deleteRun: 'searchRequests.deleteRun',
  saveResult: 'searchRequests.saveResult',
  exportHits: 'searchRequests.exportHits',
  copyRequestAsCurl: 'searchRequests.copyRequestAsCurl',
  copyRequestAsPowerShell: 'searchRequests.copyRequestAsPowerShell',
  pasteCurl: 'searchRequests.pasteCurl',
} as const;

/** The views of the Search Requests container. */
export const VIEWS = {
  clusters: 'searchRequests.clusters',
  results: 'searchRequests.results',
  tasks: 'searchRequests.tasks',
} as const;

/** Context keys the extension sets (`setContext`) for the manifest's `when` clauses. */
export const CONTEXT_KEYS = {
  tasksPaused: 'searchRequests.tasks.paused',
  tasksFiltered: 'searchRequests.tasks.filtered',
} as const;
