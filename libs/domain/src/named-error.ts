/**
 * An error whose `name` is its class's, as the built-in errors' are (`TypeError`), so that logs
 * and the adapters that map errors by name see which one it is without each class saying so.
 */
export class NamedError extends Error {
  constructor(message?: string) {
    super(message);
    this.name = new.target.name;
  }
}
