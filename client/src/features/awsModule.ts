// The AWS module (client/dist/aws.js: the SDK's credential chain and SigV4 signer) is a bundle of its own, read
// from disk the first time an `aws` cluster sends a request, so that activation never pays for it.
import { createRequire } from 'node:module';
import type * as vscode from 'vscode';
import type { AwsModule, AwsModuleLoader } from '../core/aws/awsTypes';

export function awsModuleLoader(context: vscode.ExtensionContext): AwsModuleLoader {
  let loaded: Promise<AwsModule> | undefined;
  return () => {
    loaded ??= new Promise<AwsModule>((resolve) => {
      const path = context.asAbsolutePath('client/dist/aws.js');
      const exports = createRequire(__filename)(path) as { default?: AwsModule } & Partial<AwsModule>;
      resolve(exports.default ?? (exports as AwsModule));
    });
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
}
