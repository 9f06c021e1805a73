import { DomainError } from '../errors';

/** An object key the storage endpoints refuse outright (traversal, absolute, control characters, too long). */
export class InvalidObjectKeyError extends DomainError {
  constructor(reason: string) {
    super('invalid_key', `The object key is not valid: ${reason}`);
  }
}

/** An upload above its size limit (the error handler answers 413). */
export class PayloadTooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super('payload_too_large', `The file is larger than the ${Math.floor(limitBytes / (1024 * 1024))} MB limit`, {
      limitBytes,
    });
  }
}

/** An upload whose content is not one of the accepted types (the error handler answers 415). */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(accepted: readonly string[]) {
    super('unsupported_media_type', `The file must be one of: ${accepted.join(', ')}`, { accepted });
  }
}

/** A cleanup path tried to delete an object under a permanent prefix: a bug, never done. */
export class PermanentObjectError extends DomainError {
  constructor(key: string) {
    super('permanent_object', `Refusing to delete ${key}: it is under a permanent prefix`);
  }
}
