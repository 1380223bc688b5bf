/** The local identity stack's errors. */

/** Error thrown by the emulator's `call()`, shaped like Cognito's JSON error (`__type`, message). */
export class CognitoCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}
