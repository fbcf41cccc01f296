// The modal questions asked before something is sent to a cluster (a workspace's cluster not chosen yet, a stored
// secret whose TLS settings changed). Under test, the integration suite answers them through the test API (a modal
// dialog cannot be answered from the extension host); the question asked is kept for it to read.
import * as vscode from 'vscode';

export interface AskedPrompt {
  readonly message: string;
  readonly detail: string;
  readonly action: string;
  /** What was answered: true for the action, false for Cancel. */
  readonly answer: boolean;
}

export class Prompts {
  private readonly answers: boolean[] = [];
  private readonly log: AskedPrompt[] = [];

  /** A modal warning with one action besides Cancel; true when the user picked the action. */
  async confirm(message: string, detail: string, action: string): Promise<boolean> {
    const queued = this.answers.shift();
    const answer =
      queued ?? (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
    this.log.push({ message, detail, action, answer });
    return answer;
  }

  /** Under test: the answers of the next questions, in order (then they are asked for real again). */
  answerNext(...answers: boolean[]): void {
    this.answers.push(...answers);
  }

  /** Under test: the questions asked so far, and forgets them. */
  takeAsked(): AskedPrompt[] {
    return this.log.splice(0);
  }
}
