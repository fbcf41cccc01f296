import * as vscode from 'vscode';
import { startLanguageClient } from './features/languageClient';

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  await startLanguageClient(context);
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions and disposed by VS Code.
}
