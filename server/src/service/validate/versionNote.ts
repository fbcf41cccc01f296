import { shortVersion, type VersionRange } from '../../spec/versions';
import { targetName, type TargetServer } from '../target';

/**
 * ` (OpenSearch 3.2 and later know [x]; the target is OpenSearch 2.19.1)`: why a name the tables know for other
 * versions is refused by the target. Appended after the server's own message.
 */
export function versionNote(name: string, range: VersionRange, server: TargetServer): string {
  const since = range.since === undefined ? '' : `${shortVersion(range.since)} and later`;
  const until = range.removedIn === undefined ? '' : `versions before ${shortVersion(range.removedIn)}`;
  return ` (OpenSearch ${[since, until].filter((s) => s !== '').join(', ')} know [${name}]; the target is ${targetName(server)})`;
}
