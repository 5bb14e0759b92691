/**
 * The two ways a sandboxed parse can fail besides the job's own answer: the file was refused
 * because parsing it ran over the box's bounds (time, heap) or killed the worker, which is the
 * file's fault and answers `INVALID_MEDIA` `unreadable`; or the box itself could not do its work
 * (the worker did not start, the storage read behind it failed or stalled), which is ours and
 * answers 500 like any other infrastructure error.
 */
export class MediaUnreadable extends Error {
  constructor(readonly detail: string) {
    super(`the file could not be parsed within bounds: ${detail}`);
    this.name = 'MediaUnreadable';
  }
}

export class SandboxUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SandboxUnavailable';
  }
}
